/**
 * The one-statement lease and payment (budget-sql.ts) on the real cluster: every answer,
 * replayed through bucket.ts from the row it started at and the database's time, is what
 * bucket.ts says, for both classes, concurrent stations, an overdraft and the probe; and three
 * stations, each scanning on its credit beside its own bulk work, never send more than the
 * account's rate together.
 */
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BudgetClass, grant, spend } from './bucket';
import { LEASE_SQL, limitParams, SPEND_SQL, statementRow } from './budget-sql';
import { budgetSystemClock, LeasePool } from './lease-pool';
import { PgBudgetStore } from './pg-budget-store';
import { saneBucket } from './sane-bucket';
import { createTestDatabase, runPg, type TestDatabase } from './test-support/budget-database';

let db: TestDatabase;
let pools: pg.Pool[];

beforeAll(async () => {
  if (!runPg) return;
  db = await createTestDatabase(['0004-budget.sql', '0009-budget-shape.sql']);
  pools = [db.pool(2), db.pool(2), db.pool(2)];
  for (const pool of pools) await pool.query('SELECT 1');
});
afterAll(async () => {
  await db?.drop();
});

const store = (pool: pg.Pool, account: string, station: string) =>
  new PgBudgetStore({ pool, account, station, startRate: () => 10 });

async function dbNow(pool: pg.Pool): Promise<number> {
  const r = await pool.query('SELECT extract(epoch FROM clock_timestamp()) * 1000 AS n');
  return Number(r.rows[0].n);
}

/** One lease or payment by statement, checked against bucket.ts from where it started. */
async function checked(pool: pg.Pool, account: string, op: BudgetClass | 'spend', n: number) {
  const found =
    op === 'spend'
      ? await pool.query(SPEND_SQL, [account, ...limitParams(), n, 'Check'])
      : await pool.query(LEASE_SQL, [account, ...limitParams(), op === 'background', n, 'Check']);
  const row = statementRow(found.rows[0]);
  const before = saneBucket(row.before, 10, row.now).state;
  const expected =
    op === 'spend'
      ? { granted: 0, state: spend(before, row.now, n) }
      : grant(before, row.now, op, n);
  expect(row.granted).toBe(expected.granted);
  expect(row.tokens).toBeCloseTo(expected.state.tokens, 6);
  expect(row.rate).toBeCloseTo(expected.state.rate, 9);
  expect(row.at).toBeCloseTo(expected.state.at, 3);
  expect(row.scanRate).toBeCloseTo(expected.state.scanRate, 9);
  expect(row.peak).toBeCloseTo(expected.state.peak, 9);
  expect(row.waitedAt).toBeCloseTo(expected.state.waitedAt, 3);
  expect(row.cutAt).toBeCloseTo(expected.state.cutAt, 3);
  return row;
}

