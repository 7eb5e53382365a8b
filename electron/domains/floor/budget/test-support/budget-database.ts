/**
 * For the budget's and the shared walks' tests on the real cluster (scripts/with-postgres.sh):
 * a fresh database with given migrations applied, one per test file, dropped at the end; and
 * the cluster itself stopped and started again, for "the database stopped mid-shift".
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { clusterConfig } from '../../pack/test-support/pack-database';

export { runPg } from '../../pack/test-support/pack-database';

export const MIGRATIONS = join(import.meta.dirname, '..', '..', 'db', 'migrations');

export interface TestDatabase {
  name: string;
  config: pg.PoolConfig;
  pool(max?: number): pg.Pool;
  drop(): Promise<void>;
}

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client(clusterConfig('postgres'));
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** A new database holding the named migration files (e.g. '0004-budget.sql'). */
export async function createTestDatabase(migrations: string[]): Promise<TestDatabase> {
  const name = `budget_${randomBytes(6).toString('hex')}`;
  await admin((c) => c.query(`CREATE DATABASE ${name}`));
  const config = clusterConfig(name);
  const setup = new pg.Client(config);
  await setup.connect();
  try {
    for (const file of migrations) await setup.query(readFileSync(join(MIGRATIONS, file), 'utf8'));
  } finally {
    await setup.end();
  }
  const pools: pg.Pool[] = [];
  return {
    name,
    config,
    pool(max = 4) {
      const pool = new pg.Pool({ ...config, max, connectionTimeoutMillis: 3000 });
      // A dropped connection (the test stopping the server) must not crash the test process.
      pool.on('error', () => undefined);
      pools.push(pool);
      return pool;
    },
    async drop() {
      await Promise.allSettled(pools.map((p) => p.end()));
      await admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

function pgCtl(args: string[]): void {
  const bin = process.env.PACKBENCH_PG_BIN ?? '';
  const runAs = process.env.PACKBENCH_PG_RUN_AS ?? '';
  const command = runAs ? 'runuser' : join(bin, 'pg_ctl');
  const all = runAs ? ['-u', runAs, '--', join(bin, 'pg_ctl'), ...args] : args;
  execFileSync(command, all, { stdio: 'ignore', timeout: 60_000 });
}

/** Stops the whole test cluster (every connection breaks). */
export function stopCluster(): void {
  pgCtl(['-D', process.env.PACKBENCH_PG_DATA ?? '', '-m', 'fast', '-w', 'stop']);
}

/** Starts it again with the options it was started with (postmaster.opts, minus -D). */
export function startCluster(): void {
  const data = process.env.PACKBENCH_PG_DATA ?? '';
  const opts = readFileSync(join(data, 'postmaster.opts'), 'utf8');
  const words = [...opts.matchAll(/"([^"]*)"/g)].map((m) => m[1] as string);
  const keep: string[] = [];
  for (let i = 0; i < words.length; i++) {
    if (words[i] === '-D') i += 1;
    else keep.push(words[i] as string);
  }
  const log = process.env.PACKBENCH_PG_LOG ?? join(data, 'restart.log');
  pgCtl(['-D', data, '-l', log, '-w', '-t', '30', 'start', '-o', keep.join(' ')]);
}
