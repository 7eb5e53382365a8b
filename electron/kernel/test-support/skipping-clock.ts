/**
 * A clock whose waits take no real time: for tests against the real sandbox over HTTP, where
 * the requests must run on real time but the client's own pauses (a 429's Retry-After, the
 * pause between a create's lookups) need not. Each timer still fires in order of its due time,
 * and the clock's time jumps to that due time as it fires, so the code sees every wait it asked
 * for pass: a Retry-After of 1 s is still 1 s later by this clock. Time also moves with the
 * real clock in between (now = real time + every jump so far), so the durations the limiter
 * measures around real requests stay real.
 *
 * Timers fire one per turn of the event loop (setImmediate), so answers on their way over the
 * network are taken in between, as they would be while a real timer ran. Implements the
 * limiter's clock (LimiterClock) and a create's clock (CreateClock).
 */
import type { LimiterClock } from '../api/limiter';
import type { CreateClock } from '../operations/create-clock';

interface Timer {
  due: number;
  order: number;
  callback: () => void;
}

export class SkippingClock implements LimiterClock, CreateClock {
  private skipped = 0;
  private count = 0;
  private readonly timers = new Set<Timer>();
  private pumping = false;

  now(): number {
    return Date.now() + this.skipped;
  }

  /** How far this clock is ahead of the real one: the waits it skipped, in ms. */
  get skippedMs(): number {
    return this.skipped;
  }

  setTimeout(callback: () => void, ms: number): unknown {
    const timer: Timer = { due: this.now() + Math.max(0, ms), order: this.count++, callback };
    this.timers.add(timer);
    this.pump();
    return timer;
  }

  clearTimeout(handle: unknown): void {
    this.timers.delete(handle as Timer);
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      if (signal?.aborted) {
        reject(signal.reason);
        return;
      }
      const onAbort = () => {
        this.clearTimeout(handle);
        reject(signal?.reason);
      };
      const handle = this.setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  /** Fires the earliest timer on the next turn of the event loop, then the next, and so on. */
  private pump(): void {
    if (this.pumping) return;
    this.pumping = true;
    setImmediate(() => {
      this.pumping = false;
      let next: Timer | undefined;
      for (const timer of this.timers) {
        if (!next || timer.due < next.due || (timer.due === next.due && timer.order < next.order))
          next = timer;
      }
      if (!next) return;
      this.timers.delete(next);
      const now = this.now();
      if (next.due > now) this.skipped += next.due - now;
      if (this.timers.size > 0) this.pump();
      next.callback();
    });
  }
}
