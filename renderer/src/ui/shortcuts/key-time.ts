/**
 * When a key was pressed, as the system saw it: the time a shortcut sequence ("g r") is
 * judged by. The scanner listener holds a key that may begin a code and gives a person's
 * back as a copy, later; on a loaded machine that can be a second or more after the press,
 * and a sequence timed by when its keys reached the shortcuts was forgotten between the "g"
 * and the "r" a person typed 120 ms apart (seen in the clean-clone browser suite). So a copy
 * carries its original's time, and gaps are measured between presses, not between arrivals.
 */

const originals = new WeakMap<Event, number>();

/** A copy given back later stands for a press at the original's time. */
export function markGivenBack(copy: Event, original: Event): void {
  originals.set(copy, keyTime(original));
}

/**
 * The press's time on the performance.now() clock. A timestamp from another clock (a
 * synthetic event, jsdom's epoch times) would make every gap absurd: then the time it arrived.
 */
export function keyTime(event: Event, now = performance.now()): number {
  const original = originals.get(event);
  if (original !== undefined) return original;
  return Math.abs(event.timeStamp - now) < 10_000 ? event.timeStamp : now;
}
