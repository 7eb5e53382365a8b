/**
 * The account's shared budget through the whole composition (issue 29): consoles composed as
 * browser mode composes them (createBridge, each its own config folder and station), on one
 * floor database and one sandbox account. What the warehouse checks:
 *
 * - both consoles take their requests from one bucket for the account (one row, named by the
 *   sandbox's address and never by the key), and with that bucket set to 4 requests a second
 *   — well under either console's own limit of 10 — the two consoles together send no more
 *   than the bucket grants over the time they took, plus what each console may send beside it
 *   by design (an upper bound: a slower machine only loosens it; nothing here measures how
 *   fast anything is). Two consoles on limiters of their own would send their 40 requests in
 *   about two seconds, far above that bound;
 * - a console whose floor database stops (a private cluster: the shared one is never stopped)
 *   keeps answering on its own limiter.
 *
 * Requests are counted where they leave the console (its fetch). A timeout guards a hang.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildDataset } from '../../sandbox/data/dataset';
import { type RunningSandbox, startSandbox } from '../../sandbox/server/start';
import { LeasePool } from '../domains/floor/budget/lease-pool';
import type { FloorConnection } from '../domains/floor/db/floor-config';
import {
  createTestDatabase,
  NO_CLUSTER,
  type PrivateCluster,
  pgSkip,
  startPrivateCluster,
  type TestDatabase,
} from '../domains/floor/test-support/floor-database';
import {
  type ConsoleCall,
  composedFloorConsolesForFile,
} from '../test-support/composed-floor-console';

const KEY = 'pk_floor_budget_wire_0123456789';
let db: TestDatabase;
let sandbox: RunningSandbox;

beforeAll(async () => {
  if (pgSkip) return;
  db = await createTestDatabase('budget_wire');
  const dataset = buildDataset({ seed: 12, scale: 0.02, now: new Date() });
  // No limit at the sandbox: whatever bounds the consoles is their own doing.
  sandbox = await startSandbox({ port: 0, keys: [KEY], rate: 0, dataset });
});
afterAll(async () => {
  await sandbox?.close();
  await db?.drop();
});
// Registered after the hooks above, so its consoles close first (after-hooks run in reverse).
const openFloorConsole = composedFloorConsolesForFile('packbench-floor-budget-');

interface Console {
  call: ConsoleCall;
  /** Requests this console has sent to the API. */
  sent(): number;
}

/** A console composed whole, on the sandbox's connection and on the floor at `floorAt`. */
async function floorConsole(name: string, floorAt: FloorConnection): Promise<Console> {
  let sent = 0;
  const call = await openFloorConsole({
    station: name,
    connection: { name: 'Sandbox', baseUrl: sandbox.url, apiKey: KEY },
    floor: {
      host: floorAt.host,
      port: floorAt.port,
      database: floorAt.database,
      user: floorAt.user,
      tls: floorAt.tls === 'off' ? 'off' : 'require',
      ...(floorAt.password ? { password: floorAt.password } : {}),
    },
    fetch: (input, init) => {
      if (String(input instanceof Request ? input.url : input).startsWith(sandbox.url)) sent += 1;
      return globalThis.fetch(input, init);
    },
  });
  return { call, sent: () => sent };
}

/** The first page of open orders, `size` to a page (each call a request of its own). */
const page = (size: number) => ({ filters: { stage: 'open' }, page: 1, pageSize: size });

