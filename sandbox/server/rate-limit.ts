/**
 * The account's rate limit: token buckets shared by every key (spec, Authentication 7 and
 * Limits 1-2). Every request takes a token from the account bucket; exports and PDF endpoints
 * also take one from a tighter bucket of their own. An empty bucket answers 429 with the whole
 * seconds until a token is back.
 *
 * Written here rather than taken from @fastify/rate-limit: that plugin counts fixed windows per
 * route, so it can neither charge one request against two budgets nor give the exact wait.
 */
import { ApiError } from './api-error';

export interface RateLimitOptions {
  /** Requests per second for the whole account; 0 or Infinity turns limiting off. */
  rate: number;
  /** Requests per second for exports and PDFs (default: a quarter of `rate`, at least 1). */
  heavyRate?: number;
  /** Bucket size in requests (default: one second's worth). */
  burst?: number;
}

class TokenBucket {
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

  private refill(now: number): void {
    const elapsed = Math.max(0, now - this.last) / 1000;
    this.tokens = Math.min(this.capacity, this.tokens + elapsed * this.perSecond);
    this.last = now;
  }

  /** Seconds until one token is available (0 when one is available now). */
  wait(now: number): number {
    this.refill(now);
    return this.tokens >= 1 ? 0 : (1 - this.tokens) / this.perSecond;
  }

  take(): void {
    this.tokens -= 1;
  }
}

export class RateLimiter {
  private account?: TokenBucket;
  private heavy?: TokenBucket;
  private forced = 0;
  private counts = { allowed: 0, throttled: 0 };

  constructor(
    options: RateLimitOptions,
    private readonly clock: () => number = Date.now,
  ) {
    this.configure(options);
  }

  configure(options: RateLimitOptions): void {
    const now = this.clock();
    const { rate } = options;
    if (!rate || !Number.isFinite(rate) || rate <= 0) {
      this.account = undefined;
      this.heavy = undefined;
      return;
    }
    const heavyRate = options.heavyRate ?? Math.max(1, rate / 4);
    this.account = new TokenBucket(rate, options.burst ?? Math.max(1, rate), now);
    this.heavy = new TokenBucket(heavyRate, Math.max(1, heavyRate), now);
  }

  /** Makes the next `n` requests answer 429 regardless of the budget (fault injection). */
  forceThrottle(n: number): void {
    this.forced += n;
  }

  stats(): { allowed: number; throttled: number } {
    return { ...this.counts };
  }

  /** Charges one request, or throws the 429 to send. */
  charge(heavy: boolean): void {
    if (this.forced > 0) {
      this.forced -= 1;
      this.throttle(1);
    }
    if (!this.account) {
      this.counts.allowed += 1;
      return;
    }
    const now = this.clock();
    const wait = Math.max(this.account.wait(now), heavy && this.heavy ? this.heavy.wait(now) : 0);
    if (wait > 0) this.throttle(wait);
    this.account.take();
    if (heavy) this.heavy?.take();
    this.counts.allowed += 1;
  }

  private throttle(waitSeconds: number): never {
    this.counts.throttled += 1;
    const retryAfter = Math.max(1, Math.ceil(waitSeconds));
    throw new ThrottledError(retryAfter);
  }
}

export class ThrottledError extends ApiError {
  constructor(readonly retryAfter: number) {
    super(
      429,
      'throttled',
      `Request was throttled. Expected available in ${retryAfter} second${retryAfter === 1 ? '' : 's'}.`,
    );
  }

  override body(): Record<string, unknown> {
    return { detail: this.detail, code: this.code, retry_after: this.retryAfter };
  }
}
