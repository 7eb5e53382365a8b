/**
 * The floor's shared token bucket (issue 29), as pure arithmetic: one bucket per API account,
 * filled at the account's learnt rate, from which every station of the floor takes its
 * requests in small grants. The database row (0004-budget.sql, 0009-budget-shape.sql) holds a
 * BucketState; each statement applies these rules with the database's clock (budget-sql.ts,
 * the same arithmetic in SQL, replayed against this file by the real-PG test), so this file is
 * the only statement of the rules and is tested here with plain numbers for time.
 *
 * - Interactive requests (a scan, opening a record, printing) may take every token.
 *   Background work (exports, fetch-alls, walks, index refreshes) may take only what lies
 *   above `reserve`: the tokens that refill after a person's request go to the reserve first,
 *   so someone waiting at a station never queues behind another station's export. The
 *   reserve is sized from the floor's recent interactive rate (`scanRate`, a decaying
 *   average): a floor of 19 scanning stations keeps more back than one clerk's desk.
 * - While a person's request has just found too few tokens, background leases are one token:
 *   the bulk stations do not sit on a second's worth of grants while a scan waits.
 * - `burst` stays below the account's own burst (the sandbox's is one second's worth), so
 *   grants at the bucket's pace never empty the account's bucket.
 * - A congestion 429 anywhere on the floor (the owner's own use of the web app still causes
 *   them) cuts the rate once per burst of 429s: not again within `CUT_GAP_MS`, nor for a
 *   request sent before the last cut (that 429 is the same burst's). The rate then climbs
 *   back to what it was before the cut (`peak`) on a time constant of `RECOVER_TAU_MS`, and
 *   never below one request per Retry-After (what the account says it refills at least).
 *   After `PROBE_AFTER_MS` without a cut, background demand that finds the bucket empty lets
 *   the rate creep above that, as the adaptive limiter probes.
 */

export type BudgetClass = 'interactive' | 'background';

export interface BucketState {
  /** Tokens per second granted to the floor. */
  rate: number;
  /** Most tokens the bucket holds. */
  burst: number;
  /** Tokens only interactive requests may take. */
  reserve: number;
  tokens: number;
  /** When `tokens` was counted (ms, the database's clock). */
  at: number;
  /** The last cut for a 429 (ms); for a new bucket, just before it started. */
  cutAt: number;
  /** Interactive tokens per second lately (a decaying average, time constant SCAN_TAU_MS). */
  scanRate: number;
  /** The rate before the last cut, which the rate climbs back to (0: none). */
  peak: number;
  /** When a person's request last found too few tokens (ms; 0: never). */
  waitedAt: number;
}

export interface BucketLimits {
  minRate: number;
  maxRate: number;
}

export const DEFAULT_LIMITS: BucketLimits = { minRate: 0.2, maxRate: 50 };

/** Share of a station's starting rate the floor's bucket starts at: headroom for jitter. */
export const START_SHARE = 0.96;
/** The bucket holds this many seconds of its rate (the account's own holds about one). */
export const BURST_SECONDS = 0.8;
/**
 * The reserve: RESERVE_BASE tokens (a scan's two calls) plus RESERVE_SCAN_SECONDS of the
 * floor's recent interactive rate, at most RESERVE_MAX_SECONDS of the bucket's rate. A
 * person's request is paid after it went (`spend`), so the reserve is what lets a scan go at
 * once without the account's own bucket being empty: 19 stations scanning every 10 s send 3.8
 * requests a second, in pairs at random times; 2 + 1.9 tokens covers the pairs that come
 * within half a second of each other nearly always, and a quiet floor keeps back only 2.
 */
export const RESERVE_BASE = 2;
export const RESERVE_SCAN_SECONDS = 0.5;
export const RESERVE_MAX_SECONDS = 0.5;
/**
 * Room above the reserve for background work: at least this many seconds of the rate (and 2
 * tokens), so bulk stations that ask every few hundred ms never find the bucket capped at a
 * full burst (refill lost). A first version with 2 tokens of room wasted a tenth of the rate.
 */
