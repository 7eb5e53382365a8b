/**
 * The console's place on the floor (the FloorSession of floor-types.ts): opens the database
 * in the background (a console never waits for the floor to start), migrates it, joins the
 * station, keeps its status from the live connection, pushes events to subscribers, answers
 * within a budget or not at all, and keeps writes on the station while the floor is away.
 */
import { hostname } from 'node:os';
import type { LocalStore } from '../../kernel/local-store/local-store';
import type { FloorConnection } from './db/floor-config';
import { FloorDb, type FloorQueryable, isConnectionError } from './db/floor-db';
import { describeFloorError } from './db/floor-errors';
import type { ListenerTimers } from './db/floor-listen';
import { type Migration, migrateFloor } from './db/migrate';
import { FloorEvents } from './floor-events';
import {
  type BudgetResult,
  type FloorActionKind,
  type FloorEvent,
  type FloorSession,
  type FloorStation,
  type FloorStatus,
  SCAN_BUDGET_MS,
  type WriteResult,
} from './floor-types';
import { applyOnce, FloorQueue } from './queue/floor-queue';

export interface FloorSessionOptions {
  /** Null: no floor configured (the station works alone, as before). */
  connection: FloorConnection | null;
  station: FloorStation;
  /** The station's local store, where writes wait while the floor is away. */
  store: LocalStore | null;
  timers?: ListenerTimers;
  /** The station's "still here" to the floor (ms). */
  heartbeatMs?: number;
  migrations?: Migration[];
  appVersion?: string;
  /** Told in words about what the floor did not do, for the log (never a secret). */
  problem?: (message: string) => void;
  /** The pool's statement limit (ms). */
  statementTimeoutMs?: number;
}

/** Unref'd: the heartbeat must not keep a closing console alive. */
const realTimers: ListenerTimers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms).unref(),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

export class FloorSessionImpl implements FloorSession {
  readonly db: FloorDb | null;
  readonly station: FloorStation;
  private current: FloorStatus;
  private why: string | null = null;
  private readonly statusFns = new Set<(status: FloorStatus) => void>();
  private readonly kinds = new Map<string, FloorActionKind<unknown>>();
  private readonly queue: FloorQueue | null;
  private readonly events: FloorEvents;
  private readonly timers: ListenerTimers;
  private readonly problemFn: (message: string) => void;
  private migrated = false;
  private beat: unknown = null;
  private closed = false;
  private readonly started: Promise<void>;
  private firstAttempt!: () => void;
  private readonly attempted = new Promise<void>((resolve) => {
    this.firstAttempt = resolve;
  });

  constructor(private readonly options: FloorSessionOptions) {
    this.station = { ...options.station };
    this.timers = options.timers ?? realTimers;
    this.problemFn = options.problem ?? (() => {});
    this.db = options.connection
      ? new FloorDb(options.connection, {
          timers: this.timers,
          onProblem: this.problemFn,
          applicationName: `Packbench ${this.station.name}`.slice(0, 63),
          statementTimeoutMs: options.statementTimeoutMs,
        })
      : null;
    this.current = this.db ? 'offline' : 'not-configured';
    this.why = this.db ? 'Connecting to the floor…' : null;
    this.events = new FloorEvents(this.db, this.problemFn);
    this.queue =
      options.store && this.db
        ? new FloorQueue({
            store: options.store,
            kinds: this.kinds,
            tx: (fn) => this.db!.tx(fn),
            problem: this.problemFn,
          })
        : null;
    this.started = this.db ? this.start(this.db) : Promise.resolve();
  }

  /** Resolves once the first attempt to join the floor is over (online or not). */
  ready(): Promise<FloorStatus> {
    if (!this.db) return Promise.resolve(this.current);
    return this.attempted.then(() => this.current);
  }

  status(): FloorStatus {
    return this.current;
  }

  problem(): string | null {
    return this.current === 'online' ? null : this.why;
  }

  onStatus(fn: (status: FloorStatus) => void): () => void {
    this.statusFns.add(fn);
    return () => this.statusFns.delete(fn);
  }

  subscribe<P = unknown>(topic: string, fn: (event: FloorEvent<P>) => void): () => void {
    return this.events.subscribe(topic, fn as (event: FloorEvent) => void);
  }

