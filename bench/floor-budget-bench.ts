/**
 * The stations bench's shared budget (issue 29): a database on the bench's private cluster
 * (bench/run.ts starts it through scripts/with-postgres.sh) holding the budget's migration,
 * and a station's limiter on it (floorBudget: lease pool, database store, BudgetedLimiter),
 * in the main thread or in a bulk station's worker alike.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { type FloorBudget, floorBudget } from '../electron/domains/floor/budget/floor-budget';

/** The cluster's connection for `database` (the variables scripts/with-postgres.sh sets). */
export function benchPgConfig(database: string): pg.PoolConfig {
  if (process.env.PACKBENCH_TEST_PG !== '1') {
    throw new Error(
      'The shared budget needs PostgreSQL: run `npm run bench`, which starts a private cluster (apt-get install postgresql first).',
    );
  }
  return {
    host: process.env.PACKBENCH_PG_HOST,
    port: Number(process.env.PACKBENCH_PG_PORT),
    user: process.env.PACKBENCH_PG_USER,
    password: process.env.PACKBENCH_PG_PASSWORD,
    database,
    ssl: {
      ca: readFileSync(process.env.PACKBENCH_PG_CA ?? '', 'utf8'),
      rejectUnauthorized: true,
      servername: 'localhost',
    },
  };
}

/** A fresh database with the given floor migrations; returns its name. */
export async function createBenchDatabase(prefix: string, migrations: string[]): Promise<string> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client(benchPgConfig('postgres'));
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const setup = new pg.Client(benchPgConfig(name));
  await setup.connect();
  for (const file of migrations) {
    const url = new URL(`../electron/domains/floor/db/migrations/${file}`, import.meta.url);
    await setup.query(readFileSync(url, 'utf8'));
  }
  await setup.end();
  return name;
}

export async function dropBenchDatabase(name: string): Promise<void> {
  const admin = new pg.Client(benchPgConfig('postgres'));
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}

export interface BenchBudget extends FloorBudget {
  end(): Promise<void>;
}

/** One station's limiter on the shared budget of `account` in `database`. */
export async function openBenchBudget(
  database: string,
  account: string,
  station: string,
): Promise<BenchBudget> {
  // As the console's floor pool (floor-db.ts): connections kept 30 s idle. Pool's default of
  // 10 s closed a scanning station's connections between its scans (one every 10 s), and each
  // scan's payment then paid a TLS and password login first.
  const pool = new pg.Pool({ ...benchPgConfig(database), max: 2, idleTimeoutMillis: 30_000 });
  pool.on('error', () => undefined);
  // Connections open before the floor starts (a TLS and scram login is slower than a lease).
  await pool.query('SELECT 1');
  const budget = floorBudget({ pool, account, station });
  return {
    ...budget,
    async end() {
      budget.close();
      await pool.end();
    },
  };
}