export const BULK_ROOM_SECONDS = 0.4;
/** Time constant of the interactive rate's average: a station scans every 5-20 s. */
export const SCAN_TAU_MS = 10_000;
/** After a person's request found too few tokens, background leases are small this long. */
export const WAITING_MS = 1000;
/** A background lease's size while a person waits. */
export const SMALL_LEASE = 1;
/** A 429 cuts the rate to this share of itself. */
export const CUT_FACTOR = 0.8;
/** 429s within this long of a cut belong to the same congestion event. */
export const CUT_GAP_MS = 2000;
/** The rate starts climbing back to its peak this long after a cut ... */
export const RECOVER_AFTER_MS = 2000;
/** ... closing the gap by 63 % every RECOVER_TAU_MS (95 % within 30 s). */
export const RECOVER_TAU_MS = 10_000;
/** Quiet time after a cut before the rate may grow above its peak. */
export const PROBE_AFTER_MS = 120_000;
/** Growth per second of pressed background demand while probing. */
export const PROBE_PER_SECOND = 1.002;

/** A new account's bucket, started from a station's rate (its adaptive limiter's). */
export function freshBucket(rate: number, now: number, limits = DEFAULT_LIMITS): BucketState {
  const r = clamp(rate * START_SHARE, limits);
  const shape = shapeFor(r, 0);
  // As if just cut: a 429 right away still cuts, and probing waits for a quiet stretch.
  return {
    rate: r,
    ...shape,
    tokens: shape.burst,
    at: now,
    cutAt: now - CUT_GAP_MS,
    scanRate: 0,
    peak: r,
    waitedAt: now - WAITING_MS,
  };
}

export function shapeFor(rate: number, scanRate: number): { burst: number; reserve: number } {
  const reserve = Math.min(
    RESERVE_BASE + scanRate * RESERVE_SCAN_SECONDS,
    Math.max(RESERVE_BASE, rate * RESERVE_MAX_SECONDS),
  );
  const room = Math.max(2, rate * BULK_ROOM_SECONDS);
  // At most 0.9 s of the rate: under the account's own burst (one second's worth).
  return { burst: Math.max(reserve + room, rate * BURST_SECONDS), reserve };
}

/** The rate at `now`: climbing back to the peak from RECOVER_AFTER_MS after the last cut. */
export function recovered(state: BucketState, now: number): number {
  const from = Math.max(state.at, state.cutAt + RECOVER_AFTER_MS);
  if (state.peak <= state.rate || now <= from) return state.rate;
  return state.peak - (state.peak - state.rate) * decay(now - from, RECOVER_TAU_MS);
}

/**
 * The bucket at `now`: tokens refilled since `at` (at the rate of the time, never above the
 * burst), the interactive average decayed and the rate recovered for that long.
 */
export function refill(state: BucketState, now: number): BucketState {
  const elapsed = Math.max(0, now - state.at);
  const scanRate = state.scanRate * decay(elapsed, SCAN_TAU_MS);
  const rate = recovered(state, now);
  const shape = shapeFor(rate, scanRate);
  const held = Math.max(-shape.burst, Math.min(shape.burst, state.tokens));
  const tokens = Math.min(shape.burst, held + (elapsed / 1000) * state.rate);
  return { ...state, rate, scanRate, ...shape, tokens, at: Math.max(state.at, now) };
}

/** The interactive average after `tokens` more of a person's requests. */
function withScans(state: BucketState, tokens: number): BucketState {
  const scanRate = state.scanRate + Math.max(0, tokens) / (SCAN_TAU_MS / 1000);
  return { ...state, scanRate, ...shapeFor(state.rate, scanRate) };
}

export interface Grant {
  state: BucketState;
  granted: number;
  /** What could be granted at most: `want`, or one token while a person waits. */
  asked: number;
  /** When nothing was granted: how long until `want` could be (ms). */
  waitMs: number;
}

/**
 * Takes up to `want` whole tokens for one station's requests of `cls` at `now`. Background
 * work gets only whole tokens above the reserve, one at a time while a person waits; a
 * partial grant is fine (the station asks again for the rest). With nothing to grant,
 * `waitMs` says when about half of `want` will be.
 */
