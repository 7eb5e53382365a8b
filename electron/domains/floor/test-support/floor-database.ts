/**
 * Real PostgreSQL for the floor's tests: a fresh database per call on the private cluster of
 * scripts/with-postgres.sh, dropped by `drop()`. Without a cluster the tests skip with the
 * reason (`pgSkip`), except under PACKBENCH_REQUIRE_PG=1 (CI), where `pgRequired` makes a test
 * fail instead, so the floor's tests can never be lost silently.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../../../test-support/free-port';
import type { FloorConnection } from '../db/floor-config';

export const hasCluster = process.env.PACKBENCH_TEST_PG === '1';
export const requireCluster = process.env.PACKBENCH_REQUIRE_PG === '1';
/** Skip the real-PostgreSQL tests: no cluster and CI does not require one. */
export const pgSkip = !hasCluster && !requireCluster;
export const NO_CLUSTER =
  'needs PostgreSQL: run inside bash scripts/with-postgres.sh (CI sets PACKBENCH_REQUIRE_PG=1)';

/** The cluster's connection to `database` (TLS verified against the cluster's own CA). */
export function clusterConnection(database: string): FloorConnection {
  if (!hasCluster) throw new Error(NO_CLUSTER);
  return {
    host: process.env.PACKBENCH_PG_HOST ?? '127.0.0.1',
    port: Number(process.env.PACKBENCH_PG_PORT),
    database,
    user: process.env.PACKBENCH_PG_USER ?? 'packbench',
    password: process.env.PACKBENCH_PG_PASSWORD ?? '',
    tls: 'verify',
    ca: process.env.PACKBENCH_PG_CA ? readFileSync(process.env.PACKBENCH_PG_CA, 'utf8') : undefined,
  };
}

export interface TestDatabase {
  name: string;
  connection: FloorConnection;
  /** A plain pg client on it, for checking what the floor wrote. */
  client(): Promise<pg.Client>;
  /** The rows of one query on a client of its own, ended after: what a check reads. */
  rows<R extends pg.QueryResultRow = pg.QueryResultRow>(
    sql: string,
    params?: unknown[],
  ): Promise<R[]>;
  drop(): Promise<void>;
}

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const c = clusterConnection('postgres');
  const client = new pg.Client({ ...c, ssl: { ca: c.ca, rejectUnauthorized: true } });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** The floor's connection as a person enters it in Settings → Floor for `db` (TLS required). */
export function floorSettingsFor(db: TestDatabase) {
  const { host, port, database, user, password } = db.connection;
  return { host, port, database, user, tls: 'require' as const, password };
}

/** TestDatabase.rows for a database whose clients `open` makes: one client a query, ended after. */
export function rowsOn(open: () => Promise<pg.Client>): TestDatabase['rows'] {
  return async <R extends pg.QueryResultRow>(sql: string, params: unknown[] = []) => {
    const c = await open();
    try {
      return (await c.query<R>(sql, params)).rows;
    } finally {
      await c.end();
    }
  };
}

