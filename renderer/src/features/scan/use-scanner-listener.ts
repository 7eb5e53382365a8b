/**
 * Listens for a barcode scanner anywhere on the page: keys typed scanner-fast and ended by
 * Enter (scan-burst.ts). Capture phase, so once a burst is recognised its keys (and its Enter)
 * reach neither the shortcuts nor a list's Enter-to-open.
 *
 * A scan never types into a field it was not aimed at: only the scan bar itself and fields
 * marked `data-scan-accept` (a field that wants scans, like an item-check box) take a
 * scanner's keys. In any other field (a search box, a note, a dialog's form) the keys go in as
 * they come (a fast typist's keys must never be eaten), and when the run ends with Enter as a
 * scan, the Enter is stopped and the field is put back as it was before the run; the code
 * goes to the router, or, inside a dialog, is held until the dialog closes. A scan in a field
 * must be at least IN_FIELD_MIN_LENGTH long: a quick "yes" + Enter there stays typing.
 */
import { useEffect, useRef } from 'react';
import { cancelHeldShortcut } from '../../ui/shortcuts/held-shortcut';
import { isTypingTarget } from '../../ui/shortcuts/shortcut-store';
import { BurstDetector } from './scan-burst';

export type ScanPlace = 'page' | 'dialog';

/** Codes are longer than this; a person's quick short word + Enter in a field is not a scan. */
export const IN_FIELD_MIN_LENGTH = 5;

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

interface Snapshot {
  field: Field;
  value: string;
  start: number | null;
  end: number | null;
}

function fieldOf(target: EventTarget | null): Field | null {
  if (!isTypingTarget(target)) return null;
  const el = target as Element;
  return el instanceof HTMLInputElement ||
    el instanceof HTMLTextAreaElement ||
    el instanceof HTMLSelectElement
    ? el
    : null;
}

function takesScans(target: EventTarget | null): boolean {
  return (
    target instanceof Element && target.closest('[data-scan-input], [data-scan-accept]') !== null
  );
}

/** True while a dialog (or an alert dialog) is open over the page. */
export function dialogOpen(): boolean {
  return document.querySelector('[role="dialog"], [role="alertdialog"]') !== null;
}

/** Puts a field back as it was, through the native setter so React sees the change. */
function restore(snapshot: Snapshot): void {
  const { field, value } = snapshot;
  if (field.value === value) return;
  const proto = Object.getPrototypeOf(field) as object;
  const setter = Object.getOwnPropertyDescriptor(proto, 'value')?.set;
  setter?.call(field, value);
  field.dispatchEvent(
    new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }),
  );
  if (!(field instanceof HTMLSelectElement) && snapshot.start !== null && snapshot.end !== null) {
    try {
      field.setSelectionRange(snapshot.start, snapshot.end);
    } catch {
      // Some input types (number, email) have no selection to put back.
    }
  }
}

export function useScannerListener(
  onScan: (code: string, place: ScanPlace) => void,
  enabled = true,
): void {
  const latest = useRef(onScan);
  latest.current = onScan;
  useEffect(() => {
    if (!enabled) return;
    const detector = new BurstDetector();
    let snapshot: Snapshot | null = null;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Shift' || event.key === 'CapsLock') return; // scanners shift capitals
      if (
        event.isComposing ||
        event.ctrlKey ||
        event.metaKey ||
        event.altKey ||
        takesScans(event.target)
      ) {
        detector.reset();
        snapshot = null;
        return;
      }
      // A sequence belongs to one place: keys that move from the page into a field (the "/"
      // that focuses the search box, then a fast typist's words) start a new one, so the
      // field's keys are never taken for the end of a burst that began outside it.
      if (detector.length > 0 && fieldOf(event.target) !== (snapshot?.field ?? null)) {
        detector.reset();
        snapshot = null;
      }
      const verdict = detector.feed(event.key, event.timeStamp);
      if (verdict.kind === 'typing' && detector.length === 1) {
        // This key may start a scan: remember the field as it was before it.
        const field = fieldOf(event.target);
        snapshot = field
          ? {
              field,
              value: field.value,
              start: 'selectionStart' in field ? field.selectionStart : null,
              end: 'selectionEnd' in field ? field.selectionEnd : null,
            }
          : null;
      }
      if (verdict.kind === 'enter') return;
      if (verdict.kind === 'typing') {
        // The burst's first key may have started a shortcut: held (held-shortcut.ts), and
        // cancelled now that the keys are a scanner's.
        if (verdict.inBurst) cancelHeldShortcut();
        // In a field the keys go in as typed; elsewhere a burst's keys are kept from the
        // shortcuts and the lists (its first key could not be told from typing yet).
        if (verdict.inBurst && !snapshot) {
          event.preventDefault();
          event.stopImmediatePropagation();
        }
        return;
      }
      const inField = snapshot;
      snapshot = null;
      if (inField && verdict.code.length < IN_FIELD_MIN_LENGTH) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      if (inField) restore(inField);
      latest.current(verdict.code, dialogOpen() ? 'dialog' : 'page');
    };
    window.addEventListener('keydown', onKeyDown, { capture: true });
    return () => window.removeEventListener('keydown', onKeyDown, { capture: true });
  }, [enabled]);
}
