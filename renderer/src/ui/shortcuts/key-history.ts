/**
 * The key pressed before the current one, for a single-letter shortcut that is also the end
 * of a "g" sequence ("p" prints a label; "g p" goes to the Print queue): a p right after a g
 * is that sequence, never a print. Recorded in the capture phase, before tinykeys sees it.
 */
import { useEffect } from 'react';
import { SEQUENCE_MS } from './sequence-dispatcher';

const keys = { previous: { key: '', at: 0 }, current: { key: '', at: 0 } };

export function isAfterG(now = performance.now()): boolean {
  return keys.previous.key === 'g' && now - keys.previous.at < SEQUENCE_MS;
}

/** Records key presses while the calling component is mounted. */
export function useKeyHistory(): void {
  useEffect(() => {
    const record = (event: KeyboardEvent) => {
      keys.previous = keys.current;
      keys.current = { key: event.key, at: performance.now() };
    };
    window.addEventListener('keydown', record, true);
    return () => window.removeEventListener('keydown', record, true);
  }, []);
}
