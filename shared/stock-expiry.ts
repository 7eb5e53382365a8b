/**
 * When stock counts as expired. The API's expiry instants are whole UTC days and its
 * `days_until_expiry` is 0 for a batch whose date is today ("expires today": still listed by
 * `expiring_within_days`), so a batch has expired once its date is before today's UTC date,
 * not at the first instant after midnight. In shared/: the bridge's exceptions walk and the
 * renderer's badges and board must draw the same line.
 */

const DAY_MS = 86_400_000;

/** The first instant (ms) of the UTC day holding `now`. */
export function startOfUtcDay(now: number): number {
  return Math.floor(now / DAY_MS) * DAY_MS;
}

/** True when an expiry instant (ISO text) falls on a UTC day before today's. */
export function isPastExpiry(iso: string | null | undefined, now: number): boolean {
  if (!iso) return false;
  const t = Date.parse(iso);
  return !Number.isNaN(t) && t < startOfUtcDay(now);
}

/**
 * The API's `days_until_expiry` for an expiry instant (ISO text), or null when there is none:
 * whole UTC calendar days from today to the expiry's day, 0 on the day itself, negative once
 * past. The one count every view shows (a row of the stock list has only `earliest_expiry`;
 * a batch has the API's own number, which this equals). Not the hours left divided by 24: an
 * expiry at the start of a day eight days on is 8 at any time of today, in any time zone.
 */
export function daysUntilExpiry(iso: string | null | undefined, now: number): number | null {
  if (!iso) return null;
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return null;
  return Math.round((startOfUtcDay(t) - startOfUtcDay(now)) / DAY_MS);
}
