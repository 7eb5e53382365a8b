/**
 * For the budget's and the shared walks' tests on the real cluster (scripts/with-postgres.sh):
 * a fresh database with given migrations applied, one per test file, dropped at the end; and
 * one on a private cluster that a test may stop and start, for "the database stopped mid-shift".
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { clusterConfig } from '../../pack/test-support/pack-database';
import { startPrivateCluster } from '../../test-support/floor-database';

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

/**
 * Runs the named migrations on a new database, then hands out pools on it that are all ended
 * before `dropDatabase` (shared by the shared-cluster and the private-cluster databases).
 */
async function migratedDatabase(
  name: string,
  config: pg.PoolConfig,
  migrations: string[],
  dropDatabase: () => Promise<void>,
): Promise<TestDatabase> {
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
      await dropDatabase();
    },
  };
}

/** A new database holding the named migration files (e.g. '0004-budget.sql'). */
export async function createTestDatabase(migrations: string[]): Promise<TestDatabase> {
  const name = `budget_${randomBytes(6).toString('hex')}`;
  await admin((c) => c.query(`CREATE DATABASE ${name}`));
  return migratedDatabase(name, clusterConfig(name), migrations, async () => {
    await admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  });
}

/**
 * A database with the named migrations on a cluster of the test's own (startPrivateCluster),
 * for "the database stopped mid-shift": stopping the shared cluster of scripts/with-postgres.sh
 * would fail every other test file using it at the same moment (Vitest runs files side by side).
 */
export interface PrivateTestDatabase extends TestDatabase {
  stop(): void;
  start(): void;
}

export async function createPrivateTestDatabase(
  migrations: string[],
): Promise<PrivateTestDatabase> {
  const cluster = await startPrivateCluster();
  const name = `budget_${randomBytes(6).toString('hex')}`;
  await cluster.createDatabase(name);
  const { host, port, user, password } = cluster.connection(name);
  const config: pg.PoolConfig = { host, port, user, password, database: name, ssl: false };
  const database = await migratedDatabase(name, config, migrations, async () => cluster.destroy());
  return {
    ...database,
    stop: () => cluster.stop(),
    start: () => cluster.start(),
  };
}