export function grant(
  before: BucketState,
  now: number,
  cls: BudgetClass,
  want: number,
  limits = DEFAULT_LIMITS,
): Grant {
  let state = refill(before, now);
  const interactive = cls === 'interactive';
  const asked =
    !interactive && now - state.waitedAt < WAITING_MS
      ? Math.min(Math.floor(want), SMALL_LEASE)
      : Math.floor(want);
  const floor = interactive ? 0 : state.reserve;
  const available = Math.floor(state.tokens - floor + 1e-9);
  const granted = Math.max(0, Math.min(asked, available));
  if (!interactive && granted < asked && now - state.cutAt >= PROBE_AFTER_MS) {
    // Background demand beyond the bucket long after the last 429: perhaps the account has
    // room again. Growth counts by time, so asking often does not make it faster.
    const seconds = Math.min(1, Math.max(0, now - before.at) / 1000);
    const rate = clamp(state.rate * PROBE_PER_SECOND ** seconds, limits);
    state = { ...state, rate, ...shapeFor(rate, state.scanRate) };
  }
  if (interactive) {
    state = withScans(state, granted);
    if (granted < asked) state = { ...state, waitedAt: now };
  }
  if (granted > 0) {
    return { state: { ...state, tokens: state.tokens - granted }, granted, asked, waitMs: 0 };
  }
  return { state, granted: 0, asked, waitMs: waitFor(state, cls, asked) };
}

/**
 * How long until about half of `want` can be granted from `state` (refilled at its time):
 * by the time the station asks again (stations spread their asks out) more has come in, and
 * it gets all of that up to `want`.
 */
export function waitFor(state: BucketState, cls: BudgetClass, want: number): number {
  const floor = cls === 'interactive' ? 0 : state.reserve;
  const enough = Math.max(1, Math.ceil(Math.floor(want) / 2));
  const missing = Math.min(enough, state.burst - floor) - (state.tokens - floor);
  return Math.max(1, Math.ceil((missing / state.rate) * 1000));
}

/** What a station knows of a 429 it met: when its request went, and the Retry-After. */
export interface Refusal {
  /** When the refused request was sent (ms, on the bucket's clock). */
  sentAt?: number;
  retryAfterSeconds?: number;
}

/**
 * A congestion 429 at a station: the account refused what the floor sent, so the floor
 * slows down — once per burst of 429s, however many stations saw it — and the bucket empties
 * (the account's has). Returns the state unchanged for a 429 of a burst already cut for.
 */
export function refused(
  before: BucketState,
  now: number,
  refusal: Refusal = {},
  limits = DEFAULT_LIMITS,
): BucketState {
  const state = refill(before, now);
  if (now - state.cutAt < CUT_GAP_MS) return state;
  if (refusal.sentAt !== undefined && refusal.sentAt < state.cutAt) return state;
  // The account refills at least one request per Retry-After: a cut never goes below that
  // (nor raises a rate already below it).
  const retry = refusal.retryAfterSeconds ?? 0;
  const least = retry > 0 ? Math.min(state.rate, 1 / retry) : 0;
  const rate = clamp(Math.max(state.rate * CUT_FACTOR, least), limits);
  // A cut while still climbing back lowers the peak only halfway to where the rate is: a
  // string of bursts (a stalled server answers a backlog at once) must not ratchet the peak
  // down with every cut, which was the collapse the stations bench showed.
  const peak = state.rate >= state.peak ? state.rate : (state.rate + state.peak) / 2;
  return {
    ...state,
    rate,
    ...shapeFor(rate, state.scanRate),
    peak,
    tokens: 0,
    cutAt: now,
  };
}

/**
 * A person's requests paid after they went (a station's local credit, lease-pool.ts): the
 * tokens come off whatever the bucket holds, the reserve first, and may take it below zero
 * (then background work waits until it has refilled past the reserve, and the station's next
 * person's request waits for a real grant). Never below minus the burst, so a burst of scans
 * does not starve the floor's bulk work for longer than a burst's refill.
 */
export function spend(before: BucketState, now: number, tokens: number): BucketState {
  const state = refill(before, now);
  const left = Math.max(-state.burst, state.tokens - Math.max(0, tokens));
  return withScans({ ...state, tokens: left }, tokens);
}

/** Tokens a station did not use, back into the bucket. */
export function giveBack(before: BucketState, now: number, tokens: number): BucketState {
  const state = refill(before, now);
  return { ...state, tokens: Math.min(state.burst, state.tokens + Math.max(0, tokens)) };
}

/** e^(-ms/tau), never below e^-700 (the SQL's exp would fail on an underflow). */
export function decay(ms: number, tauMs: number): number {
  return Math.exp(Math.max(-700, -ms / tauMs));
}

export function clamp(rate: number, limits: BucketLimits): number {
  return Math.min(limits.maxRate, Math.max(limits.minRate, rate));
}
