/**
 * THE PEER, kept for the pack-station bench only: renderer/src/ui/shortcuts/held-shortcut.ts as
 * it was before the scanner listener held keys itself (commit ec82b3f removed it).
 *
 * A single-key shortcut waits a moment before it runs, so that a barcode scanner's code that
 * starts with a shortcut's letter ("CND-SAG-0011" on the pack screen, whose "c" confirms an
 * item by hand; "P…" on Orders, whose "p" prints a label) never runs it: the scanner listener
 * recognises the burst from its next keys (a few milliseconds later) and cancels the held
 * shortcut. 90 ms is past a scanner's longest gap between keys (80 ms, scan-burst.ts) and
 * below what a person notices after a key press. A person's next key (not a burst) runs the
 * held one at once, so quick "j j k" keeps every key, in order.
 */

export const HOLD_MS = 90;

let held: { timer: ReturnType<typeof setTimeout>; run: () => void } | undefined;

/** Runs the held shortcut now, if any (a person's next key came). */
export function flushHeldShortcut(): void {
  const now = held;
  if (!now) return;
  clearTimeout(now.timer);
  held = undefined;
  now.run();
}

/** Runs `run` after HOLD_MS unless a burst cancels it first. */
export function holdShortcut(run: () => void): void {
  flushHeldShortcut();
  const timer = setTimeout(() => {
    held = undefined;
    run();
  }, HOLD_MS);
  held = { timer, run };
}

/** The keys are a scanner's: the shortcut its first key started is not the person's. */
export function cancelHeldShortcut(): void {
  if (held) clearTimeout(held.timer);
  held = undefined;
}
