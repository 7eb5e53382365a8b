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
import { keyTime } from './key-time';

/** How long a sequence waits for its next key, between presses (key-history.ts uses it too). */
export const SEQUENCE_MS = 1000;
/** Longer than any sequence we bind; older keys cannot matter. */
const KEPT_KEYS = 8;
/**
 * tinykeys forgets a sequence on a timer of its own, which runs on the page's clock: a key
 * held back by the scanner listener on a busy page reached it after the timer and found the
 * "g" gone. Its timer is set out of reach; the pause between presses (key-time.ts) decides.
 */
const NEVER_MS = 2 ** 31 - 1;

interface Seen {
  event: KeyboardEvent;
  /** When it was pressed (key-time.ts). */
  pressed: number;
  /** When it reached this dispatcher. */
  arrived: number;
}

export class SequenceDispatcher {
  private bindings: KeyBindingMap = {};
  private handler: EventListener = createKeybindingsHandler({});
  private recent: Seen[] = [];
  private replaying = false;

  /** True while earlier keys are fed to a new handler: bindings must not run then. */
  get isReplaying(): boolean {
    return this.replaying;
  }

  /** New bindings; a sequence begun under the old ones carries on under these. */
  setBindings(bindings: KeyBindingMap, now = performance.now()): void {
    this.bindings = bindings;
    this.handler = createKeybindingsHandler(bindings, { timeout: NEVER_MS });
    const last = this.recent[this.recent.length - 1];
    // Nothing came for a sequence's time: no key typed before can continue one.
    if (last === undefined || now - last.arrived >= SEQUENCE_MS) return;
    this.replaying = true;
    try {
      for (const { event } of this.recent) this.handler(event);
    } finally {
      this.replaying = false;
    }
  }

  /** One key press, from the window's keydown listener. */
  handle(event: KeyboardEvent, now = performance.now()): void {
    const pressed = keyTime(event, now);
    const last = this.recent[this.recent.length - 1];
    if (last !== undefined && pressed - last.pressed >= SEQUENCE_MS) {
      // A pause between presses ends any sequence: a clean handler, as the person meant.
      this.recent = [];
      this.setBindings(this.bindings, now);
    }
    this.recent.push({ event, pressed, arrived: now });
    if (this.recent.length > KEPT_KEYS) this.recent.shift();
    this.handler(event);
  }
}
