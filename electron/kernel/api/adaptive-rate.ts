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
 * more if the share really is smaller.
 *
 * Once a share is measured, a congestion 429 that comes while the account admitted about what
 * our pacing let through (`ADMITTED_SHARE` of it, our own pauses left out) takes a fixed
 * `shareDecrease` off the share instead of re-measuring it (issue 34, three consoles): we were
 * at the account's edge, and what we were admitted is only what we sent. A re-measurement
 * there reads our own pauses and the climb back to cruise after them, and it is the console
 * climbing back that a nearly empty bucket refuses first (simulated, three consoles: the cut
 * console is refused again and again while the steady ones are not): each re-measurement
 * took another fifth or more off the smallest share while the largest kept theirs (with the
 * noise verdicts of refusals.ts, a third of 400 seeded runs under Jain 0.95; 43 after).
 * Equal proportional cuts, whoever meets the refusal, are what lets the shares meet (the
 * decrease half of AIMD: a larger share gives up more per refusal); a refusal while the
 * account admitted well under what we sent (others took our share) is still measured, so a
 * share that really shrank is learnt in a few refusals. Three rules keep it from collapsing:
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
  /** Share kept after a congestion 429 at the account's edge, once measured (default 0.9). */
  shareDecrease?: number;
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
/**
 * A 429 comes "at the account's edge" when we were admitted at least this share of what our
 * pacing let through over the measurement: we sent, and it was admitted, until this refusal.
 */
const ADMITTED_SHARE = 0.8;
/**
 * Rate changes remembered. A probing rate changes with every answer (5 s of them at 50/s);
 * the oldest remembered rate stands for the time before it, by then close enough.
 */
const MAX_RATES = 256;
/** Congestion pauses remembered: each lasts a second or more, so MEASURE_MS holds few. */
const MAX_PAUSES = 32;
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
  /** The bulk rate over time: `rate` from `at` on, oldest first. */
  private readonly rates: { at: number; rate: number }[] = [];
  /** Our own congestion pauses (bulk work's), oldest first, merged where they overlap. */
  private readonly pauses: { from: number; to: number }[] = [];

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
      shareDecrease: 0.9,
      ...definedOnly(options),
    };
    this.rate = this.clamp(this.o.initialRate);
    this.rates.push({ at: Number.NEGATIVE_INFINITY, rate: this.rate });
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
    if (this.rate === before) return false;
    this.noteRate(now);
    return true;
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
    } else if (!remeasure) {
      // The same among noise with nothing learnt yet (a noise verdict took us back to the
      // first guess): step down as for too little to measure, so the slow start goes on.
      // A measurement here counts noise as admitted and sets a share the probe takes minutes
      // to leave (a cold start under 10 % random 429s stayed at 7/s of 50).
      this.ceiling = this.clamp(this.rate * SHORT_WINDOW_FACTOR);
      this.measured = false;
    } else if (
      this.measured &&
      this.ceiling !== null &&
      admittedTimes.length >= ADMITTED_SHARE * this.allowedSince(from, now)
    ) {
      // At the account's edge (see the top of this file): a fixed share off.
      this.ceiling = this.clamp(share * this.o.shareDecrease);
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
    this.noteRate(now);
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
    this.noteRate(now);
  }

  /** Bulk work was held back by our own congestion pause from `from` to `to`. */
  paused(from: number, to: number): void {
    if (to <= from) return;
    const last = this.pauses[this.pauses.length - 1];
    if (last && from <= last.to) last.to = Math.max(last.to, to);
    else this.pauses.push({ from, to });
    if (this.pauses.length > MAX_PAUSES) this.pauses.shift();
  }

  private noteRate(at: number): void {
    this.rates.push({ at, rate: this.rate });
    if (this.rates.length > MAX_RATES) this.rates.shift();
  }

  /** Requests our pacing let through from `from` to `now`, our own pauses left out. */
  private allowedSince(from: number, now: number): number {
    let allowed = 0;
    let end = now;
    for (let i = this.rates.length - 1; i >= 0 && end > from; i--) {
      const { at, rate } = this.rates[i] as { at: number; rate: number };
      // The oldest remembered rate stands for everything before it.
      const start = Math.max(from, i === 0 ? from : at);
      if (end > start) allowed += (rate * (end - start - this.pausedBetween(start, end))) / 1000;
      end = start;
    }
    return allowed;
  }

  private pausedBetween(from: number, to: number): number {
    let ms = 0;
    for (const { from: a, to: b } of this.pauses)
      ms += Math.max(0, Math.min(to, b) - Math.max(from, a));
    return ms;
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
