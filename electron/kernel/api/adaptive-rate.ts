/**
 * The limiter's rates: how many requests per second this console may send, learnt from the
 * account's answers. The account's limit is shared with other consoles that we cannot see,
 * so what we learn is the share the account admitted to *us*:
 *
 * - `ceiling`: that share, measured at a congestion 429 (how fast the account admitted our
 *   requests before refusing one); null before the first. Interactive calls may use all of it.
 * - `rate`: what bulk (`background`) work is paced at: `cruiseShare` of the ceiling, so bulk
 *   work leaves headroom for interactive calls here and at other stations.
 *
 * On a congestion 429 (refusals.ts decides which 429s are congestion; random refusals never
 * reach here) the ceiling is re-measured (what the account admitted us over the last 10 s of
 * work, Retry-After pauses included: with other stations busy that is our share) and the
 * rate drops to `decreaseFactor` × ceiling, then climbs back to cruise within a second or
 * two. One refusal takes at most `decreaseFactor` off the share (issue 34): a measurement
 * over the first seconds of contention is mostly our own pauses, and a share cut to under a
 * third by one unlucky measurement (8.1 to 2.3/s in a three-console bench run) stayed there:
 * the account then had room for everyone's cruise, nothing was refused again, and the probe,
 * by a factor, keeps the ratio, while the other consoles kept theirs. Further refusals take
 * more if the share really is smaller. Three rules keep it from collapsing:
 *
 * - it is lowered only if something succeeded since it was last lowered: during a storm
 *   (everything refused) the rate is irrelevant, the Retry-After pauses do the waiting, and
 *   once the storm ends the rate is still near the last good one;
 * - the ceiling is never stuck: after `probeAfterSeconds` at cruise without a congestion 429
 *   it rises by `probeFactor` per second of busy sending, so a share learnt while others were
 *   busy grows back when they stop. A ceiling that was only guessed (too little data at the
 *   429 to measure) grows like a slow start instead;
 * - lowerings for refusals that later prove to be noise are undone (`undoCuts`), only those of
 *   the last MEASURE_MS, and among noise a burst of refusals lowers the rate but does not
 *   re-measure the ceiling.
 *
 * Only successes of requests that had to wait for the rate count towards an increase: a
 * console used by hand never pushes its rate up without evidence.
 */

export interface AdaptiveRateOptions {
  /** Requests per second to start with (default 10). */
  initialRate?: number;
  /** Never slower than this (default 0.2/s: one request every 5 s). */
  minRate?: number;
  /** Never faster than this (default 50/s). */
  maxRate?: number;
  /** Successes per increase while no ceiling is measured (default 20). */
  increaseEvery?: number;
  /** Multiplier of each such increase (default 1.1). */
  increaseFactor?: number;
  /** Rate after a congestion 429, as a share of the new ceiling (default 0.7). */
  decreaseFactor?: number;
  /** Share of the ceiling that bulk work cruises at (default 0.95). */
  cruiseShare?: number;
  /** Successes per step when climbing back to cruise (default 5). */
  recoverEvery?: number;
  recoverFactor?: number;
  /**
   * Quiet time at cruise before probing above a measured ceiling (default 30 s): each probe
   * that finds the limit costs a 429, which at another station may be a person's scan.
   */
  probeAfterSeconds?: number;
  /** Growth of a measured ceiling per second of probing (default 1.01). */
  probeFactor?: number;
}

/**
 * A measurement needs this many admitted requests over this long (less says more about the
 * bucket's burst than about its rate), and looks back at most MEASURE_MS.
 */
const MIN_MEASURED = 10;
const MIN_MEASURED_MS = 2000;
const MEASURE_MS = 10_000;
/**
 * An account's bucket may hold a burst on top of its sustained rate. Token buckets are commonly
 * sized to one second's worth (the sandbox's is); counting that second as time removes the
 * burst from the estimate exactly for such buckets, and mostly for others.
 */
const ASSUMED_BURST_MS = 1000;
/** A guessed ceiling (too little data to measure) steps down by this much per 429. */
const SHORT_WINDOW_FACTOR = 0.9;
/** Lowerings remembered for undoCuts. */
const MAX_UNDO = 4;
/** Enough for a minute at 50/s. */
const MAX_REMEMBERED = 3000;

