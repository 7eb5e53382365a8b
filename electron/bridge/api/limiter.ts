/**
 * The account-wide limiter: every request the console makes passes through one of these. The
 * account's rate limit is shared with everyone using it (spec, Authentication 7), so bulk work
 * is spread out rather than sent in bursts:
 *
 * - at most `concurrency` requests in flight;
 * - spacing: a request starts no sooner than 1/rate after the previous one started;
 * - two priorities: a waiting `interactive` request always starts before a waiting
 *   `background` one (what the person is looking at beats exports and fetch-alls);
 * - on a 429 the WHOLE queue pauses for the Retry-After, then resumes;
 * - the rate adapts to the 429s (see adaptive-rate.ts).
 *
 * Hand-written on purpose: p-queue has concurrency and interval caps but no way to pause the
 * whole queue for a server-given wait or to change its rate from the answers; bottleneck has
 * reservoirs but is unmaintained (last release 2019) and also lacks a queue-wide pause on
 * Retry-After. The whole thing is one queue and one timer.
 *
 * The clock is injectable; the default reads Date.now and the global timers at call time, so
 * vitest's fake timers drive it too.
 */
import type { ThrottleState } from '../../../shared/contract/values';
import { BridgeFailure } from '../failure';
import { AdaptiveRate, type AdaptiveRateOptions } from './adaptive-rate';
import { MAX_RETRY_AFTER_SECONDS } from './retry-after';

export type Priority = 'interactive' | 'background';

export interface LimiterClock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemClock: LimiterClock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface AccountLimiterOptions extends AdaptiveRateOptions {
  /** Requests in flight at once (default 4). */
  concurrency?: number;
  /** Longest pause a Retry-After may impose, in seconds (default 300). */
  maxPauseSeconds?: number;
  clock?: LimiterClock;
}

/** A started request's place in the limiter; report how it went exactly once. */
export interface Slot {
  readonly startedAt: number;
  /** The service answered with anything but 429. */
  answered(): void;
  /** No answer (network error, timeout, cancelled): frees the slot, teaches nothing. */
  failed(): void;
  /** A 429: pauses the whole queue for `retryAfterSeconds` and lowers the rate. */
  throttled(retryAfterSeconds: number): void;
}

interface Waiter {
  resolve(slot: Slot): void;
  reject(error: unknown): void;
  detach(): void;
}

export class AccountLimiter {
  private readonly clock: LimiterClock;
  private readonly concurrency: number;
  private readonly maxPauseMs: number;
  private readonly adaptive: AdaptiveRate;
  private readonly queues: Record<Priority, Waiter[]> = { interactive: [], background: [] };
  private readonly listeners = new Set<(state: ThrottleState) => void>();
  private inFlight = 0;
  private lastStart = Number.NEGATIVE_INFINITY;
  private pausedUntil = 0;
  private throttledCount = 0;
  private retrying = { count: 0, lastError: null as string | null };
  private timer: { handle: unknown; at: number } | null = null;

  constructor(options: AccountLimiterOptions = {}) {
    this.clock = options.clock ?? systemClock;
    this.concurrency = Math.max(1, Math.floor(options.concurrency ?? 4));
    this.maxPauseMs = (options.maxPauseSeconds ?? MAX_RETRY_AFTER_SECONDS) * 1000;
    this.adaptive = new AdaptiveRate(options);
  }

  /** The current rate in requests per second. */
  get rate(): number {
    return this.adaptive.rate;
  }

  /**
   * Waits for a slot. Rejects with BridgeFailure 'cancelled' if `signal` aborts first (the
   * request then never started and never counts).
   */
  acquire(priority: Priority, signal?: AbortSignal): Promise<Slot> {
    if (signal?.aborted) return Promise.reject(cancelled());
    return new Promise<Slot>((resolve, reject) => {
      const queue = this.queues[priority];
      const onAbort = () => {
        const i = queue.indexOf(waiter);
        if (i >= 0) queue.splice(i, 1);
        reject(cancelled());
        this.pump();
      };
      const waiter: Waiter = {
        resolve,
        reject,
        detach: () => signal?.removeEventListener('abort', onAbort),
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      queue.push(waiter);
      this.pump();
    });
  }

  /** Runs `task` in a slot; a convenience for work that is not an HTTP request. */
  async run<T>(priority: Priority, task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    const slot = await this.acquire(priority, signal);
    try {
      const result = await task();
      slot.answered();
      return result;
    } catch (error) {
      slot.failed();
      throw error;
    }
  }

  /** A retry after a network or server error is under way (for the "retrying" banner). */
  retryStarted(reason: string): () => void {
    this.retrying = { count: this.retrying.count + 1, lastError: reason };
    this.emit();
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.retrying = { ...this.retrying, count: Math.max(0, this.retrying.count - 1) };
      this.emit();
    };
  }

