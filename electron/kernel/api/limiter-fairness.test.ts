/**
 * Three consoles on one account (issue 34, `npm run bench -- bridge`, three bridges): each
 * with its own limiter, four lanes of bulk pages, all starting together against the sandbox's
 * token bucket at 10/s, for 40 s, on a simulated clock and account (forty seeds in a moment).
 * The account's rate is shared: no console may end up with a small fraction of it because of
 * who happened to meet the first refusals.
 */
import { describe, expect, it } from 'vitest';
import { AccountLimiter } from './limiter';
import { mulberry32, SimAccount, simCall } from './test-support/sim-account';
import { SimClock } from './test-support/sim-clock';

const RATE = 10;
const SECONDS = 40;

/** Pages answered per second at each of three consoles. */
async function threeConsoles(seed: number): Promise<number[]> {
  const clock = new SimClock();
  const account = new SimAccount(clock, { rate: RATE, latencyMs: 5, seed });
  const jitter = mulberry32(seed * 31);
  let stopped = false;
  for (let n = 0; n < 3; n++) {
    const limiter = new AccountLimiter({ clock, random: jitter });
    for (let lane = 0; lane < 4; lane++) {
      void (async () => {
        while (!stopped) {
          await simCall(limiter, account, clock, 'background', {
            processingMs: 10,
            tag: `console${n}`,
          });
        }
      })();
    }
  }
  await clock.runUntil(SECONDS * 1000);
  stopped = true;
  return [0, 1, 2].map(
    (n) => account.log.filter((e) => e.status === 200 && e.tag === `console${n}`).length / SECONDS,
  );
}

function jain(shares: readonly number[]): number {
  const sum = shares.reduce((a, b) => a + b, 0);
  return (sum * sum) / (shares.length * shares.reduce((a, b) => a + b * b, 0));
}

describe('AccountLimiter, three consoles on one account', () => {
  it('shares the account: fair in most runs, and no console left with a small fraction', async () => {
    const seeds = Array.from({ length: 40 }, (_, i) => i + 1);
    const runs = await Promise.all(seeds.map(threeConsoles));
    const indices = runs.map(jain);
    // Issue 34 (before: mean 0.951, 11 of 40 runs under 0.95, the worst 0.76 and a console at
    // 0.47 of an equal share; after: 0.977, 3 of 40, the worst 0.89, every console 0.58 or more).
    expect(indices.reduce((a, b) => a + b, 0) / runs.length).toBeGreaterThanOrEqual(0.97);
    expect(indices.filter((index) => index >= 0.95).length).toBeGreaterThanOrEqual(36);
    for (const rates of runs) {
      const equal = rates.reduce((a, b) => a + b, 0) / 3;
      expect(Math.min(...rates)).toBeGreaterThanOrEqual(0.55 * equal);
      // The account's rate is used: aggregate throughput at least 90 % of it.
      expect(rates.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(0.9 * RATE);
    }
  });
});