interface Snapshot {
  rate: number;
  ceiling: number | null;
  measured: boolean;
  lastAdaptAt: number;
  /** When this lowering was made. */
  at: number;
}

export class AdaptiveRate {
  /** What bulk work is paced at (requests per second). */
  rate: number;
  /** The share of the account measured (or guessed) at the last congestion 429; null before. */
  ceiling: number | null = null;
  /** Whether `ceiling` was measured (true) or stepped down for lack of data (false). */
  measured = false;
  private readonly o: Required<AdaptiveRateOptions>;
  private streak = 0;
  private lastAdaptAt = Number.NEGATIVE_INFINITY;
  private lastProbeAt = Number.NEGATIVE_INFINITY;
  private succeededSinceCut = true;
  /** The state before each of the latest lowerings, newest last (see undoCuts). */
  private beforeCuts: Snapshot[] = [];
  /** When the latest admitted requests were sent (noise refusals included), oldest first. */
  private successes: number[] = [];

  constructor(options: AdaptiveRateOptions = {}) {
    this.o = {
      initialRate: 10,
      minRate: 0.2,
      maxRate: 50,
      increaseEvery: 20,
      increaseFactor: 1.1,
      decreaseFactor: 0.7,
      cruiseShare: 0.95,
      recoverEvery: 5,
      recoverFactor: 1.25,
      probeAfterSeconds: 30,
      probeFactor: 1.01,
      ...definedOnly(options),
    };
    this.rate = this.clamp(this.o.initialRate);
  }

  /** The rate interactive calls are spaced at: the whole learnt share, never less than `rate`. */
  get interactiveRate(): number {
    return Math.max(this.rate, this.ceiling ?? this.o.initialRate);
  }

  /**
   * The service answered (anything but 429) at `now` a request sent at `startedAt`;
   * `pressed`: it had to wait for the rate, so a higher rate would have been used. Returns
   * whether the rate changed.
   */
  succeeded(startedAt: number, now: number, pressed: boolean): boolean {
    this.succeededSinceCut = true;
    this.admitted(startedAt);
    if (!pressed) return false;
    this.streak += 1;
    const before = this.rate;
    const ceiling = this.ceiling;
    const cruise = ceiling === null ? Number.POSITIVE_INFINITY : ceiling * this.o.cruiseShare;
    if (this.rate < cruise && ceiling !== null) {
      if (this.streak >= this.o.recoverEvery) {
        this.step(Math.min(cruise, this.rate * this.o.recoverFactor));
      }
    } else if (ceiling === null || !this.measured) {
      // Slow start: nothing measured yet, so grow by evidence of success alone.
      if (this.streak >= this.o.increaseEvery) {
        this.step(this.rate * this.o.increaseFactor);
        if (ceiling !== null) this.ceiling = Math.max(ceiling, this.rate / this.o.cruiseShare);
      }
    } else if (now - this.lastAdaptAt >= this.o.probeAfterSeconds * 1000) {
      // Probing above a measured ceiling, by time rather than by count, so a low share
      // (learnt while others were busy) grows back about as fast as a high one.
      const seconds = Math.min(1000, now - Math.max(this.lastProbeAt, this.lastAdaptAt)) / 1000;
      this.ceiling = this.clamp(ceiling * this.o.probeFactor ** seconds);
      this.rate = this.clamp(this.ceiling * this.o.cruiseShare);
      this.lastProbeAt = now;
    }
    return this.rate !== before;
  }

  /**
   * A 429 judged to be noise: the account refused it, but not for lack of budget, so for the
   * measurement it counts as admitted (else one refusal in ten would read as a rate 10 % lower
   * at every measurement, and the ceiling would sink by that much each time).
   */
  noise(startedAt: number): void {
    this.admitted(startedAt);
  }

