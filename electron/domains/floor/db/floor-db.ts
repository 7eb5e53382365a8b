/**
 * The floor's database: a small pool of `pg` connections with plain SQL, transactions that
 * retry what PostgreSQL asks to retry, and LISTEN on a client of its own (floor-listen.ts).
 *
 * Every connection carries a statement timeout, so a slow or stuck database can never hold a
 * caller for long, and a connect timeout, so an unreachable host fails instead of hanging; a
 * caller with a tighter budget (a scan) races its work against that budget in the session
 * (floor-session.ts `withBudget`), and a transaction can tighten the server's own limit with
 * `timeoutMs` (SET LOCAL statement_timeout) so work given up on is also stopped there.
 */
import pg from 'pg';
import type { FloorConnection } from './floor-config';
import { FloorListener, type ListenerTimers } from './floor-listen';

export type Isolation = 'read committed' | 'repeatable read' | 'serializable';

export interface FloorDbOptions {
  /** The server stops any statement running longer (ms). */
  statementTimeoutMs?: number;
  /** Giving up on a connection that does not open (ms). */
  connectTimeoutMs?: number;
  /** Connections in the pool (a station needs few: scans are one short statement each). */
  max?: number;
  /** Shown in pg_stat_activity, so a DBA sees which station holds a connection. */
  applicationName?: string;
  /** Told (in words) about errors no caller is waiting for: an idle connection dropped. */
  onProblem?: (message: string) => void;
  /** Timers for the listener's reconnect (tests inject fake ones). */
  timers?: ListenerTimers;
}

/** What a query can run on: the pool, or one transaction's client. */
export interface FloorQueryable {
  query<R extends pg.QueryResultRow = pg.QueryResultRow>(
    sql: string,
    params?: readonly unknown[],
  ): Promise<pg.QueryResult<R>>;
}

export interface TxOptions {
  /** Default 'serializable': the floor's writes (claims, marks) must not interleave. */
  isolation?: Isolation;
  /** The server's statement limit inside this transaction (ms). */
  timeoutMs?: number;
  /** Tries after a serialization failure or deadlock (PostgreSQL asks to retry those). */
  retries?: number;
  readOnly?: boolean;
}

/** SQLSTATEs PostgreSQL documents as "retry the transaction". */
const RETRY_CODES = new Set(['40001', '40P01']);

/**
 * Runs `fn` on one connection of `pool` between `begin` (BEGIN and any SET LOCAL) and COMMIT,
 * rolled back when anything throws. A connection whose ROLLBACK fails is gone or confused: it is
 * released with that error, so the pool closes it instead of handing it out again.
 */
export async function inPoolTransaction<T>(
  pool: pg.Pool,
  begin: readonly string[],
  fn: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  const guard = guardCheckedOut(client);
  try {
    for (const statement of begin) await client.query(statement);
    const value = await fn(client);
    await client.query('COMMIT');
    return value;
  } catch (error) {
    await client.query('ROLLBACK').catch((rollback: Error) => guard.broke(rollback));
    throw error;
  } finally {
    guard.release();
  }
}

/**
 * A connection taken from the pool, guarded while it is out: the pool listens for a dropped
 * connection only while one is idle in it, so a server that ends a connection in use (a
 * restart, `pg_ctl stop`, an administrator's terminate: FATAL 57P01) makes the client emit
 * 'error' with nobody listening, which crashes the console (seen when the floor's database
 * stopped during a sync). The guard listens while the connection is out and releases it as
 * broken, so the pool never hands it out again.
 */
export function guardCheckedOut(client: pg.PoolClient): {
  broke(error: Error): void;
  release(): void;
} {
  let broken: Error | undefined;
  const onError = (error: Error) => {
    broken ??= error;
  };
  client.on('error', onError);
  return {
    broke: onError,
    release() {
      client.off('error', onError);
      client.release(broken);
    },
  };
}

export class FloorDb implements FloorQueryable {
  readonly pool: pg.Pool;
  private listener: FloorListener | null = null;
  private closed = false;

  constructor(
    readonly connection: FloorConnection,
    private readonly options: FloorDbOptions = {},
  ) {
    this.pool = new pg.Pool({
      ...clientConfig(connection, options),
      max: options.max ?? 4,
      // Idle connections are closed so a floor of 20 stations does not hold 80 for nothing.
      idleTimeoutMillis: 30_000,
    });
    // An idle connection dropped by the server (restart, network) emits here; without a
    // listener Node would crash the console. The next query opens a new one.
    this.pool.on('error', (error) => {
      this.options.onProblem?.(`The floor database dropped a connection: ${error.message}`);
    });
  }

  query<R extends pg.QueryResultRow = pg.QueryResultRow>(
    sql: string,
    params: readonly unknown[] = [],
  ): Promise<pg.QueryResult<R>> {
    return this.pool.query<R>(sql, params as unknown[]);
  }

