/**
 * Time helpers of the generated data. All instants are ms since the epoch, whole seconds,
 * and never after the dataset's `now`.
 *
 * `iso` replaces `Date#toISOString`, which costs about 0.6 µs: a materialised order or the
 * shipment list at scale 100 formats millions of instants, and formatting the time of day
 * by hand behind a cached date prefix is ten times cheaper and gives the same string.
 */
import type { Rng } from '../seeded';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** Truncates to whole seconds, as stored timestamps are. */
export function secs(ms: number): number {
  return Math.floor(ms / 1000) * 1000;
}

/**
 * An instant a random delay (between `minMs` and `maxMs`) after `from`, kept in the past:
 * for recent orders the delay shrinks to at most half the time left until `now`.
 */
export function soonAfter(r: Rng, from: number, now: number, minMs: number, maxMs: number): number {
  const delay = minMs + r.next() * (maxMs - minMs);
  return secs(from + Math.max(0, Math.min(delay, (now - from) * 0.5)));
}

const prefixes = new Map<number, string>();
const TWO = Array.from({ length: 60 }, (_, i) => String(i).padStart(2, '0'));
const THREE = Array.from({ length: 1000 }, (_, i) => String(i).padStart(3, '0'));

/** Same as `new Date(ms).toISOString()` for instants from 1970 to 9999. */
export function iso(ms: number): string {
  const t = Math.floor(ms);
  if (!(t >= 0 && t < 253_402_300_800_000)) return new Date(t).toISOString();
  const day = Math.floor(t / DAY);
  let prefix = prefixes.get(day);
  if (prefix === undefined) {
    prefix = new Date(day * DAY).toISOString().slice(0, 11);
    if (prefixes.size < 100_000) prefixes.set(day, prefix);
  }
  let rest = t - day * DAY;
  const h = Math.floor(rest / 3_600_000);
  rest -= h * 3_600_000;
  const m = Math.floor(rest / 60_000);
  rest -= m * 60_000;
  const s = Math.floor(rest / 1000);
  return `${prefix}${TWO[h]}:${TWO[m]}:${TWO[s]}.${THREE[rest - s * 1000]}Z`;
}
