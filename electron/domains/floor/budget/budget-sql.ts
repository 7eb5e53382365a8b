/**
 * The two statements a floor sends most, each one round trip: a lease (bucket.ts `grant`) and
 * a person's requests paid after they went (bucket.ts `spend`). The first version read the row
 * and wrote it back if unchanged, two round trips and, with 20 stations asking at once, a
 * third and fourth for every lost race; here the row is locked, refilled, granted and written
 * in one statement, the lock held only while the statement runs (microseconds), never across
 * a round trip.
 *
 * The arithmetic is bucket.ts's, written in SQL: its constants are passed in, and the real-PG
 * test replays every answer through bucket.ts (the statement returns the row it started from
 * and the database's time) to prove the two agree. A row that is missing or fails bucket.ts's
 * sanity checks is not touched (no row comes back), and the store takes its slower path,
 * which creates or repairs it and says so.
 */
import {
  BURST_SECONDS,
  type BucketLimits,
  DEFAULT_LIMITS,
  PROBE_AFTER_MS,
  PROBE_PER_SECOND,
  RESERVE_SECONDS,
} from './bucket';

/**
 * The row locked, the database's time after the lock, the row's sanity (saneBucket's checks:
 * a NaN sorts above every number in PostgreSQL, so BETWEEN rules it out with the infinities),
 * its shape (shapeFor) and its refill (refill). $1 account, $2 and $3 the rate's limits.
 */
const REFILLED = `
  old AS (
    SELECT account, rate, tokens, at_ms, cut_at_ms FROM floor_budget WHERE account = $1 FOR UPDATE
  ), timed AS (
    SELECT o.*, extract(epoch FROM clock_timestamp()) * 1000 AS now_ms FROM old o
  ), sane AS (
    SELECT t.*, greatest(2, t.rate * ${RESERVE_SECONDS}) AS reserve FROM timed t
    WHERE t.rate BETWEEN $2 AND $3 AND t.tokens BETWEEN -1e15 AND 1e15
      AND t.at_ms BETWEEN -1e15 AND t.now_ms + 60000 AND t.cut_at_ms BETWEEN -1e15 AND 1e15
  ), shaped AS (
    SELECT s.*, greatest(s.reserve + 2, s.rate * ${BURST_SECONDS}) AS burst FROM sane s
  ), filled AS (
    SELECT f.*,
      least(f.burst, greatest(-f.burst, least(f.burst, f.tokens))
        + greatest(0, f.now_ms - f.at_ms) / 1000 * f.rate) AS refilled,
      greatest(f.at_ms, f.now_ms) AS new_at, least(f.cut_at_ms, f.now_ms) AS new_cut
    FROM shaped f
  )`;

const STARTED_FROM = `p.rate AS old_rate, p.tokens AS old_tokens, p.at_ms AS old_at,
  p.cut_at_ms AS old_cut, p.now_ms`;

/**
 * A lease: $4 background (boolean), $5 tokens wanted, $6 the station. Background demand
 * beyond the bucket long after the last cut lets the rate creep up, by time (grant's probe).
 */
export const LEASE_SQL = `WITH ${REFILLED}, granted AS (
    SELECT x.*, greatest(0, least(floor($5::float8),
      floor(x.refilled - CASE WHEN $4 THEN x.reserve ELSE 0 END + 1e-9))) AS granted
    FROM filled x
  ), probed AS (
    SELECT g.*, CASE WHEN $4 AND g.granted < floor($5::float8)
        AND g.now_ms - g.new_cut >= ${PROBE_AFTER_MS}
      THEN least($3, greatest($2,
        g.rate * power(${PROBE_PER_SECOND}, least(1, greatest(0, g.now_ms - g.at_ms) / 1000))))
      ELSE g.rate END AS new_rate
    FROM granted g
  )
  UPDATE floor_budget b SET rate = p.new_rate, tokens = p.refilled - p.granted,
    at_ms = p.new_at, cut_at_ms = p.new_cut,
    leases = b.leases + CASE WHEN p.granted > 0 THEN 1 ELSE 0 END,
    updated_by = $6, version = b.version + 1
  FROM probed p WHERE b.account = p.account
  RETURNING p.granted, b.rate, b.tokens, b.at_ms, b.cut_at_ms, ${STARTED_FROM}`;

/**
 * A person's requests paid after they went: $4 tokens, $5 the station. A payment counts as a
 * lease in the row's `leases` (tokens the floor handed out, before or after).
 */
export const SPEND_SQL = `WITH ${REFILLED}
  UPDATE floor_budget b SET tokens = greatest(-p.burst, p.refilled - greatest(0, $4::float8)),
    at_ms = p.new_at, cut_at_ms = p.new_cut, leases = b.leases + 1,
    updated_by = $5, version = b.version + 1
  FROM filled p WHERE b.account = p.account
  RETURNING b.rate, b.tokens, b.at_ms, b.cut_at_ms, ${STARTED_FROM}`;

/** The limits' parameters, $2 and $3 of both statements. */
export function limitParams(limits: BucketLimits = DEFAULT_LIMITS): [number, number] {
  return [limits.minRate, limits.maxRate];
}

/** One answer of either statement, as numbers. */
export interface StatementRow {
  granted: number;
  rate: number;
  tokens: number;
  at: number;
  cutAt: number;
  /** The row it started from and the database's time: for replaying through bucket.ts. */
  before: { rate: number; tokens: number; at: number; cutAt: number };
  now: number;
}

export function statementRow(row: Record<string, unknown>): StatementRow {
  const n = (v: unknown) => Number(v);
  return {
    granted: n(row.granted ?? 0),
    rate: n(row.rate),
    tokens: n(row.tokens),
    at: n(row.at_ms),
    cutAt: n(row.cut_at_ms),
    before: {
      rate: n(row.old_rate),
      tokens: n(row.old_tokens),
      at: n(row.old_at),
      cutAt: n(row.old_cut),
    },
    now: n(row.now_ms),
  };
}
