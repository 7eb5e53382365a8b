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
  BULK_ROOM_SECONDS,
  BURST_SECONDS,
  type BucketLimits,
  type BucketState,
  DEFAULT_LIMITS,
  PROBE_AFTER_MS,
  PROBE_PER_SECOND,
  RECOVER_AFTER_MS,
  RECOVER_TAU_MS,
  RESERVE_BASE,
  RESERVE_MAX_SECONDS,
  RESERVE_SCAN_SECONDS,
  SCAN_TAU_MS,
  SMALL_LEASE,
  WAITING_MS,
} from './bucket';

/** e^(-ms/tau) as bucket.ts `decay` computes it (never below e^-700: exp fails on underflow). */
const decay = (ms: string, tauMs: number) => `exp(greatest(-700, -(${ms}) / ${tauMs}))`;

/**
 * The row locked, the database's time after the lock, the row's sanity (saneBucket's checks:
 * a NaN sorts above every number in PostgreSQL, so BETWEEN rules it out with the infinities),
 * and refill's work: the interactive average decayed, the rate recovered towards its peak,
 * the shape (shapeFor) and the tokens refilled. $1 account, $2 and $3 the rate's limits.
 * Each step is MATERIALIZED: inlined, every later step copies the earlier ones' expressions
 * into its own, and planning the whole took 150 ms on a loaded machine (20 ms so).
 */
const REFILLED = `
  old AS (
    SELECT account, rate, tokens, at_ms, cut_at_ms, scan_rate, peak_rate, waited_at_ms
    FROM floor_budget WHERE account = $1 FOR UPDATE
  ), timed AS MATERIALIZED (
    SELECT o.*, extract(epoch FROM clock_timestamp()) * 1000 AS now_ms FROM old o
  ), sane AS MATERIALIZED (
    SELECT t.*, least(t.cut_at_ms, t.now_ms) AS new_cut, least(t.waited_at_ms, t.now_ms) AS new_waited,
      greatest(t.at_ms, least(t.cut_at_ms, t.now_ms) + ${RECOVER_AFTER_MS}) AS recover_from
    FROM timed t
    WHERE t.rate BETWEEN $2 AND $3 AND t.tokens BETWEEN -1e15 AND 1e15
      AND t.at_ms BETWEEN -1e15 AND t.now_ms + 60000 AND t.cut_at_ms BETWEEN -1e15 AND 1e15
      AND t.scan_rate BETWEEN 0 AND 1e6 AND t.peak_rate BETWEEN 0 AND $3
      AND t.waited_at_ms BETWEEN -1e15 AND 1e15
  ), moved AS MATERIALIZED (
    SELECT s.*,
      s.scan_rate * ${decay('greatest(0, s.now_ms - s.at_ms)', SCAN_TAU_MS)} AS scan_now,
      CASE WHEN s.peak_rate > s.rate AND s.now_ms > s.recover_from
        THEN s.peak_rate - (s.peak_rate - s.rate) * ${decay('s.now_ms - s.recover_from', RECOVER_TAU_MS)}
        ELSE s.rate END AS rate_now
    FROM sane s
  ), reserved AS MATERIALIZED (
    SELECT m.*, least(${RESERVE_BASE} + m.scan_now * ${RESERVE_SCAN_SECONDS},
      greatest(${RESERVE_BASE}, m.rate_now * ${RESERVE_MAX_SECONDS})) AS reserve
    FROM moved m
  ), shaped AS MATERIALIZED (
    SELECT r.*, greatest(r.reserve + greatest(2, r.rate_now * ${BULK_ROOM_SECONDS}),
      r.rate_now * ${BURST_SECONDS}) AS burst FROM reserved r
  ), filled AS MATERIALIZED (
    SELECT f.*,
      least(f.burst, greatest(-f.burst, least(f.burst, f.tokens))
        + greatest(0, f.now_ms - f.at_ms) / 1000 * f.rate) AS refilled,
      greatest(f.at_ms, f.now_ms) AS new_at
    FROM shaped f
  )`;

const STARTED_FROM = `p.rate AS old_rate, p.tokens AS old_tokens, p.at_ms AS old_at,
  p.cut_at_ms AS old_cut, p.scan_rate AS old_scan, p.peak_rate AS old_peak,
  p.waited_at_ms AS old_waited, p.now_ms`;

const WRITTEN = `b.rate, b.tokens, b.at_ms, b.cut_at_ms, b.scan_rate, b.peak_rate, b.waited_at_ms`;

