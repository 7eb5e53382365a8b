/**
 * The lease pool's unit tests' shared parts: a fake clock for every test of a file, a pool on an
 * in-memory bucket answering after DB_MS, and workers that keep requests waiting.
 */
import { afterEach, beforeEach, vi } from 'vitest';
import type { BudgetClass } from '../bucket';
import { LeasePool, budgetSystemClock as systemClock } from '../lease-pool';
import type { MemoryBucket } from '../memory-budget-store';

export { budgetSystemClock as systemClock } from '../lease-pool';

/** The in-memory store's answer time (ms of the fake clock). */
export const DB_MS = 2;

/** Fake timers drive Date.now and setTimeout; systemClock reads both at call time. */
export function fakeBudgetClockPerTest(): void {
  beforeEach(() => {
    vi.useFakeTimers({ now: 1_000_000 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}

export function pool(
  bucket: MemoryBucket,
  extra: Partial<ConstructorParameters<typeof LeasePool>[0]> = {},
): LeasePool {
  return new LeasePool({
    store: bucket.store(DB_MS, systemClock.setTimeout),
    clock: systemClock,
    random: () => 0.5,
    ...extra,
  });
}

/** Keeps `n` requests of `cls` always waiting at `p`; counts those let through. */
export function greedy(p: LeasePool, cls: BudgetClass, n: number, stop: { now: boolean }) {
  const got = { count: 0 };
  const loop = async () => {
    while (!stop.now) {
      await p.take(cls);
      got.count += 1;
      // The request's round trip at the API, before the next of this worker.
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  for (let i = 0; i < n; i++) void loop();
  return got;
}