describe.skipIf(!runPg)('the budget’s one-statement lease and payment', () => {
  it('agrees with bucket.ts on every answer, three stations asking at once', async () => {
    const account = 'statement-account';
    // The row is made by the store's slower path (a new account), then only statements.
    await store(pools[0] as pg.Pool, account, 'Station 1').lease('interactive', 1);
    let seed = 11;
    const random = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    const ops: (BudgetClass | 'spend')[] = ['interactive', 'background', 'spend'];
    let granted = 0;
    await Promise.all(
      pools.map(async (pool) => {
        for (let i = 0; i < 40; i++) {
          const op = ops[Math.floor(random() * 3)] as BudgetClass | 'spend';
          const row = await checked(pool, account, op, 1 + Math.floor(random() * 5));
          granted += row.granted;
        }
      }),
    );
    // Enough traffic to drain the bucket and overdraw it: both branches were checked.
    const row = await (pools[0] as pg.Pool).query(
      'SELECT tokens, version FROM floor_budget WHERE account = $1',
      [account],
    );
    expect(Number(row.rows[0].version)).toBeGreaterThanOrEqual(121);
    expect(granted).toBeGreaterThan(0);
  });

  it('lets pressed background demand grow the rate long after the last cut, as bucket.ts', async () => {
    const account = 'probe-account';
    await store(pools[0] as pg.Pool, account, 'Station 1').lease('interactive', 1);
    await (pools[0] as pg.Pool).query(
      `UPDATE floor_budget SET tokens = 0, cut_at_ms = cut_at_ms - 600000,
         at_ms = extract(epoch FROM clock_timestamp()) * 1000 - 500 WHERE account = $1`,
      [account],
    );
    const row = await checked(pools[0] as pg.Pool, account, 'background', 6);
    expect(row.rate).toBeGreaterThan(row.before.rate);
  });

  it('climbs back to the rate before a cut, sizes the reserve from scans and keeps bulk leases small while a person waits, as bucket.ts', async () => {
    const account = 'shape-account';
    const pool = pools[0] as pg.Pool;
    await store(pool, account, 'Station 1').lease('interactive', 1);
    // Cut 12 s ago from 9.6 to 6/s, with a floor's scans lately.
    await pool.query(
      `UPDATE floor_budget SET rate = 6, peak_rate = 9.6, scan_rate = 3.8,
         cut_at_ms = extract(epoch FROM clock_timestamp()) * 1000 - 12000,
         at_ms = extract(epoch FROM clock_timestamp()) * 1000 - 9000 WHERE account = $1`,
      [account],
    );
    const climbed = await checked(pool, account, 'spend', 2);
    expect(climbed.rate).toBeGreaterThan(7);
    expect(climbed.rate).toBeLessThan(9.6);
    // A person's request that finds too few tokens marks the time; bulk then gets one token.
    await pool.query('UPDATE floor_budget SET tokens = -3 WHERE account = $1', [account]);
    const scan = await checked(pool, account, 'interactive', 2);
    expect(scan.granted).toBe(0);
    await pool.query('UPDATE floor_budget SET tokens = 8 WHERE account = $1', [account]);
    const bulk = await checked(pool, account, 'background', 6);
    expect(bulk.asked).toBe(1);
    expect(bulk.granted).toBe(1);
  });

  it('leaves a missing or nonsense row to the slower path, which makes or repairs it', async () => {
    const none = await (pools[0] as pg.Pool).query(LEASE_SQL, [
      'no-such-account',
      ...limitParams(),
      true,
      3,
      'Station 1',
    ]);
    expect(none.rows).toEqual([]);
    const account = 'broken-account';
    await store(pools[0] as pg.Pool, account, 'Station 1').lease('interactive', 1);
    await (pools[0] as pg.Pool).query("UPDATE floor_budget SET tokens = 'NaN' WHERE account = $1", [
      account,
    ]);
    const broken = await (pools[0] as pg.Pool).query(SPEND_SQL, [
      account,
      ...limitParams(),
      1,
      'Station 1',
    ]);
    expect(broken.rows).toEqual([]);
    const repaired = await store(pools[1] as pg.Pool, account, 'Station 2').spend(1);
    expect(Number.isFinite(repaired.tokens)).toBe(true);
  });

  it('three stations scanning on credit beside their bulk work never exceed the rate together', async () => {
    const account = 'credit-account';
    const stations = pools.map(
      (pool, i) =>
        new LeasePool({
          store: store(pool, account, `Station ${i + 1}`),
          clock: budgetSystemClock,
          // What is checked is the rate, not the fallback: a loaded machine's slow answer
          // must not send a station on alone (a guard against a hang only).
          timeoutMs: 30_000,
          backgroundTimeoutMs: 30_000,
        }),
    );
    const from = await dbNow(pools[0] as pg.Pool);
    let sent = 0;
    let scans = 0;
    let stop = false;
    const count = () => {
      sent += 1;
      if (sent >= 140) stop = true;
    };
    const workers = stations.flatMap((station) => [
      ...Array.from({ length: 3 }, async () => {
        while (!stop) {
          await station.take('background');
          count();
        }
      }),
      (async () => {
        while (!stop) {
          // A scan's two calls, one after the other, then a pause (waits on the database's
          // answers, not a clock: a payment is in flight while the next call goes).
          for (let call = 0; call < 2 && !stop; call++) {
            await station.take('interactive');
            scans += 1;
            count();
          }
          await dbNow(pools[0] as pg.Pool);
        }
      })(),
    ]);
    await Promise.all(workers);
    const seconds = ((await dbNow(pools[0] as pg.Pool)) - from) / 1000;
    for (const s of stations) s.close();
    expect(stations.map((s) => s.counts.passedLocal)).toEqual([0, 0, 0]);
    expect(scans).toBeGreaterThan(0);
    // The bucket's 9.6/s over the run, the burst it started with, the leases in flight (three
    // stations' up to 6) and at most one burst of scans paid after.
    // (The burst is at most the reserve's 0.8 s of the rate and two: under 10.)
    expect(sent).toBeLessThanOrEqual(Math.ceil(9.6 * seconds + 8 + 3 * 6 + 10));
    // Most scans went on credit, without a round trip first.
    const onCredit = stations.reduce((a, s) => a + s.creditCounts.onCredit, 0);
    expect(onCredit).toBeGreaterThan(scans / 2);
  });
});
