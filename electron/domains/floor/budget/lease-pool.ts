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
 * floor. A late answer to a timed-out ask is dropped.
 *
 * A person's request does not wait for the database at all while the station has credit
 * (interactive-credit.ts): it goes at once and is paid after.
 *
 * The clock is the limiter's (injectable), so fake timers drive this in tests.
 */
import type { BudgetSource } from '../../../kernel/api/budgeted-limiter';
import type { BudgetClass } from './bucket';
import type { BudgetClock, BudgetStatus, BudgetStore, LeaseAnswer } from './budget-store';
import { InteractiveCredit } from './interactive-credit';

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

interface Waiter {
  cls: BudgetClass;
  resolve(): void;
  detach(): void;
}

/** Slow answers in a row after which the station stops asking for a while. */
const SLOW_IN_A_ROW = 3;

export class LeasePool implements BudgetSource {
  private readonly o: Required<Omit<LeasePoolOptions, 'onStatus'>> &
    Pick<LeasePoolOptions, 'onStatus'>;
  private readonly credit: InteractiveCredit | null;
  private readonly waiters: Waiter[] = [];
  private held = 0;
  private heldUntil = 0;
  private asking = false;
  private sleep: { handle: unknown; cls: BudgetClass } | null = null;
  private expiry: unknown = null;
  private status: BudgetStatus = { mode: 'shared', rate: null };
  private probing = false;
  private closed = false;
  private slowInARow = 0;
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
    this.credit = store.spend
      ? new InteractiveCredit({
          size: this.o.interactiveCredit,
          pay: (tokens) => store.spend?.(tokens) ?? Promise.resolve({ tokens: 0, rate: 0 }),
          onPaid: (answer) => {
            if (this.status.mode === 'shared')
              this.setStatus({ mode: 'shared', rate: answer.rate });
          },
          onError: (error) => this.goLocal(error),
        })
      : null;
  }

  /** Requests sent on credit and the payments for them (tests and the bench). */
  get creditCounts(): { onCredit: number; payments: number } {
    return this.credit?.counts ?? { onCredit: 0, payments: 0 };
  }

  get mode(): BudgetStatus['mode'] {
    return this.status.mode;
  }

  currentStatus(): BudgetStatus {
    return this.status;
  }

  /** Resolves when this request may go on to the station's limiter. */
  take(cls: BudgetClass, signal?: AbortSignal): Promise<void> {
    if (this.closed || this.status.mode === 'local') {
      this.counts.passedLocal += 1;
      this.maybeProbe();
      return Promise.resolve();
    }
    if (signal?.aborted) return Promise.reject(signal.reason);
    // A person's request goes at once on the station's credit, paid after (no round trip to
    // the database before it), unless others already wait for a real grant.
    const queued = this.waiters.some((w) => w.cls === 'interactive');
    if (cls === 'interactive' && !queued && this.credit?.take()) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      const onAbort = () => {
        const i = this.waiters.indexOf(waiter);
        if (i >= 0) this.waiters.splice(i, 1);
        reject(signal?.reason);
      };
      const waiter: Waiter = {
        cls,
        resolve,
        detach: () => signal?.removeEventListener('abort', onAbort),
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiters.push(waiter);
      // A person's request does not sit out a wait that background work was told to take.
      if (cls === 'interactive' && this.sleep?.cls === 'background') this.wake();
      this.pump();
    });
  }

  /** A congestion 429 at this station: the floor's rate comes down. */
  refused(): void {
    if (this.status.mode !== 'shared') return;
    this.o.store.refused().catch((error) => this.goLocal(error));
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
    if (owed > 0 && this.status.mode === 'shared') void this.o.store.spend?.(owed).catch(() => {});
    if (this.sleep) this.o.clock.clearTimeout(this.sleep.handle);
    if (this.expiry) this.o.clock.clearTimeout(this.expiry);
    this.returnHeld();
    this.releaseAll();
  }

  private pump(): void {
    if (this.status.mode !== 'shared') {
      this.releaseAll();
      return;
    }
    const now = this.o.clock.now();
    if (this.held > 0 && now >= this.heldUntil) this.returnHeld();
    // Interactive waiters first, then in order.
    while (this.held > 0 && this.waiters.length > 0) {
      const i = this.waiters.findIndex((w) => w.cls === 'interactive');
      const [waiter] = this.waiters.splice(i >= 0 ? i : 0, 1);
      this.held -= 1;
      waiter?.detach();
      waiter?.resolve();
    }
    if (this.waiters.length === 0 || this.asking || this.sleep) return;
    const interactive = this.waiters.filter((w) => w.cls === 'interactive').length;
    const cls: BudgetClass = interactive > 0 ? 'interactive' : 'background';
    // A person's requests ask for just what waits (one scan rarely has company); background
    // work asks for a small lease, so a fetch-all asks the database every few requests.
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
    if (!late) this.slowInARow = 0;
    if (this.closed || this.status.mode !== 'shared') {
      if (answer.granted > 0) void this.o.store.giveBack(answer.granted).catch(() => {});
      return;
    }
    this.setStatus({ mode: 'shared', rate: answer.rate });
    if (answer.granted > 0) {
      // Tokens for a person's request: the bucket is not overdrawn, so the credit is whole.
      if (cls === 'interactive') this.credit?.restore();
      this.counts.granted += answer.granted;
      this.held += answer.granted;
      this.heldUntil = this.o.clock.now() + this.o.leaseMs;
      if (this.expiry) this.o.clock.clearTimeout(this.expiry);
      this.expiry = this.o.clock.setTimeout(() => {
        this.expiry = null;
        this.pump();
      }, this.o.leaseMs);
      // Less than asked for: the bucket is empty now, so asking again at once would only be
      // told to wait. Wait as long as about half the ask takes to refill.
      if (cls === 'background' && answer.granted < want && answer.rate > 0) {
        this.nap(cls, (Math.ceil(want / 2) / answer.rate) * 1000);
      }
    } else {
      this.nap(cls, answer.waitMs);
    }
    this.pump();
  }

  /**
   * The database is slower than the wait allowed: a person waiting goes on alone for this
   * request (the answer, when it comes, still counts); background work keeps waiting for the
   * answer, since no one waits on it and, sent alone, it is what overshoots the account on a
   * loaded floor (429s, which cut the whole floor's rate). Three slow answers in a row and the
   * station goes on alone altogether until a ping succeeds.
   */
  private slowAnswer(limit: number): void {
    this.slowInARow += 1;
    const error = new Error(`the floor's database did not answer within ${limit} ms`);
    if (this.slowInARow >= SLOW_IN_A_ROW) this.goLocal(error);
    else this.release((w) => w.cls === 'interactive');
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
    if (tokens > 0 && this.status.mode === 'shared') {
      void this.o.store.giveBack(tokens).catch(() => {});
    }
  }

  private withTimeout<T>(work: Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const handle = this.o.clock.setTimeout(
        () =>
          reject(new Error(`the floor's database did not answer within ${this.o.timeoutMs} ms`)),
        this.o.timeoutMs,
      );
      work.then(
        (value) => {
          this.o.clock.clearTimeout(handle);
          resolve(value);
        },
        (error) => {
          this.o.clock.clearTimeout(handle);
          reject(error);
        },
      );
    });
  }

  /** The store failed: every waiter goes on alone, now and until a ping succeeds. */
  private goLocal(error: unknown): void {
    if (this.status.mode === 'shared') {
      const reason = error instanceof Error ? error.message : String(error);
      this.setStatus({ mode: 'local', reason, since: this.o.clock.now() });
    }
    this.held = 0;
    this.credit?.forget();
    this.wake();
    this.releaseAll();
  }

  private maybeProbe(): void {
    if (this.closed || this.probing || this.status.mode !== 'local') return;
    if (this.o.clock.now() - this.status.since < this.o.retryMs) return;
    this.probing = true;
    this.withTimeout(this.o.store.ping()).then(
      () => {
        this.probing = false;
        this.setStatus({ mode: 'shared', rate: null });
      },
      (error) => {
        this.probing = false;
        const reason = error instanceof Error ? error.message : String(error);
        this.setStatus({ mode: 'local', reason, since: this.o.clock.now() });
      },
    );
  }

  private releaseAll(): void {
    this.release(() => true);
  }

  private release(which: (waiter: Waiter) => boolean): void {
    for (const waiter of this.waiters.filter(which)) {
      this.waiters.splice(this.waiters.indexOf(waiter), 1);
      this.counts.passedLocal += 1;
      waiter.detach();
      waiter.resolve();
    }
  }

  private setStatus(status: BudgetStatus): void {
    const changed =
      status.mode !== this.status.mode ||
      (status.mode === 'shared' &&
        this.status.mode === 'shared' &&
        status.rate !== this.status.rate);
    this.status = status;
    if (changed) this.o.onStatus?.(status);
  }
}
