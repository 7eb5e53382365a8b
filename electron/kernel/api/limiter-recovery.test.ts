/**
 * The limiter after a 429 storm and under random 429s (issue 17), on a simulated clock and
 * account (the sandbox's token bucket and its forced 429s, Retry-After: 1): minutes of
 * traffic in a moment, the same every run. Sixteen lanes of bulk calls keep the limiter busy,
 * as a fetch-all and a batch would.
 */
import { describe, expect, it } from 'vitest';
import { AccountLimiter } from './limiter';
import { keepBusy, SimAccount } from './test-support/sim-account';
import { SimClock } from './test-support/sim-clock';

const RATE = 50;

function busyAccount(seed = 1) {
  const clock = new SimClock();
  const account = new SimAccount(clock, { rate: RATE, latencyMs: 10, seed });
  const limiter = new AccountLimiter({ clock, random: () => 0.5 });
  const lanes = keepBusy(16, limiter, account, clock);
  return { clock, account, limiter, lanes };
}

/** The lowest rate the limiter learnt from `from` to `to`, read every 500 ms of the clock. */
async function lowestRate(
  { clock, limiter }: ReturnType<typeof busyAccount>,
  from: number,
  to: number,
): Promise<number> {
  await clock.runUntil(from);
  let lowest = Number.POSITIVE_INFINITY;
  for (let t = from; t < to; t += 500) {
    await clock.runUntil(t);
    lowest = Math.min(lowest, limiter.rate);
  }
  return lowest;
}

describe('AccountLimiter recovery', () => {
  it('learns the account rate, and after a 60 s storm is back to at least 90 % of it within 30 s', async () => {
    const { clock, account, limiter, lanes } = busyAccount();
    await clock.runUntil(60_000);
    expect(account.throughput(50_000, 60_000)).toBeGreaterThanOrEqual(0.9 * RATE);

    account.setStorm(true);
    await clock.runUntil(120_000);
    account.setStorm(false);
    // During the storm every request was refused, and each waited its Retry-After.
    expect(account.throughput(61_000, 120_000)).toBe(0);

    await clock.runUntil(150_000);
    expect(account.throughput(145_000, 150_000)).toBeGreaterThanOrEqual(0.9 * RATE);
    // ...and it stays there (the issue saw 1.3 requests/s for the next 270 s).
    await clock.runUntil(390_000);
    expect(account.throughput(150_000, 390_000)).toBeGreaterThanOrEqual(0.9 * RATE);
    expect(limiter.rate).toBeGreaterThanOrEqual(0.9 * RATE);
    lanes.stop();
  });

  it('keeps the learnt rate at half the account rate or more under 10 % random 429s', async () => {
    const busy = busyAccount(3);
    const { clock, account, lanes } = busy;
    await clock.runUntil(60_000);
    account.setRandom429(0.1);
    // The first refusals look like congestion and lower the rate; once the refusals keep
    // coming among successes they are noise, and what was done for them is undone.
    expect(await lowestRate(busy, 70_000, 250_000)).toBeGreaterThanOrEqual(0.5 * RATE);
    expect(account.throughput(60_000, 250_000)).toBeGreaterThanOrEqual(0.5 * RATE);
    lanes.stop();
  });

  it('finds the account rate under 10 % random 429s from a cold start too', async () => {
    const busy = busyAccount(3);
    const { account, lanes } = busy;
    account.setRandom429(0.1);
    expect(await lowestRate(busy, 60_000, 240_000)).toBeGreaterThanOrEqual(0.5 * RATE);
    expect(account.throughput(60_000, 240_000)).toBeGreaterThanOrEqual(0.5 * RATE);
    lanes.stop();
  });
});
