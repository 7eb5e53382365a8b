/**
 * The floor's shared token bucket (issue 29), as pure arithmetic: one bucket per API account,
 * filled at the account's learnt rate, from which every station of the floor takes its
 * requests in small grants. The database row (0004-budget.sql) holds a BucketState; the
 * station that asks reads it under a row lock, runs `grant` with the database's clock and
 * writes the result back (pg-budget-store.ts), so this file is the only copy of the rules and
 * is tested here with plain numbers for time.
 *
 * - Interactive requests (a scan, opening a record, printing) may take every token.
 *   Background work (exports, fetch-alls, walks, index refreshes) may take only what lies
 *   above `reserve`: the tokens that refill after a person's request go to the reserve first,
 *   so someone waiting at a station never queues behind another station's export.
 * - `burst` stays below the account's own burst (the sandbox's is one second's worth), so
 *   grants at the bucket's pace never empty the account's bucket.
 * - A congestion 429 anywhere on the floor (the owner's own use of the web app still causes
 *   them) cuts the rate, at most once per `CUT_GAP_MS` for the whole floor; after
 *   `PROBE_AFTER_MS` without one, background demand that finds the bucket empty lets the rate
 *   creep back up, as the adaptive limiter probes.
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
 * Tokens kept for interactive requests: 0.4 s of the rate, at least 2. A person's request is
 * paid after it went (`spend`), so the reserve is what lets a scan go at once without the
 * account's own bucket being empty: 19 stations scanning every 10 s send 3.8 requests a
 * second, two at a time at most within a round trip in nearly every second; 0.4 s of a 10/s
 * floor is 3.8 tokens.
 */
export const RESERVE_SECONDS = 0.4;
/** A 429 cuts the rate to this share of itself. */
export const CUT_FACTOR = 0.8;
/** 429s within this long of a cut belong to the same congestion event. */
export const CUT_GAP_MS = 2000;
/** Quiet time after a cut before the rate may grow again. */
export const PROBE_AFTER_MS = 120_000;
/** Growth per second of pressed background demand while probing. */
export const PROBE_PER_SECOND = 1.002;

/** A new account's bucket, started from a station's rate (its adaptive limiter's). */
export function freshBucket(rate: number, now: number, limits = DEFAULT_LIMITS): BucketState {
  const r = clamp(rate * START_SHARE, limits);
  const shape = shapeFor(r);
  // As if just cut: a 429 right away still cuts, and probing waits for a quiet stretch.
  return { rate: r, ...shape, tokens: shape.burst, at: now, cutAt: now - CUT_GAP_MS };
}

export function shapeFor(rate: number): { burst: number; reserve: number } {
  const reserve = Math.max(2, rate * RESERVE_SECONDS);
  return { burst: Math.max(reserve + 2, rate * BURST_SECONDS), reserve };
}

/** The tokens at `now`: refilled since `at`, never above the burst. */
export function refill(state: BucketState, now: number): BucketState {
  const elapsed = Math.max(0, now - state.at);
  const tokens = Math.min(state.burst, state.tokens + (elapsed / 1000) * state.rate);
  return { ...state, tokens, at: Math.max(state.at, now) };
}

export interface Grant {
  state: BucketState;
  granted: number;
  /** When nothing was granted: how long until `want` could be (ms). */
  waitMs: number;
}

/**
 * Takes up to `want` whole tokens for one station's requests of `cls` at `now`. Background
 * work gets only whole tokens above the reserve; a partial grant is fine (the station asks
 * again for the rest). With nothing to grant, `waitMs` says when about half of `want` will be.
 */
export function grant(
  before: BucketState,
  now: number,
  cls: BudgetClass,
  want: number,
  limits = DEFAULT_LIMITS,
): Grant {
  let state = refill(before, now);
  const floor = cls === 'interactive' ? 0 : state.reserve;
  const available = Math.floor(state.tokens - floor + 1e-9);
  const granted = Math.max(0, Math.min(Math.floor(want), available));
  if (cls === 'background' && granted < want && now - state.cutAt >= PROBE_AFTER_MS) {
    // Background demand beyond the bucket long after the last 429: perhaps the account has
    // room again. Growth counts by time, so asking often does not make it faster.
    const seconds = Math.min(1, Math.max(0, now - before.at) / 1000);
    const rate = clamp(state.rate * PROBE_PER_SECOND ** seconds, limits);
    state = { ...state, rate, ...shapeFor(rate) };
  }
  if (granted > 0) {
    return { state: { ...state, tokens: state.tokens - granted }, granted, waitMs: 0 };
  }
  return { state, granted: 0, waitMs: waitFor(state, cls, want) };
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

/**
 * A congestion 429 at a station: the account refused what the floor sent, so the floor
 * slows down — once per event, however many stations saw it — and the bucket empties (the
 * account's has). Returns the state unchanged for a 429 of an event already cut for.
 */
export function refused(before: BucketState, now: number, limits = DEFAULT_LIMITS): BucketState {
  const state = refill(before, now);
  if (now - state.cutAt < CUT_GAP_MS) return state;
  const rate = clamp(state.rate * CUT_FACTOR, limits);
  return { ...state, rate, ...shapeFor(rate), tokens: 0, cutAt: now };
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
  return { ...state, tokens: left };
}

/** Tokens a station did not use, back into the bucket. */
export function giveBack(before: BucketState, now: number, tokens: number): BucketState {
  const state = refill(before, now);
  return { ...state, tokens: Math.min(state.burst, state.tokens + Math.max(0, tokens)) };
}

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
  const n = (v: unknown) => (typeof v === 'number' ? v : Number(v));
  const rate = n(row.rate);
  const tokens = n(row.tokens);
  const at = n(row.at);
  const cutAt = n(row.cutAt);
  const ok =
    Number.isFinite(rate) &&
    rate >= limits.minRate &&
    rate <= limits.maxRate &&
    Number.isFinite(tokens) &&
    Number.isFinite(at) &&
    Number.isFinite(cutAt) &&
    at <= now + 60_000;
  if (!ok) return { state: freshBucket(fallbackRate, now, limits), repaired: true };
  const shape = shapeFor(rate);
  return {
    state: {
      rate,
      ...shape,
      tokens: Math.max(-shape.burst, Math.min(shape.burst, tokens)),
      at,
      cutAt: Math.min(cutAt, now),
    },
    repaired: false,
  };
}

function clamp(rate: number, limits: BucketLimits): number {
  return Math.min(limits.maxRate, Math.max(limits.minRate, rate));
}
