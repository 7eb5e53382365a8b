/**
 * The budget source the composition puts in front of the station's limiter (issue 29): the
 * account's shared bucket on whatever floor the console is on *now*. The console has one
 * limiter for its whole run, while Settings → Floor may join, change or leave the floor at any
 * time (FloorHost swaps its session), and the connection may change account. So this source
 * reads the host's database and the current account at each request and keeps one lease pool
 * (lease-pool.ts) for that pair, built again when either changes.
 *
 * - No floor configured, or the floor not online: `active()` is false and the kernel's
 *   BudgetedLimiter goes straight to the station's own limiter, exactly as without a floor.
 * - The floor goes away between the check and the lease: the lease pool's own fallback lets
 *   the request go on alone at once (its store fails or is too slow), as it always does.
 */
import { createHash } from 'node:crypto';
import type { BudgetSource } from '../../../kernel/api/budgeted-limiter';
import type { Priority } from '../../../kernel/api/limiter';
import type { FloorDb } from '../db/floor-db';
import type { FloorStatus } from '../floor-types';
import type { RefusalInfo } from './budget-store';
import { type BudgetStatus, type BudgetStore, budgetSystemClock, LeasePool } from './lease-pool';
import { PgBudgetStore } from './pg-budget-store';

/** What the source reads of the floor: FloorHost fits as it is. */
export interface FloorBudgetHost {
  readonly db: FloorDb | null;
  status(): FloorStatus;
}

export interface FloorBudgetSourceOptions {
  floor: FloorBudgetHost;
  /** The account the requests go to (never its key), or null when no connection is usable. */
  account: () => string | null;
  /** This station's name on the floor, the bucket row's last writer. */
  station: () => string;
  /** The station's own rate now: a new bucket starts from it. */
  startRate: () => number;
  log?: (line: string) => void;
  onStatus?: (status: BudgetStatus) => void;
  /** Where a floor's bucket is kept (default: its database; unit tests pass a stand-in). */
  storeFor?: (db: FloorDb, account: string) => BudgetStore;
}

interface Current {
  db: FloorDb;
  account: string;
  leases: LeasePool;
  unwatch: () => void;
}

export class FloorBudgetSource implements BudgetSource {
  private current: Current | null = null;
  private closed = false;

  constructor(private readonly o: FloorBudgetSourceOptions) {}

  /** Whether requests take their tokens from a floor's bucket now. */
  active(): boolean {
    const on = !this.closed && this.o.floor.db !== null && this.o.floor.status() === 'online';
    // The floor gone or away: its lease pool lets whoever still waits in it go on at once.
    if (!on) this.drop();
    return on;
  }

  take(priority: Priority, signal?: AbortSignal): Promise<void> {
    const leases = this.leasesNow();
    return leases ? leases.take(priority, signal) : Promise.resolve();
  }

  refused(info?: RefusalInfo): void {
    this.leasesNow()?.refused(info);
  }

  /** The lease pool in use (tests and the throttle banner read its mode and counts). */
  get leases(): LeasePool | null {
    return this.current?.leases ?? null;
  }

  close(): void {
    this.closed = true;
    this.drop();
  }

  /** The lease pool of the current floor and account; null when there is none to use. */
  private leasesNow(): LeasePool | null {
    const db = this.active() ? this.o.floor.db : null;
    const account = db ? this.o.account() : null;
    if (!db || !account) {
      this.drop();
      return null;
    }
    if (this.current?.db === db && this.current.account === account) return this.current.leases;
    this.drop();
    const store =
      this.o.storeFor?.(db, account) ??
      new PgBudgetStore({
        pool: db.pool,
        account,
        station: this.o.station(),
        startRate: this.o.startRate,
        ...(this.o.log ? { log: this.o.log } : {}),
      });
    const leases = new LeasePool({
      store,
      clock: budgetSystemClock,
      ...(this.o.onStatus ? { onStatus: this.o.onStatus } : {}),
    });
    // The pool's broken connections tell the lease pool at once (a stand-in has none).
    const unwatch = store instanceof PgBudgetStore ? store.watch(leases) : () => {};
    this.current = { db, account, leases, unwatch };
    return leases;
  }

  private drop(): void {
    const old = this.current;
    this.current = null;
    if (!old) return;
    old.unwatch();
    old.leases.close();
  }
}

/**
 * The bucket's name for an account: its address and a short fingerprint of its key, so two
 * accounts on one address (the real API's) keep two buckets. Only 48 bits of a SHA-256 of the
 * key: it names the key without holding it (the key itself never reaches the database).
 */
export function budgetAccount(baseUrl: string, apiKey: string): string {
  const fingerprint = createHash('sha256').update(apiKey).digest('hex').slice(0, 12);
  return `${baseUrl.slice(0, 250)} key ${fingerprint}`;
}
