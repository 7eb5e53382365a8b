import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isBridgeFailure } from '../failure';
import { BudgetedLimiter, type BudgetSource } from './budgeted-limiter';
import type { Priority } from './limiter';

beforeEach(() => {
  vi.useFakeTimers({ now: 1_000_000 });
});
afterEach(() => {
  vi.useRealTimers();
});

/** A budget source that lets requests through when the test says so. */
function gate() {
  const waiting: { priority: Priority; go: () => void; signal?: AbortSignal }[] = [];
  let refusals = 0;
  const told: Parameters<BudgetSource['refused']>[0][] = [];
  const source: BudgetSource = {
    take: (priority, signal) =>
      new Promise<void>((resolve, reject) => {
        signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
        waiting.push({ priority, go: resolve, ...(signal ? { signal } : {}) });
      }),
    refused: (info) => {
      refusals += 1;
      told.push(info);
    },
    close: () => {},
  };
  return { source, waiting, refusals: () => refusals, told };
}

describe('the limiter behind a budget source', () => {
  it('starts a request only once the budget lets it, then through its own queue', async () => {
    const g = gate();
    const limiter = new BudgetedLimiter({ budget: g.source });
    let started = false;
    const slot = limiter.acquire('interactive').then((s) => {
      started = true;
      return s;
    });
    await vi.advanceTimersByTimeAsync(1000);
    expect(started).toBe(false);
    expect(g.waiting.map((w) => w.priority)).toEqual(['interactive']);
    g.waiting[0]?.go();
    await vi.advanceTimersByTimeAsync(0);
    expect(started).toBe(true);
    (await slot).answered();
  });

  it('tells the budget of a 429 and still waits out the Retry-After itself', async () => {
    const g = gate();
    const limiter = new BudgetedLimiter({ budget: g.source });
    const taking = limiter.acquire('background');
    g.waiting[0]?.go();
    const slot = await taking;
    // The answer came 300 ms after the request went: the budget hears how long ago it was
    // sent (a 429 of a request sent before its last cut is that burst's) and the Retry-After.
    await vi.advanceTimersByTimeAsync(300);
    let retried = false;
    void slot.throttled(2).then(() => {
      retried = true;
    });
    expect(g.refusals()).toBe(1);
    expect(g.told).toEqual([{ sentAgoMs: 300, retryAfterSeconds: 2 }]);
    await vi.advanceTimersByTimeAsync(1999);
    expect(retried).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(retried).toBe(true);
    expect(limiter.state().throttled).toBe(1);
  });

  it('answers a request cancelled while waiting for the budget as cancelled', async () => {
    const g = gate();
    const limiter = new BudgetedLimiter({ budget: g.source });
    const abort = new AbortController();
    const taking = limiter.acquire('background', abort.signal);
    abort.abort();
    const error = await taking.catch((e: unknown) => e);
    expect(isBridgeFailure(error) && error.error.code).toBe('cancelled');
    expect(limiter.state().inFlight).toBe(0);
  });
});
