/**
 * Key sequences ("g i") that survive the registry changing between their keys. tinykeys keeps
 * a sequence in progress inside its handler, and the handler is rebuilt whenever the bindings
 * change; a view registers its shortcuts as its parts mount (a return's review panel when the
 * return arrives), so a "g" pressed just before that was forgotten and the "i" after it did
 * nothing (seen in the browser suite on a loaded machine). Here the keys since the last pause
 * are replayed into each rebuilt handler, running nothing, so it knows what the old one knew.
 * tinykeys still parses and matches every binding; this only carries its state over.
 */
import { createKeybindingsHandler, type KeyBindingMap } from 'tinykeys';

/** tinykeys' own sequence timeout (key-history.ts uses the same). */
export const SEQUENCE_MS = 1000;
/** Longer than any sequence we bind; older keys cannot matter. */
const KEPT_KEYS = 8;

export class SequenceDispatcher {
  private bindings: KeyBindingMap = {};
  private handler: EventListener = createKeybindingsHandler({});
  private recent: { event: KeyboardEvent; at: number }[] = [];
  private replaying = false;
  /** The handler was fed earlier keys: its own timeout runs from the replay, not from them. */
  private replayed = false;

  /** True while earlier keys are fed to a new handler: bindings must not run then. */
  get isReplaying(): boolean {
    return this.replaying;
  }

  /** New bindings; a sequence begun under the old ones carries on under these. */
  setBindings(bindings: KeyBindingMap, now = Date.now()): void {
    this.bindings = bindings;
    this.handler = createKeybindingsHandler(bindings, { timeout: SEQUENCE_MS });
    this.replayed = false;
    if (this.paused(now)) return;
    this.replaying = true;
    try {
      for (const { event } of this.recent) this.handler(event);
    } finally {
      this.replaying = false;
      this.replayed = true;
    }
  }

  /** One key press, from the window's keydown listener. */
  handle(event: KeyboardEvent, now = Date.now()): void {
    if (this.paused(now)) {
      this.recent = [];
      // A replayed handler may still hold the keys it was fed: start it clean, as the
      // timeout measured from when they were pressed says (an unreplayed one cleared itself).
      if (this.replayed) this.setBindings(this.bindings, now);
    }
    this.recent.push({ event, at: now });
    if (this.recent.length > KEPT_KEYS) this.recent.shift();
    this.handler(event);
  }

  /** No key for a sequence's timeout: nothing typed before can continue a sequence. */
  private paused(now: number): boolean {
    const last = this.recent[this.recent.length - 1];
    return last === undefined || now - last.at >= SEQUENCE_MS;
  }
}
