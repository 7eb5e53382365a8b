/**
 * The account-wide limiter: every request the console makes passes through one of these. The
 * account's rate limit is shared with everyone using it (spec, Authentication 7): many
 * stations on one account, each seeing only its own queue and the account's answers (429,
 * Retry-After), with no coordinator of our own. So bulk work leaves headroom and backs off
 * first, and interactive calls anywhere stay fast:
 *
 * - at most `concurrency` requests in flight;
 * - two priorities: a waiting `interactive` request always starts before a waiting
 *   `background` one (what the person is looking at beats exports and fetch-alls);
 * - pacing (pacing.ts): bulk work at the learnt rate, a share of what the account admits us,
 *   in small trains so that bulk meets an emptying bucket before other stations' calls do;
 *   interactive calls at the whole learnt share;
 * - a refused request waits its own Retry-After, always. When the 429 says the account is
 *   exhausted (refusals.ts) the whole queue also pauses for the Retry-After, bulk work for
 *   `backgroundPauseFactor` times as long (jittered, so stations do not resume in step), and
 *   the rates drop (adaptive-rate.ts): the bucket refills for interactive calls here and at
 *   other stations. A random refusal among successes delays only the refused request;
 * - the rates recover: back to cruise within seconds after a congestion 429, not lowered by
 *   a storm (nothing admitted says nothing about the rate), and a learnt share grows again
 *   once others stop using the account.
 *
 * Hand-written on purpose: p-queue has concurrency and interval caps but no way to pause the
 * whole queue for a server-given wait or to change its rate from the answers; bottleneck has
 * reservoirs but is unmaintained (last release 2019) and also lacks a queue-wide pause on
 * Retry-After. The whole thing is one queue and one timer.
 *
 * The clock is injectable; the default reads Date.now and the global timers at call time, so
 * vitest's fake timers drive it too (and test-support/sim-clock.ts runs minutes in a moment).
 */
import type { ThrottleState } from '@shared/contract/values';
import { BridgeFailure } from '../failure';
import { AdaptiveRate, type AdaptiveRateOptions } from './adaptive-rate';
import { Pacing, type Priority } from './pacing';
import { type RefusalOptions, Refusals, type TrainCar } from './refusals';
import { MAX_RETRY_AFTER_SECONDS } from './retry-after';

export type { Priority } from './pacing';

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

export interface AccountLimiterOptions extends AdaptiveRateOptions, RefusalOptions {
  /** Requests in flight at once (default 4). */
  concurrency?: number;
  /** Longest pause a Retry-After may impose, in seconds (default 300). */
  maxPauseSeconds?: number;
  /** Bulk requests sent together, a train every `backgroundTrain` spacings (default 2). */
  backgroundTrain?: number;
  /** Bulk work waits this many Retry-Afters after a congestion 429 (default 2, ±25 %). */
  backgroundPauseFactor?: number;
  clock?: LimiterClock;
  /** For the jitter (tests pass a seeded one). */
  random?: () => number;
}

/** A started request's place in the limiter; report how it went exactly once. */
export interface Slot {
  readonly startedAt: number;
  /** The service answered with anything but 429. */
  answered(): void;
  /** No answer (network error, timeout, cancelled): frees the slot, teaches nothing. */
  failed(): void;
  /**
   * A 429. Resolves when the refused request may queue again (its Retry-After has passed, or
   * `signal` aborted); may also pause the whole queue and lower the rate (see above).
   */
  throttled(retryAfterSeconds: number, signal?: AbortSignal): Promise<void>;
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
  private readonly backgroundPauseFactor: number;
  private readonly random: () => number;
  private readonly adaptive: AdaptiveRate;
  private readonly refusals: Refusals;
  private readonly queues: Record<Priority, Waiter[]> = { interactive: [], background: [] };
  private readonly listeners = new Set<(state: ThrottleState) => void>();
  private inFlight = 0;
  private readonly pacing: Pacing;
  /** Until then nothing starts; bulk work waits until `backgroundPausedUntil` as well. */
  private pausedUntil = 0;
  private backgroundPausedUntil = 0;
  /** When the limiter last reacted to congestion: 429s of requests sent before are old news. */
  private lastCongestionAt = Number.NEGATIVE_INFINITY;
  /** Since when work has been waiting or in flight without a break (for the measurement). */
  private busySince = 0;
  private idleSince: number | null = 0;
  /** Refused requests waiting out their Retry-After: work, though neither queued nor in flight. */
  private waitingRetry = 0;
  private throttledCount = 0;
  private retrying = { count: 0, lastError: null as string | null };
  private timer: { handle: unknown; at: number } | null = null;

  constructor(options: AccountLimiterOptions = {}) {
    this.clock = options.clock ?? systemClock;
    this.concurrency = Math.max(1, Math.floor(options.concurrency ?? 4));
    this.maxPauseMs = (options.maxPauseSeconds ?? MAX_RETRY_AFTER_SECONDS) * 1000;
    this.backgroundPauseFactor = Math.max(1, options.backgroundPauseFactor ?? 2);
    this.pacing = new Pacing(Math.max(1, Math.floor(options.backgroundTrain ?? 2)));
    this.random = options.random ?? Math.random;
    this.adaptive = new AdaptiveRate(options);
    this.refusals = new Refusals(options);
  }

