/**
 * A CreateClock moved by hand: `sleep` waits until `advance` has moved time past it. A test
 * waits for the code under test to be asleep (`asleep()`), then moves time on: no test waits on
 * the real clock for a window to pass.
 */
import type { CreateClock } from '../operations/create-clock';

interface Sleeper {
  until: number;
  wake: () => void;
}

export class ManualClock implements CreateClock {
  private at: number;
  private readonly sleepers = new Set<Sleeper>();
  private readonly watchers = new Set<() => void>();

  constructor(start = Date.now()) {
    this.at = start;
  }

  now(): number {
    return this.at;
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      if (signal?.aborted) {
        reject(signal.reason);
        return;
      }
      const sleeper: Sleeper = {
        until: this.at + Math.max(0, ms),
        wake: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
      };
      const onAbort = () => {
        this.sleepers.delete(sleeper);
        reject(signal?.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.sleepers.add(sleeper);
      for (const watch of [...this.watchers]) watch();
    });
  }

  /** Moves time on by `ms` and wakes every sleeper whose time has come. */
  advance(ms: number): void {
    this.at += ms;
    for (const sleeper of [...this.sleepers]) {
      if (sleeper.until <= this.at) {
        this.sleepers.delete(sleeper);
        sleeper.wake();
      }
    }
  }

  /** How many are asleep now. */
  get sleeping(): number {
    return this.sleepers.size;
  }

  /** Resolves once something is asleep on this clock (at once if something is). */
  asleep(): Promise<void> {
    if (this.sleepers.size > 0) return Promise.resolve();
    return new Promise((resolve) => {
      const watch = () => {
        this.watchers.delete(watch);
        resolve();
      };
      this.watchers.add(watch);
    });
  }
}