export async function createTestDatabase(prefix = 'floor'): Promise<TestDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await admin((c) => c.query(`CREATE DATABASE ${name}`));
  const connection = clusterConnection(name);
  const client = async () => {
    const c = new pg.Client({
      ...connection,
      ssl: { ca: connection.ca, rejectUnauthorized: true },
    });
    await c.connect();
    return c;
  };
  return {
    name,
    connection,
    client,
    rows: rowsOn(client),
    async drop() {
      await admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

/**
 * Stops or starts the shared cluster (as pg_ctl's user). Careful: every other test file using
 * the cluster at that moment fails too; prefer `startPrivateCluster` below.
 */
export function pgCtl(action: 'stop' | 'start'): void {
  const bin = process.env.PACKBENCH_PG_BIN;
  const data = process.env.PACKBENCH_PG_DATA;
  if (!bin || !data) throw new Error(NO_CLUSTER);
  // The start options are kept by the server in postmaster.opts; `pg_ctl start` alone would
  // lose them (port, socket), so the stopped server is started with the same command line.
  const opts = readFileSync(`${data}/postmaster.opts`, 'utf8');
  const command = `${bin}/pg_ctl`;
  const args =
    action === 'stop'
      ? ['-D', data, '-m', 'fast', '-w', 'stop']
      : [
          '-D',
          data,
          '-w',
          '-t',
          '30',
          '-l',
          process.env.PACKBENCH_PG_LOG ?? '/dev/null',
          'start',
          '-o',
          postmasterOptions(opts),
        ];
  const runAs = process.env.PACKBENCH_PG_RUN_AS;
  const full = runAs ? ['runuser', ['-u', runAs, '--', command, ...args]] : [command, args];
  const done = spawnSync(full[0] as string, full[1] as string[], { encoding: 'utf8' });
  if (done.status !== 0) throw new Error(`pg_ctl ${action} failed: ${done.stderr || done.stdout}`);
}

/** postmaster.opts holds `…/postgres "-D" "data" "-p" "5432" …`: the options after the binary. */
function postmasterOptions(opts: string): string {
  const parts = [...opts.trim().matchAll(/"([^"]*)"/g)].map((m) => m[1]!);
  const out: string[] = [];
  for (let i = 0; i < parts.length; i += 1) {
    if (parts[i] === '-D') {
      i += 1;
      continue;
    }
    out.push(parts[i]!.includes(' ') ? `'${parts[i]}'` : parts[i]!);
  }
  return out.join(' ');
}

/**
 * A cluster of the test's own (initdb in a temp folder, a private port, local trust logins,
 * no TLS), for a test that stops and starts its database: stopping the shared cluster of
 * scripts/with-postgres.sh would fail every other file using it at the same moment (Vitest
 * runs files side by side). Uses the same PostgreSQL binaries (PACKBENCH_PG_BIN).
 */
export interface PrivateCluster {
  connection(database: string): FloorConnection;
  createDatabase(name: string): Promise<void>;
  stop(): void;
  start(): void;
  destroy(): void;
}

export async function startPrivateCluster(): Promise<PrivateCluster> {
  const bin = process.env.PACKBENCH_PG_BIN;
  if (!bin) throw new Error(NO_CLUSTER);
  const runAs = process.env.PACKBENCH_PG_RUN_AS ?? '';
  const run = (command: string, args: string[]) => {
    const full = runAs ? ['runuser', ['-u', runAs, '--', command, ...args]] : [command, args];
    const done = spawnSync(full[0] as string, full[1] as string[], { encoding: 'utf8' });
    if (done.status !== 0) {
      throw new Error(`${command} ${args[0]} failed: ${done.stderr || done.stdout}`);
    }
  };
  const dir = mkdtempSync(path.join(tmpdir(), 'packbench-pgq.'));
  chmodSync(dir, 0o755);
  mkdirSync(path.join(dir, 'socket'));
  if (runAs) spawnSync('chown', ['-R', runAs, dir]);
  const data = path.join(dir, 'data');
  run(`${bin}/initdb`, [
    '-D',
    data,
    '-U',
    'packbench',
    '--auth=trust',
    '-E',
    'UTF8',
    '--locale=C.UTF-8',
  ]);
  const port = await freePort();
  const start = () =>
    run(`${bin}/pg_ctl`, [
      '-D',
      data,
      '-l',
      path.join(dir, 'server.log'),
      '-w',
      '-t',
      '30',
      'start',
      '-o',
      `-p ${port} -k ${path.join(dir, 'socket')} -c listen_addresses=127.0.0.1 -c fsync=off`,
    ]);
  start();
  const connection = (database: string): FloorConnection => ({
    host: '127.0.0.1',
    port,
    database,
    user: 'packbench',
    password: '',
    tls: 'off',
  });
  return {
    connection,
    async createDatabase(name) {
      const client = new pg.Client({ ...connection('postgres'), ssl: false });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${name}`);
      } finally {
        await client.end();
      }
    },
    stop: () => run(`${bin}/pg_ctl`, ['-D', data, '-m', 'fast', '-w', 'stop']),
    start,
    destroy() {
      spawnSync(
        ...((runAs
          ? [
              'runuser',
              ['-u', runAs, '--', `${bin}/pg_ctl`, '-D', data, '-m', 'immediate', '-w', 'stop'],
            ]
          : [`${bin}/pg_ctl`, ['-D', data, '-m', 'immediate', '-w', 'stop']]) as [
          string,
          string[],
        ]),
      );
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