/**
 * A lease: $4 background (boolean), $5 tokens wanted, $6 the station. Background asks are one
 * token while a person's request lately found too few; a person's request that finds too few
 * marks that time. Background demand beyond the bucket long after the last cut lets the rate
 * creep up, by time (grant's probe).
 */
export const LEASE_SQL = `WITH ${REFILLED}, asked AS MATERIALIZED (
    SELECT x.*, CASE WHEN $4 AND x.now_ms - x.new_waited < ${WAITING_MS}
      THEN least(floor($5::float8), ${SMALL_LEASE}) ELSE floor($5::float8) END AS asked
    FROM filled x
  ), granted AS MATERIALIZED (
    SELECT a.*, greatest(0, least(a.asked,
      floor(a.refilled - CASE WHEN $4 THEN a.reserve ELSE 0 END + 1e-9))) AS granted
    FROM asked a
  ), probed AS MATERIALIZED (
    SELECT g.*, CASE WHEN $4 AND g.granted < g.asked AND g.now_ms - g.new_cut >= ${PROBE_AFTER_MS}
        THEN least($3, greatest($2, g.rate_now
          * power(${PROBE_PER_SECOND}, least(1, greatest(0, g.now_ms - g.at_ms) / 1000))))
        ELSE g.rate_now END AS new_rate,
      CASE WHEN $4 THEN g.scan_now ELSE g.scan_now + g.granted / ${SCAN_TAU_MS / 1000} END AS new_scan,
      CASE WHEN NOT $4 AND g.granted < g.asked THEN g.now_ms ELSE g.new_waited END AS waited_now
    FROM granted g
  )
  UPDATE floor_budget b SET rate = p.new_rate, tokens = p.refilled - p.granted,
    at_ms = p.new_at, cut_at_ms = p.new_cut, scan_rate = p.new_scan,
    waited_at_ms = p.waited_now,
    leases = b.leases + CASE WHEN p.granted > 0 THEN 1 ELSE 0 END,
    updated_by = $6, version = b.version + 1
  FROM probed p WHERE b.account = p.account
  RETURNING p.granted, p.asked, ${WRITTEN}, ${STARTED_FROM}`;

/**
 * A person's requests paid after they went: $4 tokens, $5 the station. A payment counts as a
 * lease in the row's `leases` (tokens the floor handed out, before or after).
 */
export const SPEND_SQL = `WITH ${REFILLED}
  UPDATE floor_budget b SET rate = p.rate_now,
    tokens = greatest(-p.burst, p.refilled - greatest(0, $4::float8)),
    at_ms = p.new_at, cut_at_ms = p.new_cut,
    scan_rate = p.scan_now + greatest(0, $4::float8) / ${SCAN_TAU_MS / 1000},
    waited_at_ms = p.new_waited, leases = b.leases + 1,
    updated_by = $5, version = b.version + 1
  FROM filled p WHERE b.account = p.account
  RETURNING ${WRITTEN}, ${STARTED_FROM}`;

/** The limits' parameters, $2 and $3 of both statements. */
export function limitParams(limits: BucketLimits = DEFAULT_LIMITS): [number, number] {
  return [limits.minRate, limits.maxRate];
}

/**
 * A row as bucket.ts reads it (saneBucket's input): the bucket's state but its shape, which the
 * row does not keep (burst and reserve follow from the rate: bucket.ts shapeFor).
 */
export type RowState = Omit<BucketState, 'burst' | 'reserve'>;

/** One answer of either statement, as numbers. */
export interface StatementRow extends RowState {
  granted: number;
  /** What the lease asked for, after the small lease while a person waits. */
  asked: number;
  /** The row it started from and the database's time: for replaying through bucket.ts. */
  before: RowState;
  now: number;
}

export function statementRow(row: Record<string, unknown>): StatementRow {
  const n = (v: unknown) => Number(v);
  return {
    granted: n(row.granted ?? 0),
    asked: n(row.asked ?? 0),
    rate: n(row.rate),
    tokens: n(row.tokens),
    at: n(row.at_ms),
    cutAt: n(row.cut_at_ms),
    scanRate: n(row.scan_rate),
    peak: n(row.peak_rate),
    waitedAt: n(row.waited_at_ms),
    before: {
      rate: n(row.old_rate),
      tokens: n(row.old_tokens),
      at: n(row.old_at),
      cutAt: n(row.old_cut),
      scanRate: n(row.old_scan),
      peak: n(row.old_peak),
      waitedAt: n(row.old_waited),
    },
    now: n(row.now_ms),
  };
}