  /**
   * A connection held until `release()` (for what must last a session, e.g. an advisory
   * lock). Release it with the error when it broke, so it is not reused.
   */
  connect(): Promise<pg.PoolClient> {
    return this.pool.connect();
  }

  /**
   * Runs `fn` in one transaction on one connection: committed when it resolves, rolled back
   * when it throws. A serialization failure or deadlock runs it again (so `fn` must only
   * touch the database, or be safe to repeat).
   */
  async tx<T>(fn: (q: FloorQueryable) => Promise<T>, options: TxOptions = {}): Promise<T> {
    const retries = options.retries ?? 5;
    const begin = [
      `BEGIN ISOLATION LEVEL ${(options.isolation ?? 'serializable').toUpperCase()}${options.readOnly ? ' READ ONLY' : ''}`,
      // SET does not take parameters; the value is a checked whole number.
      ...(options.timeoutMs === undefined
        ? []
        : [`SET LOCAL statement_timeout = ${Math.max(1, Math.floor(options.timeoutMs))}`]),
    ];
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await inPoolTransaction(this.pool, begin, fn);
      } catch (error) {
        if (attempt < retries && RETRY_CODES.has(sqlState(error))) continue;
        throw error;
      }
    }
  }

  /**
   * Calls `handler` with each NOTIFY payload on `channel`, on one dedicated connection shared
   * by all channels, reopened after a drop (see floor-listen.ts). Returns the unsubscribe.
   */
  async listen(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>> {
    if (this.closed) throw new Error('The floor database is closed.');
    this.listener ??= new FloorListener(
      () => new pg.Client(clientConfig(this.connection, this.options)),
      this.options.timers,
      this.options.onProblem,
    );
    return this.listener.add(channel, handler);
  }

  /** The dedicated listening connection's state: up, or down (with why) and reconnecting. */
  onListenState(fn: (up: boolean, error?: Error) => void): () => void {
    this.listener ??= new FloorListener(
      () => new pg.Client(clientConfig(this.connection, this.options)),
      this.options.timers,
      this.options.onProblem,
    );
    return this.listener.onState(fn);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.listener?.close();
    await this.pool.end();
  }
}

export function openFloorDb(connection: FloorConnection, options?: FloorDbOptions): FloorDb {
  return new FloorDb(connection, options);
}

/** The pg client settings for a floor connection (TLS chosen as the settings say). */
export function clientConfig(connection: FloorConnection, options: FloorDbOptions = {}) {
  return {
    host: connection.host,
    port: connection.port,
    database: connection.database,
    user: connection.user,
    password: connection.password,
    ssl: sslConfig(connection),
    statement_timeout: options.statementTimeoutMs ?? 5000,
    // A lock held by another station waits no longer than the statement may run.
    lock_timeout: options.statementTimeoutMs ?? 5000,
    // A station killed mid-transaction must not hold its locks for long.
    idle_in_transaction_session_timeout: 30_000,
    connectionTimeoutMillis: options.connectTimeoutMs ?? 3000,
    application_name: options.applicationName ?? 'Packbench floor',
    keepAlive: true,
  } satisfies pg.ClientConfig;
}

function sslConfig(connection: FloorConnection): pg.ClientConfig['ssl'] {
  if (connection.tls === 'off') return false;
  if (connection.tls === 'require') return { rejectUnauthorized: false };
  return connection.ca
    ? { rejectUnauthorized: true, ca: connection.ca }
    : { rejectUnauthorized: true };
}

/** PostgreSQL's SQLSTATE of an error ('' when it is not the server's). */
export function sqlState(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : '';
}

/**
 * True when PostgreSQL refused the work for now, not for good: a serialization failure or
 * deadlock still there after the transaction's own retries (two stations flushing their
 * queues at once), a lock or statement timeout, a query cancelled. The work is tried again
 * later; it must never be set aside as refused (that lost a queued pack in 1 run of 6).
 */
export function isTransientFloorError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return false;
  return RETRY_CODES.has(code) || code === '55P03' || code === '57014';
}

/**
 * True when the error says the database cannot be reached or went away (as opposed to a
 * query it refused): the station then goes on as offline.
 */
export function isConnectionError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string') {
    // ENOENT: a Unix socket folder's socket is gone (the server stopped).
    if (/^(ECONN|EHOST|ENET|ETIMEDOUT|ENOTFOUND|EAI_|EPIPE|ENOENT)/.test(code)) return true;
    // 08: connection exception; 57P01-03: shut down / cannot connect now; 53300: too many.
    if (/^08/.test(code) || /^57P0[1-3]$/.test(code) || code === '53300') return true;
  }
  const message = (error as Error | null)?.message ?? '';
  return /Connection terminated|timeout exceeded when trying to connect|not queryable|Client was closed|connection error|Connection ended/i.test(
    message,
  );
}
