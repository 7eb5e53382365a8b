import { describe, expect, it } from 'vitest';
import { RateLimiter, ThrottledError } from './rate-limit';

function limiter(rate: number, heavyRate?: number) {
  let now = 1_000_000;
  const l = new RateLimiter({ rate, heavyRate }, () => now);
  return { l, advance: (ms: number) => (now += ms) };
}

function throttled(fn: () => void): ThrottledError | undefined {
  try {
    fn();
    return undefined;
  } catch (e) {
    if (e instanceof ThrottledError) return e;
    throw e;
  }
}

describe('account rate limit', () => {
  it('allows a burst of one second worth, then answers 429 with whole seconds to wait', () => {
    const { l } = limiter(5);
    for (let i = 0; i < 5; i++) l.charge(false);
    const e = throttled(() => l.charge(false));
    expect(e?.status).toBe(429);
    expect(e?.retryAfter).toBe(1);
    expect(e?.body()).toEqual({ detail: expect.any(String), code: 'throttled', retry_after: 1 });
  });

  it('refills over time at the configured rate', () => {
    const { l, advance } = limiter(2);
    l.charge(false);
    l.charge(false);
    expect(throttled(() => l.charge(false))).toBeDefined();
    advance(499);
    expect(throttled(() => l.charge(false))).toBeDefined();
    advance(2);
    expect(throttled(() => l.charge(false))).toBeUndefined();
  });

  it('reports the wait in seconds rounded up when the rate is below one per second', () => {
    const { l } = limiter(0.25);
    l.charge(false);
    expect(throttled(() => l.charge(false))?.retryAfter).toBe(4);
  });

  it('charges exports and PDFs against a tighter budget as well as the account', () => {
    const { l } = limiter(10, 1);
    l.charge(true);
    expect(throttled(() => l.charge(true))?.retryAfter).toBe(1);
    // The account budget still has room for ordinary calls.
    expect(throttled(() => l.charge(false))).toBeUndefined();
  });

  it('is off when the rate is 0', () => {
    const { l } = limiter(0);
    for (let i = 0; i < 1000; i++) l.charge(true);
    expect(l.stats()).toEqual({ allowed: 1000, throttled: 0 });
  });

  it('forced throttles answer 429 even with budget left', () => {
    const { l } = limiter(100);
    l.forceThrottle(2);
    expect(throttled(() => l.charge(false))).toBeDefined();
    expect(throttled(() => l.charge(false))).toBeDefined();
    expect(throttled(() => l.charge(false))).toBeUndefined();
  });
});
