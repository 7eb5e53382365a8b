/**
 * The shared budget's store failing or slow: a station goes on alone at once and shares again,
 * a person never waits past the timeout, a failed payment, background work kept waiting.
 */
import { describe, expect, it, vi } from 'vitest';
import {
  type BudgetStatus,
  type BudgetStore,
  LeasePool,
  type LeasePoolOptions,
} from './lease-pool';
import { MemoryBucket } from './memory-budget-store';
import { DB_MS, fakeBudgetClockPerTest, systemClock } from './test-support/lease-pool-kit';

fakeBudgetClockPerTest();

/** A pool on a 10-token bucket whose store answers only after `answerMs`: a slow store. */
function poolOnSlowStore(answerMs: number, extra: Partial<LeasePoolOptions>): LeasePool {
  const bucket = new MemoryBucket(systemClock, 10);
  return new LeasePool({
    store: bucket.store(answerMs, systemClock.setTimeout),
    clock: systemClock,
    ...extra,
  });
}

describe('the shared budget’s store failing or slow', () => {
  it('goes on alone at once when the store fails, and shares again once it answers', async () => {
    const bucket = new MemoryBucket(systemClock, 10);
    const inner = bucket.store(DB_MS, systemClock.setTimeout);
    let down = false;
    const store: BudgetStore = {
      lease: (cls, want) =>
        down ? Promise.reject(new Error('connect ECONNREFUSED')) : inner.lease(cls, want),
      giveBack: (n) => inner.giveBack(n),
      refused: () => inner.refused(),
      ping: () => (down ? Promise.reject(new Error('connect ECONNREFUSED')) : inner.ping()),
    };
    const statuses: BudgetStatus[] = [];
    const p = new LeasePool({
      store,
      clock: systemClock,
      retryMs: 5000,
      onStatus: (s) => statuses.push(s),
    });
    // Empty the bucket's background share so waiters queue.
    const waiting = Array.from({ length: 20 }, () => p.take('background'));
    await vi.advanceTimersByTimeAsync(50);
    down = true;
    await vi.advanceTimersByTimeAsync(1000);
    let settled = 0;
    for (const w of waiting) void w.then(() => settled++);
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBe(20);
    expect(p.mode).toBe('local');
    expect(statuses.at(-1)).toMatchObject({ mode: 'local', reason: 'connect ECONNREFUSED' });
    // Meanwhile every request passes straight through.
    await expect(p.take('background')).resolves.toBeUndefined();
    down = false;
    await vi.advanceTimersByTimeAsync(5000);
    await p.take('interactive'); // passes at once; the first take after retryMs pings the store
    await vi.advanceTimersByTimeAsync(DB_MS + 1);
    expect(p.mode).toBe('shared');
    p.close();
  });

  it('does not keep a person waiting longer than its timeout for a slow store', async () => {
    const p = poolOnSlowStore(10_000, {
      timeoutMs: 150,
      // No credit: every person's request asks for a lease first (the path this is about).
      interactiveCredit: 0,
    });
    let through = 0;
    void p.take('interactive').then(() => through++);
    await vi.advanceTimersByTimeAsync(149);
    expect(through).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(through).toBe(1);
    // One slow answer lets that request go on alone; three in a row, the whole station.
    expect(p.mode).toBe('shared');
    for (let i = 0; i < 2; i++) {
      // The late answer comes, and what it granted is held, then given back unused.
      await vi.advanceTimersByTimeAsync(12_000);
      void p.take('interactive').then(() => through++);
      await vi.advanceTimersByTimeAsync(150);
    }
    expect(through).toBe(3);
    expect(p.currentStatus()).toMatchObject({ mode: 'local' });
    p.close();
  });

  it('goes on alone when a payment fails, and sends the next person’s request at once', async () => {
    const bucket = new MemoryBucket(systemClock, 10);
    const inner = bucket.store(DB_MS, systemClock.setTimeout);
    const statuses: BudgetStatus[] = [];
    const p = new LeasePool({
      store: { ...inner, spend: () => Promise.reject(new Error('connect ECONNREFUSED')) },
      clock: systemClock,
      onStatus: (s) => statuses.push(s),
    });
    await p.take('interactive');
    await vi.advanceTimersByTimeAsync(1);
    expect(p.mode).toBe('local');
    expect(statuses.at(-1)).toMatchObject({ mode: 'local', reason: 'connect ECONNREFUSED' });
    await expect(p.take('interactive')).resolves.toBeUndefined();
    expect(p.counts.passedLocal).toBe(1);
    p.close();
  });

  it('keeps background work waiting for a slow store’s answer instead of sending it alone', async () => {
    const p = poolOnSlowStore(1500, { backgroundTimeoutMs: 1000 });
    let through = 0;
    for (let i = 0; i < 3; i++) void p.take('background').then(() => through++);
    await vi.advanceTimersByTimeAsync(1200);
    // Past its timeout, nothing went alone: sent alone it would overshoot the account.
    expect(through).toBe(0);
    expect(p.counts.passedLocal).toBe(0);
    await vi.advanceTimersByTimeAsync(400);
    // The answer came: the lease lets them go, every one paid for.
    expect(through).toBe(3);
    expect(p.mode).toBe('shared');
    p.close();
  });
});
