/**
 * A fresh database on the test cluster (scripts/with-postgres.sh) with the pack migration
 * (0002-pack.sql) applied, one per test file, dropped at the end. Without a cluster the
 * real-PostgreSQL tests skip with the reason, and fail under PACKBENCH_REQUIRE_PG=1 (CI).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';

export const hasCluster = process.env.PACKBENCH_TEST_PG === '1';
export const requireCluster = process.env.PACKBENCH_REQUIRE_PG === '1';
/** Run the real-PostgreSQL tests: a cluster is there, or CI requires one (then they fail without). */
export const runPg = hasCluster || requireCluster;

export const PACK_MIGRATION = join(
  import.meta.dirname,
  '..',
  '..',
  'db',
  'migrations',
  '0002-pack.sql',
);

export const CLAIM_SETTINGS_MIGRATION = join(
  import.meta.dirname,
  '..',
  '..',
  'db',
  'migrations',
  '0007-claim-settings.sql',
);

export interface PackDatabase {
  name: string;
  config: pg.PoolConfig;
  pool(max?: number): pg.Pool;
  drop(): Promise<void>;
}

export function clusterConfig(database: string): pg.PoolConfig {
  if (!hasCluster) {
    throw new Error(
      'PACKBENCH_REQUIRE_PG=1 but no PostgreSQL cluster runs: start the tests inside scripts/with-postgres.sh.',
    );
  }
  return {
    host: process.env.PACKBENCH_PG_HOST,
    port: Number(process.env.PACKBENCH_PG_PORT),
    user: process.env.PACKBENCH_PG_USER,
    password: process.env.PACKBENCH_PG_PASSWORD,
    database,
    ssl: {
      // The cluster's self-signed certificate (a file): TLS is verified, as at a warehouse.
      ca: readFileSync(process.env.PACKBENCH_PG_CA ?? '', 'utf8'),
      rejectUnauthorized: true,
      servername: 'localhost',
    },
  };
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

export async function createPackDatabase(): Promise<PackDatabase> {
  const name = `pack_${randomBytes(6).toString('hex')}`;
  await admin((c) => c.query(`CREATE DATABASE ${name}`));
  const config = clusterConfig(name);
  const setup = new pg.Client(config);
  await setup.connect();
  try {
    await setup.query(await readFile(PACK_MIGRATION, 'utf8'));
    // The floor's claim rules (Settings → Floor's idle time), which the claim statements read.
    await setup.query(await readFile(CLAIM_SETTINGS_MIGRATION, 'utf8'));
  } finally {
    await setup.end();
  }
  const pools: pg.Pool[] = [];
  return {
    name,
    config,
    pool(max = 4) {
      const pool = new pg.Pool({ ...config, max });
      // A dropped connection (a test stopping the server) must not crash the test process.
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
