/**
 * The limiter with a budget source in front (issue 29): where several consoles share one
 * account through something outside this console — the floor's database — a request first
 * waits for that source's go-ahead, then for its place in this console's own queue
 * (limiter.ts: spacing, Retry-After pauses, the adaptive rate). A congestion 429 still
 * teaches this console's limiter and is also reported to the source, so every console of the
 * account slows down. A source that cannot be reached lets requests through at once, and
 * what remains is exactly the plain limiter.
 *
 * The kernel knows only this interface; the floor domain implements it (its lease pool) and
 * the composition hands the bridge a BudgetedLimiter when a floor is configured.
 */
import { BridgeFailure } from '../failure';
import {
  AccountLimiter,
  type AccountLimiterOptions,
  type Priority,
  type Slot,
  systemClock,
} from './limiter';

export interface BudgetSource {
  /**
   * Resolves when one request of `priority` may go on to this console's limiter. Rejects
   * only when `signal` aborts; a source in trouble resolves (the request goes on alone).
   */
  take(priority: Priority, signal?: AbortSignal): Promise<void>;
  /** A congestion 429 met here (with what is known of it: see BudgetRefusal). */
  refused(info?: BudgetRefusal): void;
  close(): void;
  /**
   * Whether the source is in use now (default: always). When it says no, a request goes
   * straight to this console's limiter, exactly as on a plain AccountLimiter: a console whose
   * floor may be set up later keeps today's behaviour until then.
   */
  active?(): boolean;
}

/** A 429 as the source hears of it. */
export interface BudgetRefusal {
  /**
   * How long ago the refused request was sent (ms): a 429 of a request sent before the
   * source last slowed down belongs to the burst it already slowed down for.
   */
  sentAgoMs?: number;
  /** The 429's Retry-After, in seconds. */
  retryAfterSeconds?: number;
}

export interface BudgetedLimiterOptions extends AccountLimiterOptions {
  budget: BudgetSource;
}

export class BudgetedLimiter extends AccountLimiter {
  readonly budget: BudgetSource;
  private readonly now: () => number;

  constructor(options: BudgetedLimiterOptions) {
    super(options);
    this.budget = options.budget;
    const clock = options.clock ?? systemClock;
    this.now = () => clock.now();
  }

  override acquire(priority: Priority, signal?: AbortSignal): Promise<Slot> {
    if (this.budget.active && !this.budget.active()) return super.acquire(priority, signal);
    return this.acquireBudgeted(priority, signal);
  }

  private async acquireBudgeted(priority: Priority, signal?: AbortSignal): Promise<Slot> {
    try {
      await this.budget.take(priority, signal);
    } catch (error) {
      if (signal?.aborted) throw new BridgeFailure('cancelled', 'Cancelled.');
      throw error;
    }
    const slot = await super.acquire(priority, signal);
    const budget = this.budget;
    return {
      startedAt: slot.startedAt,
      answered: () => slot.answered(),
      failed: () => slot.failed(),
      throttled: (retryAfterSeconds, abort) => {
        budget.refused({ sentAgoMs: this.now() - slot.startedAt, retryAfterSeconds });
        return slot.throttled(retryAfterSeconds, abort);
      },
    };
  }

  close(): void {
    this.budget.close();
  }
}
