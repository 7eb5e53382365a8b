/**
 * The key pressed before the current one, for a single-letter shortcut that is also the end
 * of a "g" sequence ("p" prints a label; "g p" goes to the Print queue): a p right after a g
 * is that sequence, never a print. Recorded in the capture phase, before tinykeys sees it.
 */
import { useEffect } from 'react';
import { keyTime } from './key-time';
import { SEQUENCE_MS } from './sequence-dispatcher';

const keys = { previous: { key: '', at: 0 }, current: { key: '', at: 0 } };

/** Called while the current key is handled; the gap is between presses (key-time.ts). */
export function isAfterG(): boolean {
  return keys.previous.key === 'g' && keys.current.at - keys.previous.at < SEQUENCE_MS;
}

/** Records key presses while the calling component is mounted. */
export function useKeyHistory(): void {
  useEffect(() => {
    const record = (event: KeyboardEvent) => {
      keys.previous = keys.current;
      keys.current = { key: event.key, at: keyTime(event) };
    };
    window.addEventListener('keydown', record, true);
    return () => window.removeEventListener('keydown', record, true);
  }, []);
}
