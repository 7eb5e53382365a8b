/**
 * The account's bucket as a row read from the floor's database (pg-budget-store.ts), checked
 * before bucket.ts's rules run on it: the database holds whatever anyone wrote.
 */
import { type BucketState, DEFAULT_LIMITS, freshBucket, shapeFor } from './bucket';

/**
 * A row read from the database, checked: a row changed by hand into nonsense (a negative
 * rate, tokens above the burst, NaN) is started afresh from `fallbackRate` rather than
 * trusted, and says so. `fallbackRate` is a station's rate, as for freshBucket.
 */
export function saneBucket(
  row: Partial<Record<keyof BucketState, unknown>>,
  fallbackRate: number,
  now: number,
  limits = DEFAULT_LIMITS,
): { state: BucketState; repaired: boolean } {
  const n = (v: unknown, missing = Number.NaN) =>
    v === undefined ? missing : typeof v === 'number' ? v : Number(v);
  const rate = n(row.rate);
  const tokens = n(row.tokens);
  const at = n(row.at);
  const cutAt = n(row.cutAt);
  // Rows of 0004 alone (no 0009 yet) read as a quiet floor never cut.
  const scanRate = n(row.scanRate, 0);
  const peak = n(row.peak, 0);
  const waitedAt = n(row.waitedAt, 0);
  const ok =
    Number.isFinite(rate) &&
    rate >= limits.minRate &&
    rate <= limits.maxRate &&
    Number.isFinite(tokens) &&
    Number.isFinite(at) &&
    Number.isFinite(cutAt) &&
    at <= now + 60_000 &&
    scanRate >= 0 &&
    scanRate <= 1e6 &&
    peak >= 0 &&
    peak <= limits.maxRate &&
    Number.isFinite(waitedAt);
  if (!ok) return { state: freshBucket(fallbackRate, now, limits), repaired: true };
  const shape = shapeFor(rate, scanRate);
  return {
    state: {
      rate,
      ...shape,
      tokens: Math.max(-shape.burst, Math.min(shape.burst, tokens)),
      at,
      cutAt: Math.min(cutAt, now),
      scanRate,
      peak,
      waitedAt: Math.min(waitedAt, now),
    },
    repaired: false,
  };
}