  /**
   * A congestion 429 for a request started at `startedAt`. Returns whether the rate was
   * lowered: not when this 429 belongs to a congestion event already reacted to, nor when
   * nothing has succeeded since the last lowering.
   */
  throttled(startedAt: number, now: number, busySince: number, remeasure = true): boolean {
    if (startedAt < this.lastAdaptAt || !this.succeededSinceCut) return false;
    this.beforeCuts.push({
      rate: this.rate,
      ceiling: this.ceiling,
      measured: this.measured,
      lastAdaptAt: this.lastAdaptAt,
      at: now,
    });
    const share = this.interactiveRate;
    if (this.beforeCuts.length > MAX_UNDO) this.beforeCuts.shift();
    // What the account admitted us lately: the successes since this stretch of work began
    // (pauses for Retry-After included: the account admitted nothing then either), over at
    // most the last MEASURE_MS, so a share learnt alone does not outlive others joining.
    const from = Math.max(busySince, now - MEASURE_MS);
    const admittedTimes = this.successes.filter((t) => t >= from);
    if (!remeasure && this.ceiling !== null) {
      // Among noise, a burst of refusals still means "slow down", but what was admitted
      // lately (noise, pauses) says nothing new about the account's rate.
    } else if (
      admittedTimes.length >= MIN_MEASURED &&
      now - (admittedTimes[0] as number) >= MIN_MEASURED_MS
    ) {
      // At most a cut's worth per refusal (see the top of this file).
      const admitted = Math.min(share, admittedRate(admittedTimes, now));
      this.ceiling = this.clamp(Math.max(admitted, share * this.o.decreaseFactor));
      this.measured = true;
    } else {
      // Too little to measure (a console refused right after it started): step the ceiling
      // down instead, the same for everyone.
      this.ceiling = this.clamp((this.ceiling ?? this.rate) * SHORT_WINDOW_FACTOR);
      this.measured = false;
    }
    this.rate = this.clamp(this.ceiling * this.o.decreaseFactor);
    this.lastAdaptAt = now;
    this.streak = 0;
    this.succeededSinceCut = false;
    return true;
  }

  /**
   * The last `n` lowerings were for refusals that have since proved to be noise: back to the
   * rate and ceiling before them (as many as are remembered), but only those made within the
   * last MEASURE_MS. An older lowering has been borne out by what the account admitted since
   * (a measurement looks back no further); undoing it would bring back a share from before
   * others joined. Issue 34: three consoles on one account met refusals every few seconds for
   * 20 s, one took them for noise, went back to its first guess (10/s, nothing measured),
   * slow-started to 13/s and took half the account.
   */
  undoCuts(n: number, now: number): void {
    let back = Math.min(n, this.beforeCuts.length);
    const since = now - MEASURE_MS;
    while (back > 0 && (this.beforeCuts[this.beforeCuts.length - back] as Snapshot).at < since) {
      back -= 1;
    }
    if (back === 0) return;
    const before = this.beforeCuts[this.beforeCuts.length - back] as Snapshot;
    this.beforeCuts.length -= back;
    this.rate = before.rate;
    this.ceiling = before.ceiling;
    this.measured = before.measured;
    this.lastAdaptAt = before.lastAdaptAt;
  }

  /** Kept in order of sending (answers may come back in another order). */
  private admitted(startedAt: number): void {
    const successes = this.successes;
    let i = successes.length;
    while (i > 0 && (successes[i - 1] as number) > startedAt) i--;
    successes.splice(i, 0, startedAt);
    if (successes.length > MAX_REMEMBERED) successes.splice(0, successes.length - MAX_REMEMBERED);
  }

  private step(to: number): void {
    this.rate = this.clamp(to);
    this.streak = 0;
  }

  private clamp(rate: number): number {
    return Math.min(this.o.maxRate, Math.max(this.o.minRate, rate));
  }
}

/**
 * What the account admitted before this 429, in requests per second. A token bucket of rate R
 * and burst B refuses at t only if, for the time s it was last full, the requests it admitted
 * in [s, t] exceed B + R·(t − s); s is unknown, so take the suffix of success times that gives
 * the largest estimate, with B taken as one second's worth (see ASSUMED_BURST_MS).
 */
function admittedRate(times: readonly number[], now: number): number {
  // times: one unbroken stretch of work, oldest first.
  let best = 0;
  for (let i = times.length - 1, count = 1; i >= 0; i--, count++) {
    const seconds = (now - (times[i] as number) + ASSUMED_BURST_MS) / 1000;
    best = Math.max(best, count / seconds);
  }
  return best > 0 ? best : Number.POSITIVE_INFINITY;
}

function definedOnly<T extends object>(options: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(options).filter(([, v]) => v !== undefined && Number.isFinite(v) && v > 0),
  ) as Partial<T>;
}
