/**
 * The console's one FloorSession for its whole run, while the floor behind it may change:
 * Settings → Floor saves a new connection, or removes it, and the host swaps the inner session
 * (floor-session.ts) without the parts that hold it noticing. Kinds registered, subscriptions
 * and status listeners are kept here and carried over to each new inner session; the station
 * profile too. The offline queue lives in the station's store, so a swap loses nothing.
 */
import type { LocalStore } from '../../kernel/local-store/local-store';
import type { FloorConnection } from './db/floor-config';
import type { FloorDb, FloorQueryable } from './db/floor-db';
import { createFloorSession, type FloorSessionImpl } from './floor-session';
import type {
  BudgetResult,
  FloorActionKind,
  FloorEvent,
  FloorSession,
  FloorStation,
  FloorStatus,
  WriteResult,
} from './floor-types';

interface Subscription {
  topic: string;
  fn: (event: FloorEvent) => void;
  off: () => void;
}

export interface FloorHostOptions {
  station: FloorStation;
  packer: string;
  store: () => Promise<LocalStore | null>;
  problem?: (message: string) => void;
  appVersion?: string;
}

export class FloorHost implements FloorSession {
  private inner: FloorSessionImpl;
  private offInner: Array<() => void> = [];
  private readonly kinds: FloorActionKind<unknown>[] = [];
  private readonly subscriptions = new Set<Subscription>();
  private readonly statusFns = new Set<(status: FloorStatus) => void>();
  private readonly pendingFns = new Set<(count: number) => void>();
  private packer: string;
  private swapping: Promise<void> = Promise.resolve();

  constructor(private readonly options: FloorHostOptions) {
    this.packer = options.packer;
    this.inner = this.make(null, null);
  }

  get db(): FloorDb | null {
    return this.inner.db;
  }

  get station(): FloorStation {
    return this.inner.station;
  }

  /** Joins the floor at `connection` (null: leaves it); resolves after the first attempt. */
  configure(connection: FloorConnection | null): Promise<void> {
    this.swapping = this.swapping.then(async () => {
      const store = connection ? await this.options.store().catch(() => null) : null;
      const old = this.inner;
      for (const off of this.offInner) off();
      this.inner = this.make(connection, store);
      await old.close().catch(() => {});
      this.emitStatus();
      await this.inner.ready();
      await this.inner.updateStation({ ...this.station, packer: this.packer }).catch(() => {});
    });
    return this.swapping;
  }

  ready(): Promise<FloorStatus> {
    return this.swapping.then(() => this.inner.ready());
  }

  status(): FloorStatus {
    return this.inner.status();
  }

  problem(): string | null {
    return this.inner.problem();
  }

  onStatus(fn: (status: FloorStatus) => void): () => void {
    this.statusFns.add(fn);
    return () => this.statusFns.delete(fn);
  }

  subscribe<P = unknown>(topic: string, fn: (event: FloorEvent<P>) => void): () => void {
    const sub: Subscription = {
      topic,
      fn: fn as (event: FloorEvent) => void,
      off: this.inner.subscribe(topic, fn as (event: FloorEvent) => void),
    };
    this.subscriptions.add(sub);
    return () => {
      sub.off();
      this.subscriptions.delete(sub);
    };
  }

  publish(q: FloorQueryable, topic: string, payload: unknown): Promise<number> {
    return this.inner.publish(q, topic, payload);
  }

  withBudget<T>(ms: number | undefined, fn: (db: FloorDb) => Promise<T>): Promise<BudgetResult<T>> {
    return this.inner.withBudget(ms, fn);
  }

  register<P>(kind: FloorActionKind<P>): void {
    this.inner.register(kind);
    this.kinds.push(kind as FloorActionKind<unknown>);
  }

  write<P>(
    kind: string,
    action: { key: string; payload: P; at?: string },
    budgetMs?: number,
  ): Promise<WriteResult> {
    return this.inner.write(kind, action, budgetMs);
  }

  async updateStation(profile: {
    name: string;
    locationId: number | null;
    packer: string;
  }): Promise<void> {
    this.packer = profile.packer;
    await this.inner.updateStation(profile);
  }

  pending(): number {
    return this.inner.pending();
  }

  onPending(fn: (count: number) => void): () => void {
    this.pendingFns.add(fn);
    return () => this.pendingFns.delete(fn);
  }

  async close(): Promise<void> {
    await this.swapping.catch(() => {});
    for (const off of this.offInner) off();
    await this.inner.close();
  }

  private make(connection: FloorConnection | null, store: LocalStore | null): FloorSessionImpl {
    const station = this.inner ? { ...this.inner.station } : { ...this.options.station };
    const session = createFloorSession({
      connection,
      station,
      store,
      problem: this.options.problem,
      appVersion: this.options.appVersion,
    });
    for (const kind of this.kinds) session.register(kind);
    for (const sub of this.subscriptions) sub.off = session.subscribe(sub.topic, sub.fn);
    this.offInner = [
      session.onStatus(() => this.emitStatus()),
      session.onPending((count) => {
        for (const fn of this.pendingFns) fn(count);
      }),
    ];
    return session;
  }

  private emitStatus(): void {
    const status = this.inner.status();
    for (const fn of this.statusFns) fn(status);
  }
}
