/**
 * The limiter's rate: how many requests per second the account can take right now, learnt
 * from the 429s the service answers. Plain AIMD (halve on 429, +10 % after a run of successes)
 * keeps sawing between half the limit and just over it, which wastes about a quarter of the
 * budget and draws a 429 every few hundred requests. So this one also remembers where the
 * 429 came (the "ceiling") and how fast the account really admitted requests before it:
 *
 * - before any 429: +`increaseFactor` after every `increaseEvery` successes (slow start);
 * - on a 429 (once per congestion event: the other requests already in flight were sent at
 *   the same rate and say nothing new): ceiling = min(current rate, admitted rate measured
 *   since the last 429), rate = ceiling × `decreaseFactor`;
 * - below `cruiseShare` × ceiling: climb back fast (× `recoverFactor` every `recoverEvery`
 *   successes), since that level is known to be safe;
 * - at cruise: probe very slowly (× `probeFactor` every `probeEvery` successes), so a raised
 *   limit is found again without steady bulk work drawing 429s.
 *
 * Only successes of requests that had to wait for the rate count towards an increase: a
 * console used by hand never pushes its rate up to the ceiling without evidence.
 */

export interface AdaptiveRateOptions {
  /** Requests per second to start with (default 10). */
  initialRate?: number;
  /** Never slower than this (default 0.2/s: one request every 5 s). */
  minRate?: number;
  /** Never faster than this (default 50/s). */
  maxRate?: number;
  /** Successes per increase before the first 429 (default 20). */
  increaseEvery?: number;
  /** Multiplier of each such increase (default 1.1). */
  increaseFactor?: number;
  /** Multiplier on a 429 (default 0.5). */
  decreaseFactor?: number;
  /** Share of the learnt ceiling to cruise at (default 0.95). */
  cruiseShare?: number;
  /** Successes per step when climbing back to cruise (default 5). */
  recoverEvery?: number;
  recoverFactor?: number;
  /** Successes per probe above cruise (default 200). */
  probeEvery?: number;
  probeFactor?: number;
}

/** A measurement needs at least this much to say more than the current rate does. */
const MIN_WINDOW_STARTS = 30;
const MIN_WINDOW_MS = 5000;
/**
 * An account's bucket may hold a burst on top of its sustained rate. Token buckets are commonly
 * sized to one second's worth (the sandbox's is); counting that second as time removes the
 * burst from the estimate exactly for such buckets, and mostly for others.
 */
const ASSUMED_BURST_MS = 1000;
const SHORT_WINDOW_FACTOR = 0.9;
/** A gap between two starts longer than this (or 3 spacings) is idle time. */
const IDLE_GAP_MS = 1000;
/** Enough for a minute at 50/s. */
const MAX_REMEMBERED_STARTS = 3000;

export class AdaptiveRate {
  rate: number;
  /** The admitted rate at the last 429, raised by successful probes; null before any 429. */
  ceiling: number | null = null;
  private readonly o: Required<AdaptiveRateOptions>;
  private streak = 0;
  private lastAdaptAt = Number.NEGATIVE_INFINITY;
  /** Start times of the requests since the last 429 (oldest first). */
  private window = { starts: [] as number[] };

  constructor(options: AdaptiveRateOptions = {}) {
    this.o = {
      initialRate: 10,
      minRate: 0.2,
      maxRate: 50,
      increaseEvery: 20,
      increaseFactor: 1.1,
      decreaseFactor: 0.5,
      cruiseShare: 0.95,
      recoverEvery: 5,
      recoverFactor: 1.25,
      probeEvery: 200,
      probeFactor: 1.02,
      ...definedOnly(options),
    };
    this.rate = this.clamp(this.o.initialRate);
  }

  /** A request starts now: remembered for the admitted-rate estimate. */
  started(now: number): void {
    const starts = this.window.starts;
    starts.push(now);
    if (starts.length > MAX_REMEMBERED_STARTS)
      starts.splice(0, starts.length - MAX_REMEMBERED_STARTS);
  }

  /** The service answered (anything but 429); `pressed`: the request had to wait for the rate. */
  succeeded(pressed: boolean): boolean {
    if (!pressed) return false;
    this.streak += 1;
    const before = this.rate;
    if (this.ceiling === null) {
      if (this.streak >= this.o.increaseEvery) this.step(this.rate * this.o.increaseFactor);
    } else {
      const cruise = this.ceiling * this.o.cruiseShare;
      if (this.rate < cruise) {
        if (this.streak >= this.o.recoverEvery) {
          this.step(Math.min(cruise, this.rate * this.o.recoverFactor));
        }
      } else if (this.streak >= this.o.probeEvery) {
        this.step(this.rate * this.o.probeFactor);
        this.ceiling = Math.max(this.ceiling, this.rate / this.o.cruiseShare);
      }
    }
    return this.rate !== before;
  }

  /**
   * A 429 for a request started at `startedAt`. Returns whether the rate was lowered (false
   * when this 429 belongs to a congestion event already reacted to).
   */
  throttled(startedAt: number, now: number): boolean {
    if (startedAt < this.lastAdaptAt) return false;
    // Only the latest stretch of steady sending says anything about the account's rate.
    const busy = busyStretch(this.window.starts, now, Math.max(IDLE_GAP_MS, 3000 / this.rate));
    if (busy.length >= MIN_WINDOW_STARTS && now - (busy[0] as number) >= MIN_WINDOW_MS) {
      this.ceiling = this.clamp(Math.min(this.rate, admittedRate(busy, now)));
    } else {
      // Too little since the last 429 to trust a measurement (several consoles starting at
      // once draw 429s within seconds): step the ceiling down instead, the same for everyone.
      // Not capped by the current rate: a console hit while still climbing back after a
      // pause would otherwise sink to a fraction of its fair share and stay there.
      this.ceiling = this.clamp((this.ceiling ?? this.rate) * SHORT_WINDOW_FACTOR);
    }
    this.rate = this.clamp(this.ceiling * this.o.decreaseFactor);
    this.lastAdaptAt = now;
    this.streak = 0;
    this.window = { starts: [] };
    return true;
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
 * and burst B refuses at t only if, for the time s it was last full, the requests started in
 * [s, t] exceed B + R·(t − s); s is unknown, so take the suffix of start times that gives the
 * largest estimate, with B taken as one second's worth (see ASSUMED_BURST_MS).
 */
function admittedRate(starts: readonly number[], now: number): number {
  // starts: one unbroken stretch of sending (see busyStretch), oldest first.
  let best = 0;
  for (let i = starts.length - 1, count = 1; i >= 0; i--, count++) {
    const seconds = (now - (starts[i] as number) + ASSUMED_BURST_MS) / 1000;
    best = Math.max(best, count / seconds);
  }
  return best > 0 ? best : Number.POSITIVE_INFINITY;
}

/** The newest run of starts with no idle gap inside it, or up to now. */
function busyStretch(starts: readonly number[], now: number, idleGapMs: number): number[] {
  let i = starts.length - 1;
  if (i < 0 || now - (starts[i] as number) > idleGapMs) return [];
  while (i > 0 && (starts[i] as number) - (starts[i - 1] as number) <= idleGapMs) i--;
  return starts.slice(i);
}

function definedOnly<T extends object>(options: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(options).filter(([, v]) => v !== undefined && Number.isFinite(v) && v > 0),
  ) as Partial<T>;
}
