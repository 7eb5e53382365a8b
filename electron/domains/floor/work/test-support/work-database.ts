/**
 * A fresh database on the test cluster (scripts/with-postgres.sh) with the floor's migrations
 * up to the work's (0003, and 0006 its account) applied, one per test file, dropped at the end. Without a cluster the real-PostgreSQL tests
 * skip with the reason, and fail under PACKBENCH_REQUIRE_PG=1 (CI) so they are never lost.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { readMigrations } from '../../db/migrate';

export const hasCluster = process.env.PACKBENCH_TEST_PG === '1';
export const requireCluster = process.env.PACKBENCH_REQUIRE_PG === '1';

export interface WorkDatabase {
  name: string;
  config: pg.PoolConfig;
  pool(max?: number): pg.Pool;
  drop(): Promise<void>;
}

function baseConfig(database: string): pg.PoolConfig {
  return {
    host: process.env.PACKBENCH_PG_HOST,
    port: Number(process.env.PACKBENCH_PG_PORT),
    user: process.env.PACKBENCH_PG_USER,
    password: process.env.PACKBENCH_PG_PASSWORD,
    database,
    ssl: {
      ca: process.env.PACKBENCH_PG_CA ? readFileSync(process.env.PACKBENCH_PG_CA, 'utf8') : '',
      rejectUnauthorized: true,
      servername: 'localhost',
    },
  };
}

export async function createWorkDatabase(): Promise<WorkDatabase> {
  const name = `work_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client(baseConfig('postgres'));
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const config = baseConfig(name);
  const setup = new pg.Client(config);
  await setup.connect();
  try {
    // The core's and the pack's migrations first, as the console's runner applies them, then
    // the work's account (0006: every work row names its API account).
    const wanted = (m: { version: number; name: string }) =>
      m.version <= 3 || m.name === 'work-account';
    for (const migration of readMigrations().filter(wanted)) {
      await setup.query(migration.sql);
    }
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
      const admin2 = new pg.Client(baseConfig('postgres'));
      await admin2.connect();
      try {
        await admin2.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await admin2.end();
      }
    },
  };
}
