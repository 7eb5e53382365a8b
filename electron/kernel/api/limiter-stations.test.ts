/**
 * Many stations on one account (issue 16), on a simulated clock and account: the sandbox's
 * token bucket at 10 requests/s, 100 ms of latency, 19 stations scanning every 10 s and three
 * stations each fetching 40 pages of orders beside a CSV export. Each station has its own
 * limiter and sees only its own answers. The same floors (five seeds) with the limiter as
 * shipped and with its headroom turned off (bulk evenly spaced, cruising at its whole learnt
 * share, pausing no longer than interactive calls): what the headroom is for, measured.
 */
import { describe, expect, it } from 'vitest';
import { AccountLimiter, type AccountLimiterOptions } from './limiter';
import { mulberry32, SimAccount } from './test-support/sim-account';
import { SimClock } from './test-support/sim-clock';
import { bulkWork, scanningStations } from './test-support/sim-stations';

const RATE = 10;
const SCAN_RATE = 19 * 2 * 0.1; // two calls per scan, a scan every 10 s at 19 stations
const NO_HEADROOM: AccountLimiterOptions = {
  backgroundTrain: 1,
  cruiseShare: 1,
  backgroundPauseFactor: 1,
};

async function floor(seed: number, options: AccountLimiterOptions) {
  const clock = new SimClock();
  const account = new SimAccount(clock, { rate: RATE, latencyMs: 100, seed });
  const jitter = mulberry32(seed * 31);
  const make = () => new AccountLimiter({ clock, random: jitter, ...options });
  const stations = scanningStations(19, make, account, clock, { seed });
  await clock.runUntil(20_000);
  const start = clock.now();
  const jobs = [0, 1, 2].map(async (n) => {
    await clock.sleep(n * 1500);
    await bulkWork(make(), account, clock, { pages: 40, tag: `bulk${n}` });
  });
  let done = 0;
  void Promise.all(jobs).then(() => {
    done = clock.now();
  });
  while (done === 0) await clock.advance(500);
  await clock.advance(10_000);
  stations.stop();
  await clock.advance(5_000);
  const refused = account.log.filter((e) => e.status === 429);
  return {
    scansRefused: refused.filter((e) => e.tag?.startsWith('scan')).length,
    bulkRefused: refused.filter((e) => e.tag?.startsWith('bulk')).length,
    scans: stations.scans,
    seconds: (done - start) / 1000,
  };
}

describe('AccountLimiter, many stations on one account', () => {
  it('keeps scans at other stations clear of most 429s, bulk work meeting them first', async () => {
    const seeds = [1, 2, 3, 4, 5];
    const shipped = await Promise.all(seeds.map((seed) => floor(seed, {})));
    const without = await Promise.all(seeds.map((seed) => floor(seed, NO_HEADROOM)));
    const sum = (runs: typeof shipped, key: 'scansRefused' | 'bulkRefused') =>
      runs.reduce((total, run) => total + run[key], 0);
    // Scans meet under a third of the 429s they meet without headroom...
    expect(sum(shipped, 'scansRefused')).toBeLessThan(sum(without, 'scansRefused') / 3);
    // ...because bulk work meets the emptying bucket first and backs off.
    expect(sum(shipped, 'bulkRefused')).toBeGreaterThan(2 * sum(shipped, 'scansRefused'));
    for (const run of shipped) {
      // Every scan was answered, and the bulk work (3 × 41 calls at what the scans leave)
      // finished within 1.6 times its ideal.
      expect(run.scans.length).toBeGreaterThan(19 * 3);
      expect(run.seconds).toBeLessThan(1.6 * ((3 * 41) / (RATE - SCAN_RATE)));
    }
  });
});
