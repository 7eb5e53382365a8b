/**
 * What a station's lease pool (lease-pool.ts) needs of the place the account's bucket lives —
 * the floor's database (pg-budget-store.ts) or a stand-in in tests (memory-budget-store.ts) —
 * and of the clock, and what it says about itself.
 */
import { type LimiterClock, systemClock } from '../../../kernel/api/limiter';
import type { BudgetClass } from './bucket';
import type { SpendAnswer } from './interactive-credit';

/**
 * The limiter's clock, as it is: the budget's waits run on the same one (fake timers drive both
 * in tests), and systemClock reads Date.now and the global timers at call time.
 */
export type BudgetClock = LimiterClock;
export const budgetSystemClock: BudgetClock = systemClock;

/** What a station knows of a 429 it met (kernel/api/budgeted-limiter.ts passes it on). */
export interface RefusalInfo {
  /** How long ago the refused request was sent (ms, the station's clock). */
  sentAgoMs?: number;
  /** The 429's Retry-After. */
  retryAfterSeconds?: number;
}

export interface LeaseAnswer {
  granted: number;
  /**
   * What the bucket would grant at most (one token while a person's request waits); a
   * grant of all of it says the bucket is not empty (no need to wait before asking again).
   */
  asked?: number;
  waitMs: number;
  /** The floor's rate now, for the throttle banner. */
  rate: number;
}

/** Where the account's bucket lives: the floor's database, or a stand-in in tests. */
export interface BudgetStore {
  lease(cls: BudgetClass, want: number): Promise<LeaseAnswer>;
  giveBack(tokens: number): Promise<void>;
  /** A congestion 429 met by this station. */
  refused(info?: RefusalInfo): Promise<void>;
  /**
   * A person's requests that already went on the station's credit, paid now (bucket.ts
   * `spend`). A store without it (a stand-in in some tests) has every request lease first.
   */
  spend?(tokens: number): Promise<SpendAnswer>;
  ping(): Promise<void>;
}

export type BudgetStatus =
  | { mode: 'shared'; rate: number | null }
  | { mode: 'local'; reason: string; since: number };
