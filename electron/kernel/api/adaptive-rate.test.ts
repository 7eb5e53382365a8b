/**
 * The learnt share after refusals (issue 34, three consoles on one account): one refusal takes
 * at most a cut's worth off the share, and a noise verdict undoes only recent lowerings. Driven
 * directly with times in ms, no clock.
 */
import { describe, expect, it } from 'vitest';
import { AdaptiveRate } from './adaptive-rate';

/** Answers of requests sent every `everyMs` from `from` to `to` (pressed: they waited). */
function admit(rate: AdaptiveRate, from: number, to: number, everyMs: number): void {
  for (let t = from; t < to; t += everyMs) rate.succeeded(t, t + 20, true);
}

describe('AdaptiveRate', () => {
  it('takes at most decreaseFactor off the share for one refusal, more for the next ones', () => {
    const rate = new AdaptiveRate({ initialRate: 10 });
    // Ten seconds in which the account admitted us little (our own pauses, others busy): one
    // request a second.
    admit(rate, 0, 10_000, 1000);
    rate.throttled(10_000, 10_000, 0);
    // Measured alone, about 0.9/s; one refusal takes the share from 10/s to 7/s, no further.
    expect(rate.ceiling).toBeCloseTo(7);
    expect(rate.rate).toBeCloseTo(4.9);
    // If the share really is that small, each further refusal takes more off, and the rate
    // gets there.
    let at = 10_000;
    for (let i = 0; i < 6; i++) {
      admit(rate, at, at + 3000, 1000);
      at += 3000;
      rate.throttled(at, at, 0);
    }
    expect(rate.ceiling).toBeLessThan(1.5);
  });

  it("takes a tenth off a measured share at the account's edge, whoever meets the refusal", () => {
    // Two consoles that learnt different shares, each sending at its own pace and admitted
    // all of it until a refusal: each gives up the same part of its share (the smaller one
    // is not measured down by its own pauses and climbs; the larger one gives up more).
    for (const initialRate of [2, 6]) {
      const rate = new AdaptiveRate({ initialRate });
      admit(rate, 0, 10_000, 1000 / initialRate);
      rate.throttled(10_000, 10_000, 0);
      const learnt = rate.interactiveRate;
      // Back at cruise and sending at it (as the limiter paces it), then refused again.
      let at = 10_000;
      while (rate.rate < 0.95 * learnt - 1e-9) {
        at += 1000 / rate.rate;
        rate.succeeded(at, at + 20, true);
      }
      admit(rate, at, at + 10_000, 1000 / rate.rate);
      rate.throttled(at + 10_000, at + 10_000, 0);
      expect(rate.interactiveRate).toBeCloseTo(0.9 * learnt, 1);
    }
  });

  it('among noise with nothing learnt yet, steps the guess down instead of measuring', () => {
    const rate = new AdaptiveRate({ initialRate: 10 });
    admit(rate, 0, 3000, 250);
    // A burst of refusals among noise (remeasure false) before any share was measured.
    rate.throttled(3000, 3000, 0, false);
    expect(rate.measured).toBe(false);
    expect(rate.ceiling).toBeCloseTo(9);
  });

  it('undoes for a noise verdict only the lowerings of the last 10 s', () => {
    const rate = new AdaptiveRate({ initialRate: 10 });
    // Four lowerings, 4 s apart, with admitted requests between them (as at a console that
    // shares the account with two others and meets a refusal every few seconds).
    let at = 0;
    for (let i = 0; i < 4; i++) {
      admit(rate, at, at + 4000, 300);
      at += 4000;
      rate.throttled(at, at, 0);
    }
    const lowered = rate.interactiveRate;
    expect(lowered).toBeLessThan(7);
    // At 18 s the refusals are judged noise: the lowerings at 12 and 16 s are undone, those at
    // 4 and 8 s stand (the share learnt since then is the account's answer, not noise).
    rate.undoCuts(4, 18_000);
    expect(rate.interactiveRate).toBeGreaterThan(lowered);
    expect(rate.ceiling).not.toBeNull();
    expect(rate.rate).toBeLessThan(10);
  });
});
