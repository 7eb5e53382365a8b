/**
 * How old a return is, in whole calendar days since it was requested (the spec's
 * `requested_at`), counted on the computer's local calendar: a return opened late yesterday
 * is a day old this morning, as a clerk reads it. Used by the worklist's Age column and by
 * the main process's "older than N days" filter, so both agree.
 */
const DAY_MS = 86_400_000;

function localDay(ms: number): number {
  const d = new Date(ms);
  // Midnight of that local day, as a UTC day number (daylight saving shifts cancel out).
  return Math.round(Date.UTC(d.getFullYear(), d.getMonth(), d.getDate()) / DAY_MS);
}

/** Days since `requestedAt` (0 = today); null when the date is missing or unreadable. */
export function returnAgeDays(requestedAt: string | null | undefined, now: number): number | null {
  if (!requestedAt) return null;
  const at = Date.parse(requestedAt);
  if (Number.isNaN(at)) return null;
  return Math.max(0, localDay(now) - localDay(at));
}

/** The filter's bounds: at least one day, at most about a hundred years. */
export const OLDER_THAN_MAX_DAYS = 36_500;