  /** The rate bulk work is paced at, in requests per second. */
  get rate(): number {
    return this.adaptive.rate;
  }

  /** The rate interactive calls are spaced at: the whole share of the account learnt. */
  get interactiveRate(): number {
    return this.adaptive.interactiveRate;
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
      this.markBusy();
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
    // The banner's pause: bulk work's, when bulk work is what waits.
    const paused =
      this.queues.background.length > 0
        ? Math.max(this.pausedUntil, this.backgroundPausedUntil)
        : this.pausedUntil;
    return {
      queued: {
        interactive: this.queues.interactive.length,
        background: this.queues.background.length,
      },
      inFlight: this.inFlight,
      rate: Math.round(this.adaptive.rate * 100) / 100,
      pausedUntil: paused > now ? paused : null,
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
    while (this.inFlight < this.concurrency) {
      const priority: Priority = this.queues.interactive.length > 0 ? 'interactive' : 'background';
      const waiters = this.queues[priority];
      if (waiters.length === 0) break;
      const now = this.clock.now();
      const due = this.pacing.due(priority, now, {
        interactiveRate: this.adaptive.interactiveRate,
        backgroundRate: this.adaptive.rate,
        pausedUntil: this.pausedUntil,
        backgroundPausedUntil: this.backgroundPausedUntil,
      });
      if (now < due.at) {
        this.wakeAt(due.at);
        break;
      }
      const waiter = waiters.shift() as Waiter;
      waiter.detach();
      // "Pressed": this request had company or waited for the spacing, so the rate was what
      // held it back; only such requests are evidence that a higher rate would be used.
      const pressed =
        this.queues.interactive.length + this.queues.background.length > 0 ||
        this.pacing.sinceLastStart(now) < 1.5 * due.interval;
      this.inFlight += 1;
      this.pacing.started(priority, now, due);
      // A bulk train's later requests are the ones an emptying bucket refuses (refusals.ts).
      const car: TrainCar | undefined =
        priority === 'background' ? (due.joinsTrain ? 'later' : 'first') : undefined;
      waiter.resolve(this.slot(now, pressed, car));
    }
    this.markIdleIfSo();
    this.emit();
  }

  private markBusy(): void {
    if (this.idleSince === null) return;
    const now = this.clock.now();
    if (now - this.idleSince > IDLE_GAP_MS) this.busySince = now;
    this.idleSince = null;
  }

  private markIdleIfSo(): void {
    const idle =
      this.inFlight === 0 &&
      this.waitingRetry === 0 &&
      this.queues.interactive.length + this.queues.background.length === 0;
    if (idle && this.idleSince === null) this.idleSince = this.clock.now();
  }

  private slot(startedAt: number, pressed: boolean, car: TrainCar | undefined): Slot {
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
        this.refusals.succeeded(startedAt < this.lastCongestionAt, car);
        this.adaptive.succeeded(startedAt, this.clock.now(), pressed);
        this.pump();
      },
      failed: () => {
        if (release()) this.pump();
      },
      throttled: (retryAfterSeconds, signal) => {
        if (!release()) return Promise.resolve();
        const waitMs = Math.min(this.maxPauseMs, Math.max(0, retryAfterSeconds * 1000));
        this.throttledCount += 1;
        this.onRefused(startedAt, waitMs, car);
        this.waitingRetry += 1;
        this.pump();
        return this.sleep(waitMs, signal).then(() => {
          this.waitingRetry -= 1;
          this.markIdleIfSo();
        });
      },
    };
  }

  private onRefused(startedAt: number, waitMs: number, car: TrainCar | undefined): void {
    const now = this.clock.now();
    const newEvent = startedAt >= this.lastCongestionAt;
    const verdict = this.refusals.refused(now, newEvent, car);
    if (verdict.kind === 'noise') {
      this.adaptive.undoCuts(verdict.misjudged, now);
      this.adaptive.noise(startedAt);
      this.emit();
      return;
    }
    this.pausedUntil = Math.max(this.pausedUntil, now + waitMs);
    const jitter = 0.75 + 0.5 * this.random();
    this.backgroundPausedUntil = Math.max(
      this.backgroundPausedUntil,
      now + waitMs * this.backgroundPauseFactor * jitter,
    );
    // Bulk work's own pause: what the account could not have admitted us (adaptive-rate.ts).
    this.adaptive.paused(now, this.backgroundPausedUntil);
    if (newEvent) {
      this.lastCongestionAt = now;
      this.adaptive.throttled(startedAt, now, this.busySince, !this.refusals.noisyEpisode);
    }
    // Wake at the end of the pause even with nothing queued, so listeners hear it ended.
    this.wakeAt(this.pausedUntil);
  }

  private sleep(ms: number, signal?: AbortSignal): Promise<void> {
    if (ms <= 0 || signal?.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      };
      const handle = this.clock.setTimeout(done, ms);
      const onAbort = () => {
        this.clock.clearTimeout(handle);
        done();
      };
      signal?.addEventListener('abort', onAbort, { once: true });
    });
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

/** No work for longer than this starts a new stretch of sending (see markBusy). */
const IDLE_GAP_MS = 1000;

function cancelled(): BridgeFailure {
  return new BridgeFailure('cancelled', 'Cancelled.');
}
