/**
 * A number typed by hand on the pack screen, then Enter: how many of the item just scanned are
 * in the box (pack-model.ts countTyped), so a line of 12 is one scan and "12", Enter.
 *
 * A person types digits at 80-200 ms a key; a scanner's code is a burst that the scanner
 * listener (features/scan, capture phase) takes before this listener sees it, all but perhaps
 * its first key: so the digits collected here are cleared whenever a scan arrives (`clear`,
 * called by the pack session), and a pause of TYPED_PAUSE_MS starts the number again (a "1"
 * typed a minute ago is not the first digit of "12"). Keys in a field, with a modifier, or
 * while a dialog is open are not ours.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { isTypingTarget } from '../../ui/shortcuts/shortcut-store';

/** A longer pause between two digits starts a new number. */
export const TYPED_PAUSE_MS = 4_000;
/** More digits than this is not a quantity (a line is at most 10,000). */
const MAX_DIGITS = 5;

/** The digits so far after one key (pure: tested without a DOM). */
export function nextDigits(
  before: { digits: string; at: number },
  key: string,
  at: number,
): { digits: string; at: number } {
  const start = before.digits === '' || at - before.at > TYPED_PAUSE_MS ? '' : before.digits;
  const digits = `${start}${key}`.slice(0, MAX_DIGITS);
  return { digits, at };
}

function dialogOpen(): boolean {
  return document.querySelector('[role="dialog"], [role="alertdialog"]') !== null;
}

export function useTypedQuantity(onNumber: (n: number) => void, enabled: boolean) {
  const [pending, setPending] = useState('');
  const state = useRef({ digits: '', at: 0 });
  const latest = useRef(onNumber);
  latest.current = onNumber;

  const clear = useCallback(() => {
    state.current = { digits: '', at: 0 };
    setPending('');
  }, []);

  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTypingTarget(event.target) || dialogOpen()) return;
      if (/^\d$/.test(event.key)) {
        state.current = nextDigits(state.current, event.key, event.timeStamp);
        setPending(state.current.digits);
        return;
      }
      if (event.key === 'Escape' && state.current.digits !== '') {
        clear();
        return;
      }
      if (event.key !== 'Enter' || state.current.digits === '') return;
      const stale = event.timeStamp - state.current.at > TYPED_PAUSE_MS;
      const n = Number(state.current.digits);
      clear();
      if (stale) return;
      event.preventDefault();
      latest.current(n);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [enabled, clear]);

  return { pending, clear };
}
