/**
 * A station's leases on the shared budget: few store calls, fair shares between stations, a
 * person's request through at once, tokens given back, a 429 reported, an aborted waiter.
 */
import { describe, expect, it, vi } from 'vitest';
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
});
