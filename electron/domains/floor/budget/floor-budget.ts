/**
 * A station's share of the floor's budget, put together: the lease pool on the account's
 * bucket in the floor's database, told at once when the database's connections break, and
 * the limiter the bridge uses (the kernel's BudgetedLimiter). What the composition (and the
 * stations bench) calls when a floor is configured; without one the bridge keeps the plain
 * AccountLimiter.
 */
import type pg from 'pg';
import { BudgetedLimiter } from '../../../kernel/api/budgeted-limiter';
import type { AccountLimiterOptions } from '../../../kernel/api/limiter';
import {
  type BudgetStatus,
  budgetSystemClock,
  LeasePool,
  type LeasePoolOptions,
} from './lease-pool';
import { PgBudgetStore } from './pg-budget-store';

export interface FloorBudgetOptions {
  pool: pg.Pool;
  /** The account's name (its connection's address and account id), never its key. */
  account: string;
  station: string;
  limiter?: AccountLimiterOptions;
  leases?: Omit<LeasePoolOptions, 'store' | 'clock' | 'onStatus'>;
  onStatus?: (status: BudgetStatus) => void;
  log?: (line: string) => void;
}

export interface FloorBudget {
  limiter: BudgetedLimiter;
  leases: LeasePool;
  close(): void;
}

export function floorBudget(o: FloorBudgetOptions): FloorBudget {
  let limiter: BudgetedLimiter | undefined;
  const store = new PgBudgetStore({
    pool: o.pool,
    account: o.account,
    station: o.station,
    // A new bucket starts from this station's rate (its limiter's, default 10/s).
    startRate: () => limiter?.rate ?? o.limiter?.initialRate ?? 10,
    ...(o.log ? { log: o.log } : {}),
  });
  const leases = new LeasePool({
    ...o.leases,
    store,
    clock: o.limiter?.clock ?? budgetSystemClock,
    ...(o.onStatus ? { onStatus: o.onStatus } : {}),
  });
  const unwatch = store.watch(leases);
  limiter = new BudgetedLimiter({ ...o.limiter, budget: leases });
  return {
    limiter,
    leases,
    close() {
      unwatch();
      leases.close();
    },
  };
}