  async publish(q: FloorQueryable, topic: string, payload: unknown): Promise<number> {
    const row = await q.query<{ id: string }>('SELECT floor_publish($1, $2::jsonb, $3) AS id', [
      topic,
      JSON.stringify(payload ?? {}),
      this.station.id,
    ]);
    return Number(row.rows[0]!.id);
  }

  async withBudget<T>(
    ms: number | undefined,
    fn: (db: FloorDb) => Promise<T>,
  ): Promise<BudgetResult<T>> {
    const budget = ms ?? SCAN_BUDGET_MS;
    if (!this.db) return { ok: false, reason: 'not-configured', message: 'No floor is set up.' };
    if (this.current !== 'online') {
      return {
        ok: false,
        reason: 'offline',
        message: 'The floor is offline: went on as offline for this action.',
      };
    }
    const db = this.db;
    return new Promise<BudgetResult<T>>((resolve) => {
      let settled = false;
      const timer = this.timers.setTimeout(() => {
        if (settled) return;
        settled = true;
        resolve({
          ok: false,
          reason: 'budget',
          message: `The floor did not answer within ${budget} ms: went on as offline for this action.`,
        });
      }, budget);
      fn(db).then(
        (value) => {
          if (settled) return;
          settled = true;
          this.timers.clearTimeout(timer);
          resolve({ ok: true, value });
        },
        (error: unknown) => {
          if (settled) return;
          settled = true;
          this.timers.clearTimeout(timer);
          const offline = isConnectionError(error);
          resolve({
            ok: false,
            reason: offline ? 'offline' : 'error',
            message: offline
              ? 'The floor could not be reached: went on as offline for this action.'
              : `The floor refused this action: ${describeFloorError(error)}`,
            error,
          });
        },
      );
    });
  }

  register<P>(kind: FloorActionKind<P>): void {
    if (this.kinds.has(kind.kind))
      throw new Error(`Floor action kind "${kind.kind}" is registered twice.`);
    this.kinds.set(kind.kind, kind as FloorActionKind<unknown>);
    // Actions queued by an earlier run may be waiting for this kind.
    if (this.current === 'online') void this.flush();
  }

  async write<P>(
    kindName: string,
    input: { key: string; payload: P; at?: string },
    budgetMs?: number,
  ): Promise<WriteResult> {
    const kind = this.kinds.get(kindName);
    if (!kind) throw new Error(`No floor action kind "${kindName}" is registered.`);
    if (!this.db) return { written: 'local-only' };
    const action = {
      kind: kindName,
      key: input.key,
      station: this.station.id,
      at: input.at ?? new Date().toISOString(),
      payload: kind.schema.parse(input.payload),
    };
    // Actions already waiting go first: the floor sees them in the order they happened.
    if (this.current === 'online' && this.pending() === 0) {
      const budget = budgetMs ?? SCAN_BUDGET_MS;
      const db = this.db;
      const done = await this.withBudget(budget, () =>
        db.tx((q) => applyOnce(q, kind, action), { timeoutMs: budget * 4 }),
      );
      if (done.ok) {
        return {
          written: 'floor',
          outcome: done.value === 'already' ? { applied: true } : done.value,
        };
      }
      if (done.reason === 'error') throw done.error;
      await this.keep(action);
      return { written: 'queued', message: done.message };
    }
    await this.keep(action);
    return {
      written: 'queued',
      message: 'The floor is offline: kept on this station, sent when it is back.',
    };
  }

  /** Keeps an action on the station (the floor is away or past its budget). */
  private async keep(action: {
    kind: string;
    key: string;
    station: string;
    at: string;
    payload: unknown;
  }): Promise<void> {
    if (!this.queue) {
      throw new Error(
        'This station has no local store to keep floor actions in while the floor is away.',
      );
    }
    await this.queue.add(action);
  }

  pending(): number {
    return this.queue?.count() ?? 0;
  }

  onPending(fn: (count: number) => void): () => void {
    return this.queue?.onPending(fn) ?? (() => {});
  }

  async updateStation(profile: {
    name: string;
    locationId: number | null;
    packer: string;
  }): Promise<void> {
    this.station.name = profile.name.trim() || hostname();
    this.station.locationId = profile.locationId;
    this.packer = profile.packer.trim();
    if (this.current === 'online' && this.db) await this.join(this.db).catch(() => {});
  }

