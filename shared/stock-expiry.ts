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
