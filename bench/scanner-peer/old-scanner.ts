/**
 * THE PEER, kept for the pack-station bench only: the scanner listener as it was before the
 * burst machine (renderer/src/features/scan/use-scanner-listener.ts at commit 057e8ec), the
 * same logic without React. The first key of a burst goes on to the shortcuts (a list's j/k
 * at once, other letters held 90 ms by old-held-shortcut.ts); from the second fast key on the
 * keys are stopped and the held shortcut cancelled; Enter ends a scan. Fields are left alone
 * here (the bench scans onto a list).
 */
import { BurstDetector } from './old-burst-detector';
import { cancelHeldShortcut } from './old-held-shortcut';

function isTypingTarget(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).closest !== 'function') return false;
  const element = target as HTMLElement;
  if (element.isContentEditable) return true;
  return element.closest('input, textarea, select, [contenteditable="true"]') !== null;
}

/** Adds the old listener to the window (capture phase); returns its removal. */
export function installOldScanner(onScan: (code: string) => void): () => void {
  const detector = new BurstDetector();
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Shift' || event.key === 'CapsLock') return;
    if (event.isComposing || event.ctrlKey || event.metaKey || event.altKey) {
      detector.reset();
      return;
    }
    if (isTypingTarget(event.target)) {
      detector.reset();
      return;
    }
    const verdict = detector.feed(event.key, event.timeStamp);
    if (verdict.kind === 'enter') return;
    if (verdict.kind === 'typing') {
      if (verdict.inBurst) {
        cancelHeldShortcut();
        event.preventDefault();
        event.stopImmediatePropagation();
      }
      return;
    }
    event.preventDefault();
    event.stopImmediatePropagation();
    onScan(verdict.code);
  };
  window.addEventListener('keydown', onKeyDown, { capture: true });
  return () => window.removeEventListener('keydown', onKeyDown, { capture: true });
}
