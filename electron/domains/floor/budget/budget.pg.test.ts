/**
 * The shared budget on the real cluster (scripts/with-postgres.sh): three stations, each its
 * own pool of connections and its own leases, on one account's bucket. What a floor relies
 * on: the stations get fair shares of the account and never more than its rate together; a
 * person's request is granted from the reserve while three exports drain the bucket; a 429
 * at one station slows them all; a row changed by hand into nonsense is started afresh; and
 * with the database stopped, a station's waiting requests go on at once on its own limiter.
 */
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BudgetStatus, budgetSystemClock, LeasePool } from './lease-pool';
import { PgBudgetStore } from './pg-budget-store';
import {
  createPrivateTestDatabase,
  createTestDatabase,
  type PrivateTestDatabase,
  runPg,
  type TestDatabase,
} from './test-support/budget-database';

let db: TestDatabase;
let pools: pg.Pool[];

beforeAll(async () => {
  if (!runPg) return;
  db = await createTestDatabase(['0004-budget.sql', '0009-budget-shape.sql']);
  pools = [db.pool(2), db.pool(2), db.pool(2)];
});
afterAll(async () => {
  await db?.drop();
});

const store = (pool: pg.Pool, account: string, station: string, log?: (l: string) => void) =>
  new PgBudgetStore({ pool, account, station, startRate: () => 10, ...(log ? { log } : {}) });

async function dbNow(pool: pg.Pool): Promise<number> {
  const r = await pool.query('SELECT extract(epoch FROM clock_timestamp()) * 1000 AS n');
  return Number(r.rows[0].n);
}

describe.skipIf(!runPg)('the shared budget on PostgreSQL', () => {
  it('gives three stations fair shares of one bucket, never more than its rate together', async () => {
    const account = 'fair-account';
    const stations = pools.map(
      (pool, i) =>
        new LeasePool({
          store: store(pool, account, `Station ${i + 1}`),
          clock: budgetSystemClock,
        }),
    );
    // Connections open first (TLS and a scram login take longer than a lease may wait).
    for (const pool of pools) await pool.query('SELECT 1');
    const counts = [0, 0, 0];
    const from = await dbNow(pools[0] as pg.Pool);
    let stop = false;
    const workers = stations.flatMap((station, i) =>
      Array.from({ length: 4 }, async () => {
        while (!stop) {
          await station.take('background');
          counts[i] = (counts[i] ?? 0) + 1;
          if (counts.reduce((a, b) => a + b, 0) >= 100) stop = true;
        }
      }),
    );
    await Promise.all(workers);
    const seconds = ((await dbNow(pools[0] as pg.Pool)) - from) / 1000;
    // Every grant came from the bucket: no station fell back to going alone.
    expect(stations.map((s) => s.counts.passedLocal)).toEqual([0, 0, 0]);
    for (const s of stations) s.close();
    const total = counts.reduce((a, b) => a + b, 0);
    const jain = total ** 2 / (3 * counts.reduce((a, c) => a + c * c, 0));
    expect(jain, `shares ${counts.join(', ')}`).toBeGreaterThan(0.9);
    // The bucket's rate (9.6/s) over the run, plus the burst it started with and what the
    // last asks in flight took: the account itself would refuse more.
    expect(total).toBeLessThanOrEqual(Math.ceil(9.6 * seconds + 8 + 3 * 6));
    // Leases: with three stations competing for an empty bucket, about one ask per request
    // (a station told to wait asks again); alone, one per lease (lease-pool.test.ts).
    const asks = stations.reduce((a, s) => a + s.counts.asks, 0);
    expect(asks).toBeLessThan(1.5 * total);
  });

  it('grants a person’s request from the reserve that three stations’ exports cannot take', async () => {
    const account = 'reserve-account';
    const exporters = pools.map((pool, i) => store(pool, account, `Desk ${i + 1}`));
    // Drain what background work may take, at every station.
    for (const s of exporters) await s.lease('background', 3);
    let bulk = await (exporters[0] as PgBudgetStore).lease('background', 3);
    while (bulk.granted > 0) bulk = await (exporters[0] as PgBudgetStore).lease('background', 3);
    expect(bulk.waitMs).toBeGreaterThan(0);
    // The reserve is there for a scan's two calls at once.
    const scan = await store(pools[1] as pg.Pool, account, 'Station 7').lease('interactive', 2);
    expect(scan.granted).toBe(2);
  });

  it('slows every station when one meets a 429, once per event', async () => {
    const account = 'cut-account';
    const a = store(pools[0] as pg.Pool, account, 'Station 1');
    const b = store(pools[1] as pg.Pool, account, 'Station 2');
    const before = (await b.lease('interactive', 1)).rate;
    await a.refused();
    await b.refused();
    const after = (await b.lease('interactive', 0)).rate;
    expect(after).toBeCloseTo(before * 0.8);
    const row = await (pools[2] as pg.Pool).query(
      'SELECT refusals FROM floor_budget WHERE account = $1',
      [account],
    );
    expect(Number(row.rows[0].refusals)).toBe(2);
  });

  it('starts afresh from a row changed by hand into nonsense, with a sentence', async () => {
    const account = 'nonsense-account';
    const lines: string[] = [];
    const s = store(pools[0] as pg.Pool, account, 'Station 1', (l) => lines.push(l));
    await s.lease('interactive', 1);
    await (pools[1] as pg.Pool).query(
      "UPDATE floor_budget SET rate = 1e9, tokens = 'NaN' WHERE account = $1",
      [account],
    );
    const answer = await s.lease('interactive', 1);
    expect(answer.granted).toBe(1);
    expect(answer.rate).toBeCloseTo(9.6);
    expect(lines).toEqual([
      "The floor's shared rate budget held values that make no sense; it was started afresh.",
    ]);
  });

  it('lets a station’s waiting requests go on at once when the database stops', {
    timeout: 120_000,
  }, async () => {
    // The database this test stops is on a cluster of its own, not the shared one other
    // test files use at the same moment.
    const own: PrivateTestDatabase = await createPrivateTestDatabase([
      '0004-budget.sql',
      '0009-budget-shape.sql',
    ]);
    try {
      await offlineStation(own);
    } finally {
      await own.drop();
    }
  });
});