  /** Sends what the station kept while the floor was away (also called when it comes back). */
  async flush(): Promise<void> {
    if (!this.queue || this.current !== 'online') return;
    const report = await this.queue.flush();
    if (report.left > 0) this.problemFn(`${report.left} floor actions wait for the floor.`);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.beat !== null) this.timers.clearTimeout(this.beat);
    await this.started.catch(() => {});
    await this.events.close();
    await this.db?.close();
  }

  private packer = '';

  private async start(db: FloorDb): Promise<void> {
    db.onListenState((up, error) => void this.onLive(db, up, error));
    try {
      await this.events.start();
    } catch (error) {
      this.setStatus('offline', describeFloorError(error));
      this.firstAttempt();
    }
  }

  /** The live connection came up or went down: that is the floor's status. */
  private async onLive(db: FloorDb, up: boolean, error?: Error): Promise<void> {
    if (this.closed) return;
    if (!up) {
      this.setStatus(
        'offline',
        error ? describeFloorError(error) : 'The floor database cannot be reached.',
      );
      this.firstAttempt();
      return;
    }
    try {
      if (!this.migrated) {
        await migrateFloor(db, { migrations: this.options.migrations, station: this.station.id });
        this.migrated = true;
      }
      await this.join(db);
      await this.events.catchUp();
    } catch (error) {
      this.setStatus('offline', describeFloorError(error));
      this.firstAttempt();
      return;
    }
    this.setStatus('online', null);
    this.firstAttempt();
    this.heartbeat(db);
    await this.flush().catch((error: Error) => this.problemFn(describeFloorError(error)));
  }

  /** Puts this station (and who is signed in) on the floor. */
  private async join(db: FloorDb): Promise<void> {
    await db.tx(async (q) => {
      await q.query(
        `INSERT INTO floor_stations (id, name, location_id, app_version) VALUES ($1, $2, $3, $4)
         ON CONFLICT (id) DO UPDATE SET name = excluded.name, location_id = excluded.location_id,
           app_version = excluded.app_version, last_seen = now()`,
        [
          this.station.id,
          this.station.name,
          this.station.locationId,
          this.options.appVersion ?? null,
        ],
      );
      const open = await q.query<{ packer: string }>(
        'SELECT packer FROM floor_signins WHERE station_id = $1 AND signed_out_at IS NULL',
        [this.station.id],
      );
      if ((open.rows[0]?.packer ?? '') !== this.packer) {
        await q.query(
          'UPDATE floor_signins SET signed_out_at = now() WHERE station_id = $1 AND signed_out_at IS NULL',
          [this.station.id],
        );
        if (this.packer) {
          await q.query('INSERT INTO floor_signins (station_id, packer) VALUES ($1, $2)', [
            this.station.id,
            this.packer,
          ]);
        }
      }
      await this.publish(q, 'station.changed', {
        station: this.station.id,
        name: this.station.name,
        packer: this.packer || null,
      });
    });
  }

  private heartbeat(db: FloorDb): void {
    if (this.beat !== null || this.closed) return;
    const every = this.options.heartbeatMs ?? 10_000;
    const tick = () => {
      this.beat = null;
      if (this.closed) return;
      if (this.current === 'online') {
        db.query('UPDATE floor_stations SET last_seen = now() WHERE id = $1', [
          this.station.id,
        ]).catch(() => {});
        // A flush stopped by a transient refusal left actions queued while online: try again.
        if (this.pending() > 0) {
          this.flush().catch((error: Error) => this.problemFn(describeFloorError(error)));
        }
      }
      this.beat = this.timers.setTimeout(tick, every);
    };
    this.beat = this.timers.setTimeout(tick, every);
  }

  private setStatus(status: FloorStatus, why: string | null): void {
    this.why = why;
    if (this.current === status) return;
    this.current = status;
    for (const fn of this.statusFns) {
      try {
        fn(status);
      } catch (error) {
        this.problemFn(`A floor status listener failed: ${(error as Error).message}`);
      }
    }
  }
}

/** The composition's one call: a session for this console, with or without a floor. */
export function createFloorSession(options: FloorSessionOptions): FloorSessionImpl {
  return new FloorSessionImpl(options);
}
