/**
 * A station's side of the floor's shared budget (issue 29): the requests of this console wait
 * here for a token of the account's bucket (bucket.ts) before they enter the station's own
 * limiter. Tokens come from the store in small grants — one for a person's request, a few for
 * background work, kept for `leaseMs` and given back if unused — so the database sees a few
 * queries a second, not one per request.
 *
 * When the store fails or is slower than `timeoutMs`, the station stops waiting for it at once:
 * every waiter goes on, and until the store answers a ping again (`retryMs` later) requests
 * pass straight through to the station's own adaptive limiter, exactly as a console without a
 * floor (budget-health.ts). A late answer to a timed-out ask is dropped.
 *
 * A person's request does not wait for the database at all while the station has credit
 * (interactive-credit.ts): it goes at once and is paid after.
 *
 * The clock is the limiter's (injectable), so fake timers drive this in tests.
 */
import type { BudgetSource } from '../../../kernel/api/budgeted-limiter';
import type { BudgetClass } from './bucket';
import { BudgetHealth } from './budget-health';
import type {
  BudgetClock,
  BudgetStatus,
  BudgetStore,
  LeaseAnswer,
  RefusalInfo,
} from './budget-store';
import { InteractiveCredit } from './interactive-credit';
import { LeaseWaiters } from './lease-waiters';

// The store's shapes lived here first; importers of lease-pool keep finding them here.
export {
  type BudgetClock,
  type BudgetStatus,
  type BudgetStore,
  budgetSystemClock,
  type LeaseAnswer,
} from './budget-store';

export interface LeasePoolOptions {
  store: BudgetStore;
  clock: BudgetClock;
  /** Longest wait for a person's request's lease before going on alone (default 150 ms). */
  timeoutMs?: number;
  /** Longest wait for a background lease before going on alone (default 1 s). */
  backgroundTimeoutMs?: number;
  /** How long after a failure the store is tried again (default 5 s). */
  retryMs?: number;
  /** How long granted tokens are kept before unused ones go back (default 1 s). */
  leaseMs?: number;
  /** Tokens background work asks for at once (default 3; up to twice that with a queue). */
  backgroundLease?: number;
  /** A person's requests that may go before they are paid for (default 2: a scan's calls). */
  interactiveCredit?: number;
  random?: () => number;
  onStatus?: (status: BudgetStatus) => void;
}

export class LeasePool implements BudgetSource {
  private readonly o: Required<Omit<LeasePoolOptions, 'onStatus'>> &
    Pick<LeasePoolOptions, 'onStatus'>;
  private readonly credit: InteractiveCredit | null;
  private readonly health: BudgetHealth;
  private readonly waiters = new LeaseWaiters();
  private held = 0;
  private heldUntil = 0;
  private asking = false;
  private sleep: { handle: unknown; cls: BudgetClass } | null = null;
  private expiry: unknown = null;
  private closed = false;
  /** Counts for tests and the bench: store round trips and grants. */
  readonly counts = { asks: 0, granted: 0, passedLocal: 0 };

  constructor(options: LeasePoolOptions) {
    this.o = {
      timeoutMs: 150,
      backgroundTimeoutMs: 1000,
      retryMs: 5000,
      leaseMs: 1000,
      backgroundLease: 3,
      interactiveCredit: 2,
      random: Math.random,
      ...options,
    };
    const store = this.o.store;
    this.health = new BudgetHealth({
      clock: this.o.clock,
      timeoutMs: this.o.timeoutMs,
      retryMs: this.o.retryMs,
      ping: () => store.ping(),
      ...(this.o.onStatus ? { onStatus: this.o.onStatus } : {}),
    });
    this.credit = store.spend
      ? new InteractiveCredit({
          size: this.o.interactiveCredit,
          pay: (tokens) => store.spend?.(tokens) ?? Promise.resolve({ tokens: 0, rate: 0 }),
          onPaid: (answer) => this.health.rate(answer.rate),
          onError: (error) => this.goLocal(error),
        })
      : null;
  }

  /** Requests sent on credit and the payments for them (tests and the bench). */
  get creditCounts(): { onCredit: number; payments: number } {
    return this.credit?.counts ?? { onCredit: 0, payments: 0 };
  }

  get mode(): BudgetStatus['mode'] {
    return this.health.current().mode;
  }

  currentStatus(): BudgetStatus {
    return this.health.current();
  }

  /** Resolves when this request may go on to the station's limiter. */
  take(cls: BudgetClass, signal?: AbortSignal): Promise<void> {
    if (this.closed || !this.health.shared) {
      this.counts.passedLocal += 1;
      this.health.maybeProbe(this.closed);
      return Promise.resolve();
    }
    if (signal?.aborted) return Promise.reject(signal.reason);
    // A person's request goes at once on the station's credit, paid after (no round trip to
    // the database before it), unless others already wait for a real grant.
    const queued = this.waiters.interactive() > 0;
    if (cls === 'interactive' && !queued && this.credit?.take()) return Promise.resolve();
    return this.waiters.add(cls, signal, () => {
      // A person's request does not sit out a wait that background work was told to take.
      if (cls === 'interactive' && this.sleep?.cls === 'background') this.wake();
      this.pump();
    });
  }

  /** A congestion 429 at this station: the floor's rate comes down (once per burst). */
  refused(info?: RefusalInfo): void {
    if (!this.health.shared) return;
    this.o.store.refused(info).catch((error) => this.goLocal(error));
  }

