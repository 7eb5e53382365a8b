/**
 * A fresh, migrated database on the test cluster (scripts/with-postgres.sh) for the floor's
 * pool-level tests: the pack's and the work's suites want the same thing (a database of their
 * own with some of the floor's migrations, pools on it that a stopped server cannot crash,
 * everything ended and the database dropped at the end), so they share this one kit.
 * `clusterDatabaseForFile` does the per-file part: made before the file's tests when they run,
 * dropped after; without a cluster the tests skip, under PACKBENCH_REQUIRE_PG=1 (CI) they fail.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { hasCluster, requireCluster } from './floor-database';

/** Run the real-PostgreSQL tests: a cluster is there, or CI requires one (then they fail without). */
export const runPg = hasCluster || requireCluster;

export interface PoolDatabase {
  name: string;
  config: pg.PoolConfig;
  pool(max?: number): pg.Pool;
  drop(): Promise<void>;
}

/** The cluster's pg config for `database`, TLS verified against its self-signed CA, as at a warehouse. */
export function clusterPoolConfig(database: string): pg.PoolConfig {
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

/** `fn` on a connection to the cluster's own `postgres` database (CREATE and DROP DATABASE). */
export async function clusterAdmin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client(clusterPoolConfig('postgres'));
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** A database named `<prefix>_<random>` with `migrations` (SQL texts) applied in order. */
export async function createPoolDatabase(
  prefix: string,
  migrations: readonly string[],
): Promise<PoolDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await clusterAdmin((c) => c.query(`CREATE DATABASE ${name}`));
  return migratedPoolDatabase(name, clusterPoolConfig(name), migrations, () =>
    clusterAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(
      () => undefined,
    ),
  );
}

/**
 * A database already made (`name` at `config`): `migrations` (SQL texts) run on it in order,
 * then pools handed out that a stopped server cannot crash, all ended before `dropDatabase`.
 * `poolOptions` go to every pool (e.g. a connection timeout for tests that stop the server).
 */
export async function migratedPoolDatabase(
  name: string,
  config: pg.PoolConfig,
  migrations: readonly string[],
  dropDatabase: () => Promise<void>,
  poolOptions: pg.PoolConfig = {},
): Promise<PoolDatabase> {
  const setup = new pg.Client(config);
  await setup.connect();
  try {
    for (const sql of migrations) await setup.query(sql);
  } finally {
    await setup.end();
  }
  const pools: pg.Pool[] = [];
  return {
    name,
    config,
    pool(max = 4) {
      const pool = new pg.Pool({ ...config, ...poolOptions, max });
      // A dropped connection (a test stopping the server) must not crash the test process.
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

/** A test file's database, and one pool on it for the tests that need only one. */
export interface FileDatabase<D extends PoolDatabase> {
  /** Whether the real-PostgreSQL tests run: `describe.skipIf(!floor.run)`. */
  readonly run: boolean;
  /** The database; there once the file's beforeAll has run. */
  readonly db: D;
  /** A pool of four on it, made on first use and ended by `drop()`. */
  readonly pool: pg.Pool;
}

/**
 * Registers the file's beforeAll (make the database when the tests run) and afterAll (drop
 * it, its pools ended first), and hands back what the tests read.
 */
export function clusterDatabaseForFile<D extends PoolDatabase>(
  make: () => Promise<D>,
): FileDatabase<D> {
  let db: D | undefined;
  let pool: pg.Pool | undefined;
  beforeAll(async () => {
    if (runPg) db = await make();
  });
  afterAll(async () => {
    await db?.drop();
  });
  const made = (): D => {
    if (!db) throw new Error('the test database is made in beforeAll, and only when runPg');
    return db;
  };
  return {
    run: runPg,
    get db() {
      return made();
    },
    get pool() {
      pool ??= made().pool();
      return pool;
    },
  };
}
