/**
 * A person's request sent at once on the station's credit and paid for after; the floor
 * overdrawn; never more than the rate together.
 */
import { describe, expect, it, vi } from 'vitest';
import { LeasePool } from './lease-pool';
import { MemoryBucket } from './memory-budget-store';
import {
  DB_MS,
  fakeBudgetClockPerTest,
  greedy,
  pool,
  systemClock,
} from './test-support/lease-pool-kit';

fakeBudgetClockPerTest();

describe('a person’s request on the station’s credit', () => {
  it('sends a person’s request at once on the station’s credit and pays for it after', async () => {
    const bucket = new MemoryBucket(systemClock, 10);
    // The database takes 10 s to answer: a scan still does not wait for it.
    const p = pool(bucket, { interactiveCredit: 2 });
    const slow = new MemoryBucket(systemClock, 10);
    const q = new LeasePool({
      store: slow.store(10_000, systemClock.setTimeout),
      clock: systemClock,
    });
    let through = 0;
    void q.take('interactive').then(() => through++);
    void q.take('interactive').then(() => through++);
    await vi.advanceTimersByTimeAsync(0);
    expect(through).toBe(2);
    expect(slow.spent).toBe(0);
    await vi.advanceTimersByTimeAsync(20_000);
    // Both paid, in the one statement that was in flight and the one after.
    expect(slow.spent).toBe(2);
    expect(q.creditCounts.onCredit).toBe(2);
    // With a quick store, credit comes back as it is paid: many scans, no lease asked.
    for (let i = 0; i < 20; i++) {
      await p.take('interactive');
      await vi.advanceTimersByTimeAsync(500);
    }
    expect(p.counts.asks).toBe(0);
    expect(bucket.spent).toBe(20);
    p.close();
    q.close();
  });

  it('makes a person’s request wait for a real grant while the floor is overdrawn', async () => {
    const bucket = new MemoryBucket(systemClock, 10);
    const p = pool(bucket, { interactiveCredit: 2 });
    bucket.state = { ...bucket.state, tokens: -5 };
    // Two calls go on credit; their payment finds the bucket overdrawn.
    await p.take('interactive');
    await p.take('interactive');
    await vi.advanceTimersByTimeAsync(DB_MS * 3);
    let through = false;
    const from = Date.now();
    void p.take('interactive').then(() => {
      through = true;
    });
    // -7 tokens at 9.6/s: about 0.83 s until one is there.
    while (!through) await vi.advanceTimersByTimeAsync(10);
    const waited = Date.now() - from;
    expect(waited).toBeGreaterThan(700);
    expect(waited).toBeLessThan(1000);
    // The grant says the bucket has tokens again: the credit is whole, the next goes at once.
    let next = false;
    void p.take('interactive').then(() => {
      next = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(next).toBe(true);
    p.close();
  });

  it('never sends more than the rate together: three exports and scans on credit', async () => {
    const bucket = new MemoryBucket(systemClock, 10);
    const pools = [0, 1, 2].map(() => pool(bucket));
    const scanners = Array.from({ length: 5 }, () => pool(bucket));
    const stop = { now: false };
    const bulk = pools.map((p) => greedy(p, 'background', 4, stop));
    const scans: number[] = [];
    // Five stations, each a scan's two calls every 2 s (2.5 scans a second between them).
    const scanning = scanners.map(async (p, i) => {
      await new Promise((r) => setTimeout(r, i * 400));
      while (!stop.now) {
        for (let call = 0; call < 2; call++) {
          const from = Date.now();
          await p.take('interactive');
          scans.push(Date.now() - from);
          await new Promise((r) => setTimeout(r, 100));
        }
        await new Promise((r) => setTimeout(r, 1800));
      }
    });
    const from = Date.now();
    await vi.advanceTimersByTimeAsync(60_000);
    stop.now = true;
    await vi.advanceTimersByTimeAsync(3000);
    await Promise.all(scanning);
    const seconds = (Date.now() - from) / 1000;
    const sent = bulk.reduce((a, g) => a + g.count, 0) + scans.length;
    // The bucket's rate over the time, its burst at the start, and at most one burst of
    // overdraft by payments after the fact.
    expect(sent).toBeLessThanOrEqual(Math.ceil(9.6 * seconds + 2 * bucket.state.burst));
    // The scans never waited for the database or for the exports.
    expect(Math.max(...scans)).toBe(0);
    // And the exports had what the scans left.
    const bulkCount = bulk.reduce((a, g) => a + g.count, 0);
    expect(bulkCount).toBeGreaterThan(0.9 * (9.6 * 60 - scans.length));
    for (const p of [...pools, ...scanners]) p.close();
  });
});
