/**
 * For the budget's and the shared walks' tests on the real cluster (scripts/with-postgres.sh):
 * a fresh database with given migrations applied, one per test file, dropped at the end; and
 * one on a private cluster that a test may stop and start, for "the database stopped mid-shift".
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type pg from 'pg';
import { clusterConfig } from '../../pack/test-support/pack-database';
import { startPrivateCluster } from '../../test-support/floor-database';
import {
  clusterAdmin,
  migratedPoolDatabase,
  type PoolDatabase,
} from '../../test-support/pool-database';

export { runPg } from '../../pack/test-support/pack-database';

export const MIGRATIONS = join(import.meta.dirname, '..', '..', 'db', 'migrations');

export type TestDatabase = PoolDatabase;

/** The named migration files' SQL, for migratedPoolDatabase. */
const migrationTexts = (files: readonly string[]) =>
  files.map((file) => readFileSync(join(MIGRATIONS, file), 'utf8'));

/** Pools give up on a connection after 3 s: the tests that stop the server wait on no more. */
const POOL_OPTIONS: pg.PoolConfig = { connectionTimeoutMillis: 3000 };

/** A new database holding the named migration files (e.g. '0004-budget.sql'). */
export async function createTestDatabase(migrations: string[]): Promise<TestDatabase> {
  const name = `budget_${randomBytes(6).toString('hex')}`;
  await clusterAdmin((c) => c.query(`CREATE DATABASE ${name}`));
  return migratedPoolDatabase(
    name,
    clusterConfig(name),
    migrationTexts(migrations),
    async () => {
      await clusterAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
    POOL_OPTIONS,
  );
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
  const database = await migratedPoolDatabase(
    name,
    config,
    migrationTexts(migrations),
    async () => cluster.destroy(),
    POOL_OPTIONS,
  );
  return {
    ...database,
    stop: () => cluster.stop(),
    start: () => cluster.start(),
  };
}