describe.skipIf(pgSkip)(`the shared budget through composed consoles (${NO_CLUSTER})`, () => {
  it('two consoles on one floor and one account share one bucket', {
    timeout: 180_000,
  }, async () => {
    // The consoles' lease pools, as they are used (a spy that calls through: it only sees
    // them), for the requests a pool lets go on alone by design (below).
    const takes = vi.spyOn(LeasePool.prototype, 'take');
    const one = await floorConsole('Packing bench 1', db.connection);
    const two = await floorConsole('Packing bench 2', db.connection);
    const check = await db.client();
    try {
      // Both consoles on the floor's bucket: asked again until it has granted leases. On a busy
      // machine a first lease slower than a person's wait goes on the station's own limiter
      // for that request (by design) and leases nothing.
      await expect
        .poll(async () => {
          await one.call('ordersList', page(1));
          await two.call('ordersList', page(1));
          const granted = await check.query<{ leases: string }>('SELECT leases FROM floor_budget');
          return Number(granted.rows[0]?.leases ?? 0);
        })
        .toBeGreaterThanOrEqual(2);
      const rows = await check.query<{ account: string; leases: string }>(
        'SELECT account, leases FROM floor_budget',
      );
      // One bucket for the account, named by its address and never by its key.
      expect(rows.rows).toHaveLength(1);
      expect(rows.rows[0]?.account).toContain(sandbox.url);
      expect(rows.rows[0]?.account).not.toContain(KEY);
      expect(Number(rows.rows[0]?.leases)).toBeGreaterThanOrEqual(2);
      const pools = () => [...new Set(takes.mock.contexts as LeasePool[])];
      const passedLocal = () => pools().reduce((sum, p) => sum + p.counts.passedLocal, 0);

      // The floor's bucket at 4 a second and empty, not to grow back during the test.
      const RATE = 4;
      const started = await check.query<{ now: number }>(
        `UPDATE floor_budget SET rate = $1, peak_rate = $1, tokens = 0,
           at_ms = extract(epoch FROM clock_timestamp()) * 1000,
           cut_at_ms = extract(epoch FROM clock_timestamp()) * 1000, version = version + 1
         RETURNING at_ms AS now`,
        [RATE],
      );
      const before = one.sent() + two.sent();
      const localBefore = passedLocal();
      // 20 requests a console: at their own 10 a second each, two consoles would send all 40
      // in about 2 s, where the bound below allows some 18; through the bucket they take
      // about (40 - 10) / 4 = 7.5 s.
      const calls = Array.from({ length: 20 }, (_, i) => i + 2);
      await Promise.all([
        ...calls.map((n) => one.call('ordersList', page(n))),
        ...calls.map((n) => two.call('ordersList', page(n))),
      ]);
      const ended = await check.query<{ now: number }>(
        'SELECT extract(epoch FROM clock_timestamp()) * 1000 AS now',
      );
      const sent = one.sent() + two.sent() - before;
      expect(sent).toBeGreaterThanOrEqual(40);
      // Both consoles took their requests through lease pools on the bucket.
      expect(pools().length).toBeGreaterThanOrEqual(2);
      const seconds = (Number(ended.rows[0]?.now) - Number(started.rows[0]?.now)) / 1000;
      // What may leave the two consoles since the bucket was emptied, term by term:
      // - the bucket's refill: it starts at 0 and grants whole tokens at RATE a second (its
      //   burst caps what it holds, so it adds nothing to an empty bucket);
      const refill = RATE * seconds;
      // - tokens a pool was granted just before (the polls above) and holds for its lease
      //   time (leaseMs, 1 s): a pool asks only when it holds none, a person's request for at
      //   most backgroundLease = 3. Each is sent once, or given back and granted once again;
      const heldBefore = 2 * 3;
      // - the interactive credit: a person's request goes at once and is paid after, at most
      //   interactiveCredit = 2 a console before the payment (which overdraws the bucket, so
      //   the refill pays it back: counted once, here);
      const credit = 2 * 2;
      // - requests a pool let go on alone: a lease answer slower than a person's 150 ms wait
      //   (a loaded machine) releases the waiting requests to the station's own limiter, and
      //   three in a row put the station on its own until a ping answers (lease-pool.ts).
      // Counted in the pools, so a loaded machine loosens the bound only by what it let go.
      const alone = passedLocal() - localBefore;
      expect(sent).toBeLessThanOrEqual(refill + heldBefore + credit + alone);
    } finally {
      takes.mockRestore();
      await check.end();
    }
  });

  it('a console whose floor database stops keeps answering on its own limiter', {
    timeout: 180_000,
  }, async () => {
    let cluster: PrivateCluster | undefined;
    try {
      cluster = await startPrivateCluster();
      await cluster.createDatabase('budget_down');
      const station = await floorConsole('Packing bench 3', cluster.connection('budget_down'));
      // The station was on the floor's bucket before the database went. Asked again until it
      // is: on a busy machine a first lease slower than a person's wait goes on the station's
      // own limiter for that request (by design), and writes no bucket yet.
      const check = new pg.Client({ ...cluster.connection('budget_down'), ssl: false });
      await check.connect();
      try {
        await expect
          .poll(async () => {
            await station.call('ordersList', page(1));
            return (await check.query('SELECT account FROM floor_budget')).rows.length;
          })
          .toBe(1);
      } finally {
        await check.end();
      }
      cluster.stop();
      const before = station.sent();
      const answers = await Promise.all([1, 2, 3].map((n) => station.call('ordersList', page(n))));
      for (const answer of answers) expect(answer.results.length).toBeGreaterThan(0);
      expect(station.sent() - before).toBeGreaterThanOrEqual(3);
    } finally {
      cluster?.destroy();
    }
  });
});