async function offlineStation(own: PrivateTestDatabase): Promise<void> {
  const ownPools = [own.pool(2), own.pool(2)];
  const account = 'offline-account';
  const statuses: BudgetStatus[] = [];
  // A timeout far longer than the test: only the database's failure can release them.
  const pgStore = store(ownPools[0] as pg.Pool, account, 'Station 1');
  const station = new LeasePool({
    store: pgStore,
    clock: budgetSystemClock,
    timeoutMs: 600_000,
    backgroundTimeoutMs: 600_000,
    retryMs: 0,
    onStatus: (s) => statuses.push(s),
  });
  const unwatch = pgStore.watch(station);
  // The slowest bucket there is, empty: background work is told to wait for half a minute.
  await pgStore.ping();
  await pgStore.lease('interactive', 0);
  await (ownPools[1] as pg.Pool).query(
    'UPDATE floor_budget SET rate = 0.2, tokens = -4 WHERE account = $1',
    [account],
  );
  let released = 0;
  const waiting = Array.from({ length: 8 }, () =>
    station.take('background').then(() => released++),
  );
  await until(() => station.counts.asks > 0 && !station['asking']);
  expect(released).toBe(0);
  own.stop();
  try {
    await Promise.all(waiting);
    expect(station.mode).toBe('local');
    expect(statuses.at(-1)).toMatchObject({ mode: 'local' });
    // Meanwhile the station's requests pass straight to its own limiter.
    await station.take('interactive');
    expect(station.counts.passedLocal).toBe(9);
  } finally {
    own.start();
  }
  // Back: the next take pings the database and the station shares again.
  await until(() => {
    void station.take('interactive');
    return station.mode === 'shared';
  });
  unwatch();
  station.close();
}

async function until(ok: () => boolean): Promise<void> {
  while (!ok()) await new Promise((r) => setTimeout(r, 20));
}
