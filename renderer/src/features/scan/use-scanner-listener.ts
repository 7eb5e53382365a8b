/**
 * Listens for a barcode scanner anywhere on the page while it is mounted: keys typed
 * scanner-fast and ended by Enter, while the focus is not in a text field (a field gets the
 * keys as typing; the visible scan box handles its own Enter). Capture phase, so that once a
 * burst is recognised its keys (and its Enter) reach neither the shortcuts nor the Orders
 * grid's Enter-to-open. The first key of a burst cannot be told from a keystroke yet and goes
 * through; codes seldom start with a shortcut letter, and a stray one is harmless.
 */
import { useEffect, useRef } from 'react';
import { isTypingTarget } from '../../ui/shortcuts/shortcut-store';
import { BurstDetector } from './scan-burst';

function insideOverlay(target: EventTarget | null): boolean {
  return (
    target instanceof Element &&
    target.closest('[role="dialog"], [role="alertdialog"], [role="menu"]') !== null
  );
}

export function useScannerListener(onScan: (code: string) => void, enabled = true): void {
  const latest = useRef(onScan);
  latest.current = onScan;
  useEffect(() => {
    if (!enabled) return;
    const detector = new BurstDetector();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Shift' || event.key === 'CapsLock') return; // scanners shift capitals
      if (
        event.isComposing ||
        event.ctrlKey ||
        event.metaKey ||
        event.altKey ||
        isTypingTarget(event.target) ||
        insideOverlay(event.target)
      ) {
        detector.reset();
        return;
      }
      const verdict = detector.feed(event.key, event.timeStamp);
      if (verdict.kind === 'enter') return;
      if (verdict.kind === 'typing' && !verdict.inBurst) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      if (verdict.kind === 'scan') latest.current(verdict.code);
    };
    window.addEventListener('keydown', onKeyDown, { capture: true });
    return () => window.removeEventListener('keydown', onKeyDown, { capture: true });
  }, [enabled]);
}
