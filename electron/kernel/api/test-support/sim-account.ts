/**
 * A simulated API account on a SimClock, for the limiter's tests: the sandbox's token buckets
 * (rate-limit.ts: an account bucket holding one second's worth, a tighter one for exports),
 * its latency (charged on arrival, after the latency, as the sandbox's onRequest hook does),
 * forced 429s at random and storms (every request refused). Requests go through a real
 * AccountLimiter the way http-transport.ts sends them: wait for a slot, send, report the
 * answer, and on a 429 go round again.
 */
import type { AccountLimiter, Priority } from '../limiter';
import type { SimClock } from './sim-clock';

export interface SimAccountOptions {
  /** Requests per second for the whole account. */
  rate: number;
  /** Bucket size (default: one second's worth, as the sandbox). */
  burst?: number;
  /** Requests per second for exports (default: a quarter of `rate`, at least 1). */
  heavyRate?: number;
  /** One-way delay before the request is charged and answered (ms). */
  latencyMs?: number;
  /** Share of requests refused with 429 at random, whatever the budget. */
  random429?: number;
  seed?: number;
}

export interface SimSendOptions {
  /** Charged against the export bucket too. */
  heavy?: boolean;
  /** Time from the charge to the answer (server work, transfer). */
  processingMs?: number;
  /** Names the caller in the log. */
  tag?: string;
}

export interface SimAnswer {
  status: 200 | 429;
  retryAfterSeconds: number;
}

class Bucket {
  private tokens: number;
  private last: number;

  constructor(
    private readonly perSecond: number,
    private readonly capacity: number,
    now: number,
  ) {
    this.tokens = capacity;
    this.last = now;
  }

  /** Seconds until a token is there (0: one is there now). */
  wait(now: number): number {
    this.tokens = Math.min(
      this.capacity,
      this.tokens + (Math.max(0, now - this.last) / 1000) * this.perSecond,
    );
    this.last = now;
    return this.tokens >= 1 ? 0 : (1 - this.tokens) / this.perSecond;
  }

  take(): void {
    this.tokens -= 1;
  }
}

export class SimAccount {
  /** Every request as the server saw it: when it arrived, and whether it was refused. */
  readonly log: { at: number; status: 200 | 429; heavy: boolean; tag?: string }[] = [];
  private readonly bucket: Bucket;
  private readonly heavy: Bucket;
  private readonly random: () => number;
  private storm = false;
  private random429: number;

  constructor(
    private readonly clock: SimClock,
    private readonly options: SimAccountOptions,
  ) {
    const heavyRate = options.heavyRate ?? Math.max(1, options.rate / 4);
    this.bucket = new Bucket(options.rate, options.burst ?? options.rate, clock.now());
    this.heavy = new Bucket(heavyRate, Math.max(1, heavyRate), clock.now());
    this.random = mulberry32(options.seed ?? 1);
    this.random429 = options.random429 ?? 0;
  }

  /** While on, every request is refused (Retry-After: 1), as in a 429 storm. */
  setStorm(on: boolean): void {
    this.storm = on;
  }

  setRandom429(share: number): void {
    this.random429 = share;
  }

  /** One request: charged on arrival, answered `processingMs` later. */
  async send(options: SimSendOptions = {}): Promise<SimAnswer> {
    await this.clock.sleep(this.options.latencyMs ?? 0);
    const now = this.clock.now();
    const heavy = options.heavy === true;
    let answer: SimAnswer;
    if (this.storm || this.random() < this.random429) {
      answer = { status: 429, retryAfterSeconds: 1 };
    } else {
      const wait = Math.max(this.bucket.wait(now), heavy ? this.heavy.wait(now) : 0);
      if (wait > 0) {
        answer = { status: 429, retryAfterSeconds: Math.max(1, Math.ceil(wait)) };
      } else {
        this.bucket.take();
        if (heavy) this.heavy.take();
        answer = { status: 200, retryAfterSeconds: 0 };
      }
    }
    this.log.push({ at: now, status: answer.status, heavy, tag: options.tag });
    if (answer.status === 200 && options.processingMs) await this.clock.sleep(options.processingMs);
    return answer;
  }

  /** Answers (200) the server gave in [from, to), per second. */
  throughput(from: number, to: number): number {
    const n = this.log.filter((e) => e.status === 200 && e.at >= from && e.at < to).length;
    return n / ((to - from) / 1000);
  }
}

export interface SimCallResult {
  /** From asking for a slot to the answer, in simulated ms. */
  elapsedMs: number;
  throttled: number;
}

/** One call as the transport makes it: through the limiter, round again after each 429. */
export async function simCall(
  limiter: AccountLimiter,
  account: SimAccount,
  clock: SimClock,
  priority: Priority,
  options: SimSendOptions = {},
): Promise<SimCallResult> {
  const started = clock.now();
  let throttled = 0;
  for (;;) {
    const slot = await limiter.acquire(priority);
    const answer = await account.send(options);
    if (answer.status === 429) {
      throttled += 1;
      await slot.throttled(answer.retryAfterSeconds);
      continue;
    }
    slot.answered();
    return { elapsedMs: clock.now() - started, throttled };
  }
}

/** A small seeded PRNG (mulberry32): the same seed gives the same run. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `lanes` loops of background calls, each sending its next call when the last is answered. */
export function keepBusy(
  lanes: number,
  limiter: AccountLimiter,
  account: SimAccount,
  clock: SimClock,
): { stop(): void } {
  let stopped = false;
  for (let i = 0; i < lanes; i++) {
    void (async () => {
      while (!stopped) await simCall(limiter, account, clock, 'background', { processingMs: 5 });
    })();
  }
  return {
    stop: () => {
      stopped = true;
    },
  };
}
