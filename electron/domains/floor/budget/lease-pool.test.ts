/**
 * A station's leases on the shared budget: few store calls, fair shares between stations, a
 * person's request through at once (on the station's credit, paid for after, waiting only
 * while the floor is overdrawn, never more than the rate together), tokens given back, a 429
 * reported, an aborted waiter.
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

describe('a station’s leases on the shared budget', () => {
  it('takes background tokens a few at a time, so the store is asked far less than per request', async () => {
    const bucket = new MemoryBucket(systemClock, 10);
    const p = pool(bucket);
    const stop = { now: false };
    const got = greedy(p, 'background', 4, stop);
    await vi.advanceTimersByTimeAsync(30_000);
    stop.now = true;
    // At most what the bucket gives over 30 s (its burst on top), and nearly all of it.
    expect(got.count).toBeLessThanOrEqual(Math.ceil(9.6 * 30 + bucket.state.burst));
    expect(got.count).toBeGreaterThan(9.6 * 30 * 0.9 - bucket.state.reserve);
    expect(p.counts.asks).toBeLessThan(got.count / 2);
    p.close();
  });

  it('shares one bucket fairly between three stations’ bulk work, all of it used', async () => {
    const bucket = new MemoryBucket(systemClock, 10);
    let seed = 7;
    const random = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    const pools = [0, 1, 2].map(() => pool(bucket, { random }));
    const stop = { now: false };
    const got = pools.map((p) => greedy(p, 'background', 4, stop));
    await vi.advanceTimersByTimeAsync(60_000);
    stop.now = true;
    const counts = got.map((g) => g.count);
    const total = counts.reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThan(9.6 * 60 * 0.9);
    expect(total).toBeLessThanOrEqual(Math.ceil(9.6 * 60 + bucket.state.burst));
    // Jain's fairness index over the three stations' shares.
    const jain = total ** 2 / (3 * counts.reduce((a, c) => a + c * c, 0));
    expect(jain).toBeGreaterThan(0.95);
    for (const p of pools) p.close();
  });

  it('lets a person’s request through at once while three stations’ exports drain the bucket', async () => {
    const bucket = new MemoryBucket(systemClock, 10);
    const pools = [0, 1, 2].map(() => pool(bucket));
    const scanner = pool(bucket);
    const stop = { now: false };
    for (const p of pools) greedy(p, 'background', 4, stop);
    await vi.advanceTimersByTimeAsync(5000);
    const waits: number[] = [];
    // A scan's two calls every 500 ms (as 19 stations scanning every 10 s would).
    for (let i = 0; i < 60; i++) {
      for (let call = 0; call < 2; call++) {
        const from = Date.now();
        let done = false;
        void scanner.take('interactive').then(() => {
          done = true;
        });
        while (!done) await vi.advanceTimersByTimeAsync(1);
        waits.push(Date.now() - from);
        await vi.advanceTimersByTimeAsync(100);
      }
      await vi.advanceTimersByTimeAsync(300);
    }
    stop.now = true;
    waits.sort((a, b) => a - b);
    // The store's round trip, and no queueing behind the exports.
    expect(waits[Math.floor(waits.length * 0.95)]).toBeLessThanOrEqual(3 * DB_MS);
    for (const p of [...pools, scanner]) p.close();
  });

  it('gives back tokens it held but did not use', async () => {
    const bucket = new MemoryBucket(systemClock, 10);
    const p = pool(bucket, { leaseMs: 1000 });
    const first = p.take('background');
    await vi.advanceTimersByTimeAsync(DB_MS + 1);
    await first;
    const after = bucket.state.tokens;
    await vi.advanceTimersByTimeAsync(1100);
    await vi.advanceTimersByTimeAsync(10);
    expect(bucket.state.tokens).toBeGreaterThan(after + 1);
    p.close();
  });

  it('reports a congestion 429 to the floor, which slows every station', async () => {
    const bucket = new MemoryBucket(systemClock, 10);
    const p = pool(bucket);
    const before = bucket.state.rate;
    p.refused();
    await vi.advanceTimersByTimeAsync(DB_MS + 1);
    expect(bucket.refusals).toBe(1);
    expect(bucket.state.rate).toBeLessThan(before);
    p.close();
  });

  it('lets an aborted waiter go without taking a token', async () => {
    const bucket = new MemoryBucket(systemClock, 10);
    bucket.state = { ...bucket.state, tokens: 0 };
    const p = pool(bucket);
    const abort = new AbortController();
    const taking = p.take('background', abort.signal);
    abort.abort(new Error('Cancelled.'));
    await expect(taking).rejects.toThrow('Cancelled.');
    p.close();
  });

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
