/**
 * The floor's budget as stations see it after a burst of 429s and while a person waits
 * (bucket.ts: one cut per burst, the rate back within seconds; bulk leases of one token while
 * a person's request waits), driven by fake timers through stations' lease pools.
 */
import { describe, expect, it, vi } from 'vitest';
import type { BudgetClass } from './bucket';
import { type BudgetStore, LeasePool } from './lease-pool';
import { MemoryBucket } from './memory-budget-store';
import { fakeBudgetClockPerTest, greedy, systemClock } from './test-support/lease-pool-kit';

fakeBudgetClockPerTest();

/** A station on `bucket` whose background grants are written down (when, how many). */
function station(bucket: MemoryBucket, grants?: { at: number; cls: BudgetClass; n: number }[]) {
  const inner = bucket.store(2, systemClock.setTimeout);
  const store: BudgetStore = {
    ...inner,
    lease: async (cls, want) => {
      const answer = await inner.lease(cls, want);
      grants?.push({ at: Date.now(), cls, n: answer.granted });
      return answer;
    },
  };
  return new LeasePool({ store, clock: systemClock, random: () => 0.5, interactiveCredit: 0 });
}

describe('the shared budget after 429s and while a person waits', () => {
  it('cuts once for a burst of 429s at three stations and is back to nearly its rate within 30 s', async () => {
    const bucket = new MemoryBucket(systemClock, 10);
    const stations = [0, 1, 2].map(() => station(bucket));
    const stop = { now: false };
    const got = stations.map((p) => greedy(p, 'background', 4, stop));
    await vi.advanceTimersByTimeAsync(5000);
    // One burst: a dozen 429s over three seconds, all of requests sent before the first was
    // answered (in flight together).
    const burstFrom = Date.now();
    for (let i = 0; i < 12; i++) {
      stations[i % 3]?.refused({ sentAgoMs: 150 + i * 250, retryAfterSeconds: 1 });
      await vi.advanceTimersByTimeAsync(250);
    }
    expect(bucket.refusals).toBe(12);
    // One cut, at the first: the rate before it is still the one it climbs back to.
    expect(bucket.state.cutAt).toBeLessThan(burstFrom + 250);
    expect(bucket.state.peak).toBeCloseTo(9.6);
    expect(bucket.state.rate).toBeLessThan(9.6 * 0.85);
    // Thirty seconds on, the bulk work runs at nearly the rate before the cut again.
    await vi.advanceTimersByTimeAsync(30_000);
    const before = got.reduce((a, g) => a + g.count, 0);
    await vi.advanceTimersByTimeAsync(10_000);
    const after = got.reduce((a, g) => a + g.count, 0);
    stop.now = true;
    expect(bucket.state.rate).toBeGreaterThan(9.6 * 0.95);
    expect((after - before) / 10).toBeGreaterThan(9.6 * 0.9);
    for (const p of stations) p.close();
  });

  it('gives another station’s bulk work one token at a time while a person’s request waits', async () => {
    const bucket = new MemoryBucket(systemClock, 10);
    const grants: { at: number; cls: BudgetClass; n: number }[] = [];
    const exporter = station(bucket, grants);
    const scanner = station(bucket);
    const stop = { now: false };
    greedy(exporter, 'background', 8, stop);
    await vi.advanceTimersByTimeAsync(5000);
    // The bucket is drained by the export; the scanner has no credit, so its request waits.
    bucket.state = { ...bucket.state, tokens: 0.5, at: Date.now() };
    let scanned = false;
    const waitingFrom = Date.now();
    void scanner.take('interactive').then(() => {
      scanned = true;
    });
    await vi.advanceTimersByTimeAsync(2000);
    expect(scanned).toBe(true);
    stop.now = true;
    // From the scanner's first ask on, for a second, the exporter got one token per lease.
    const during = grants.filter(
      (g) => g.cls === 'background' && g.at > waitingFrom + 5 && g.at < waitingFrom + 1000,
    );
    expect(during.length).toBeGreaterThan(0);
    expect(Math.max(...during.map((g) => g.n))).toBe(1);
    // One at a time, but not slower: the bucket refills 9.6 a second above what the scanner
    // took (from 0.5 tokens, past the reserve of 2 after about 0.4 s), and the exporter, asking
    // again at once after each token, gets nearly all of the 6 that come in after that.
    const taken = during.filter((g) => g.at > waitingFrom + 400).reduce((a, g) => a + g.n, 0);
    expect(taken).toBeGreaterThanOrEqual(4);
    // Before it, leases of several tokens.
    const earlier = grants.filter((g) => g.cls === 'background' && g.at < waitingFrom);
    expect(Math.max(...earlier.map((g) => g.n))).toBeGreaterThan(1);
    exporter.close();
    scanner.close();
  });
});