  /**
   * The floor's database is gone (its connections broke: the session or the pool saw it
   * before any lease asked): every waiter goes on at once, and requests pass through until a
   * ping succeeds.
   */
  offline(reason: string): void {
    this.goLocal(new Error(reason));
  }

  /** Gives back what is held and lets every waiter go on. */
  close(): void {
    this.closed = true;
    const owed = this.credit?.takeOwed() ?? 0;
    if (owed > 0 && this.health.shared) void this.o.store.spend?.(owed).catch(() => {});
    if (this.sleep) this.o.clock.clearTimeout(this.sleep.handle);
    if (this.expiry) this.o.clock.clearTimeout(this.expiry);
    this.returnHeld();
    this.releaseAll();
  }

  private pump(): void {
    if (!this.health.shared) {
      this.releaseAll();
      return;
    }
    const now = this.o.clock.now();
    if (this.held > 0 && now >= this.heldUntil) this.returnHeld();
    // Interactive waiters first, then in order.
    while (this.held > 0 && this.waiters.next()) this.held -= 1;
    if (this.waiters.length === 0 || this.asking || this.sleep) return;
    const interactive = this.waiters.interactive();
    const cls: BudgetClass = interactive > 0 ? 'interactive' : 'background';
    // A person's requests ask for just what waits (one scan rarely has company); background
    // work asks for a small lease, so a fetch-all asks the database every few requests (the
    // bucket gives it one token at a time while a person's request waits somewhere).
    const want =
      cls === 'interactive'
        ? Math.min(interactive, this.o.backgroundLease)
        : Math.max(
            this.o.backgroundLease,
            Math.min(this.waiters.length, 2 * this.o.backgroundLease),
          );
    void this.ask(cls, want);
  }

  private async ask(cls: BudgetClass, want: number): Promise<void> {
    this.asking = true;
    this.counts.asks += 1;
    const work = this.o.store.lease(cls, want);
    // A person waits at most `timeoutMs` for the database; background work up to a second.
    const limit = cls === 'interactive' ? this.o.timeoutMs : this.o.backgroundTimeoutMs;
    let late = false;
    const handle = this.o.clock.setTimeout(() => {
      late = true;
      this.slowAnswer(limit);
    }, limit);
    let answer: LeaseAnswer;
    try {
      answer = await work;
    } catch (error) {
      this.asking = false;
      this.goLocal(error);
      return;
    } finally {
      this.o.clock.clearTimeout(handle);
    }
    this.asking = false;
    if (!late) this.health.inTime();
    if (this.closed || !this.health.shared) {
      if (answer.granted > 0) void this.o.store.giveBack(answer.granted).catch(() => {});
      return;
    }
    this.health.rate(answer.rate);
    if (answer.granted > 0) {
      // Tokens for a person's request: the bucket is not overdrawn, so the credit is whole.
      if (cls === 'interactive') this.credit?.restore();
      this.counts.granted += answer.granted;
      this.hold(answer.granted);
      // Less than asked for: the bucket is empty now, so asking again at once would only be
      // told to wait. Wait as long as about half the ask takes to refill. (One token because
      // a person waits somewhere is all that was on offer, not an empty bucket: ask again.)
      const offered = Math.min(want, answer.asked ?? want);
      if (cls === 'background' && answer.granted < offered && answer.rate > 0) {
        this.nap(cls, (Math.ceil(want / 2) / answer.rate) * 1000);
      }
    } else {
      this.nap(cls, answer.waitMs);
    }
    this.pump();
  }

  /** Granted tokens, kept for `leaseMs` for this station's next requests. */
  private hold(tokens: number): void {
    this.held += tokens;
    this.heldUntil = this.o.clock.now() + this.o.leaseMs;
    if (this.expiry) this.o.clock.clearTimeout(this.expiry);
    this.expiry = this.o.clock.setTimeout(() => {
      this.expiry = null;
      this.pump();
    }, this.o.leaseMs);
  }

  /**
   * The database is slower than the wait allowed: a person waiting goes on alone for this
   * request (the answer, when it comes, still counts); background work keeps waiting for the
   * answer, since no one waits on it and, sent alone, it is what overshoots the account on a
   * loaded floor (429s, which cut the whole floor's rate). Three slow answers in a row and the
   * station goes on alone altogether until a ping succeeds.
   */
  private slowAnswer(limit: number): void {
    const { goLocal, error } = this.health.slow(limit);
    if (goLocal) this.goLocal(error);
    else this.counts.passedLocal += this.waiters.release('interactive');
  }

  private nap(cls: BudgetClass, ms: number): void {
    // Stations told to wait the same time would all ask at once; background spreads out.
    const jitter = cls === 'background' ? 1 + 0.5 * this.o.random() : 1;
    const handle = this.o.clock.setTimeout(
      () => {
        this.sleep = null;
        this.pump();
      },
      Math.max(1, ms * jitter),
    );
    this.sleep = { handle, cls };
  }

  private wake(): void {
    if (!this.sleep) return;
    this.o.clock.clearTimeout(this.sleep.handle);
    this.sleep = null;
  }

  private returnHeld(): void {
    const tokens = this.held;
    this.held = 0;
    if (tokens > 0 && this.health.shared) {
      void this.o.store.giveBack(tokens).catch(() => {});
    }
  }

  /** The store failed: every waiter goes on alone, now and until a ping succeeds. */
  private goLocal(error: unknown): void {
    this.health.local(error);
    this.held = 0;
    this.credit?.forget();
    this.wake();
    this.releaseAll();
  }

  private releaseAll(): void {
    this.counts.passedLocal += this.waiters.release();
  }
}