  state(): ThrottleState {
    const now = this.clock.now();
    return {
      queued: {
        interactive: this.queues.interactive.length,
        background: this.queues.background.length,
      },
      inFlight: this.inFlight,
      rate: Math.round(this.adaptive.rate * 100) / 100,
      pausedUntil: this.pausedUntil > now ? this.pausedUntil : null,
      throttled: this.throttledCount,
      retrying: { ...this.retrying },
    };
  }

  /** Calls `listener` with the new state after every change; returns the unsubscribe. */
  onChange(listener: (state: ThrottleState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private pump(): void {
    for (;;) {
      const queue = this.queues.interactive.length > 0 ? 'interactive' : 'background';
      const waiters = this.queues[queue];
      if (waiters.length === 0 || this.inFlight >= this.concurrency) break;
      const now = this.clock.now();
      const interval = 1000 / this.adaptive.rate;
      const earliest = Math.max(this.pausedUntil, this.lastStart + interval);
      if (now < earliest) {
        this.wakeAt(earliest);
        break;
      }
      const waiter = waiters.shift() as Waiter;
      waiter.detach();
      // "Pressed": this request had company or waited for the spacing, so the rate was what
      // held it back; only such requests are evidence that a higher rate would be used.
      const pressed =
        this.queues.interactive.length + this.queues.background.length > 0 ||
        now - this.lastStart < 1.5 * interval;
      this.inFlight += 1;
      // Spacing counts from when this start was due, not from when the timer got to run: a
      // busy event loop (parsing a 3 MB page) fires timers late, and carrying that lateness
      // forward would lower the rate for nothing. Only lateness up to half an interval is
      // made up (so two starts are never closer than half the spacing); after idle time the
      // spacing counts from now.
      this.lastStart = now - earliest <= interval / 2 ? earliest : now;
      this.adaptive.started(now);
      waiter.resolve(this.slot(now, pressed));
    }
    this.emit();
  }

  private slot(startedAt: number, pressed: boolean): Slot {
    let done = false;
    const release = (): boolean => {
      if (done) return false;
      done = true;
      this.inFlight -= 1;
      return true;
    };
    return {
      startedAt,
      answered: () => {
        if (!release()) return;
        this.adaptive.succeeded(pressed);
        this.pump();
      },
      failed: () => {
        if (release()) this.pump();
      },
      throttled: (retryAfterSeconds) => {
        if (!release()) return;
        const now = this.clock.now();
        this.throttledCount += 1;
        const waitMs = Math.min(this.maxPauseMs, Math.max(0, retryAfterSeconds * 1000));
        this.pausedUntil = Math.max(this.pausedUntil, now + waitMs);
        this.adaptive.throttled(startedAt, now);
        // Wake at the end of the pause even with nothing queued, so listeners hear it ended.
        this.wakeAt(this.pausedUntil);
        this.pump();
      },
    };
  }

  private wakeAt(at: number): void {
    if (this.timer && this.timer.at <= at) return;
    if (this.timer) this.clock.clearTimeout(this.timer.handle);
    const handle = this.clock.setTimeout(
      () => {
        this.timer = null;
        this.pump();
      },
      Math.max(0, at - this.clock.now()),
    );
    this.timer = { handle, at };
  }

  private emit(): void {
    if (this.listeners.size === 0) return;
    const state = this.state();
    for (const listener of this.listeners) {
      try {
        listener(state);
      } catch {
        // A broken listener (a closed window) must not stop the queue.
      }
    }
  }
}

function cancelled(): BridgeFailure {
  return new BridgeFailure('cancelled', 'Cancelled.');
}
