/**
 * The clock a create's waits run on: when it was sent, how long to keep looking, the pause
 * between lookups. Injected so tests (and the restart scenarios' child consoles) move time on
 * by hand instead of waiting minutes for a window to pass.
 */
import { setTimeout as sleepFor } from 'node:timers/promises';

export interface CreateClock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Resolves after `ms`; rejects when `signal` aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const realClock: CreateClock = {
  now: () => Date.now(),
  sleep: (ms, signal) => sleepFor(ms, undefined, signal ? { signal } : {}),
};
