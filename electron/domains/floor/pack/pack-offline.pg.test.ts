/**
 * Two pack stations on floor-core's real sessions (their own local stores, one database on
 * the private cluster), with the floor slow and then cut off mid-shift (every connection
 * dropped and refused at a TCP gate: the cluster itself keeps running for the other files). What a supervisor
 * checks: a slow floor never holds a scan past the 150 ms budget (the station goes on as
 * offline and says so); while the floor is down both stations keep packing on local claims;
 * when it is back every pack of the offline minutes is in the floor's log once, and the order
 * packed at both stations meanwhile is listed as a conflict, not merged.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalStore, openLocalStore } from '../../../kernel/local-store/local-store';
import { readMigrations } from '../db/migrate';
import { createFloorSession, type FloorSessionImpl } from '../floor-session';
import { NO_CLUSTER, pgSkip } from '../test-support/floor-database';
import { pendingIs, statusIs } from '../test-support/session-waits';
import { testDatabaseForFile } from '../test-support/test-database-for-file';
import type { Claimant } from './claim-rules';
import { FloorPackStation } from './floor-pack-station';
import { type DbGate, startDbGate } from './test-support/db-gate';

const ACCOUNT = 'acct-1';
const floor = testDatabaseForFile('pack');
const gates = new Map<string, DbGate>();
const dirs: string[] = [];
const stores: LocalStore[] = [];
const sessions: FloorSessionImpl[] = [];

interface Bench {
  session: FloorSessionImpl;
  pack: FloorPackStation;
  name: string;
}

/**
 * `budgetMs`: the slow-floor test keeps the real 150 ms; the floor-down test gives the online
 * steps room (a first TLS connection on a busy machine), since what it checks is the queue.
 */
async function bench(id: string, name: string, budgetMs?: number): Promise<Bench> {
  const dir = await mkdtemp(path.join(tmpdir(), 'floor-pack-'));
  dirs.push(dir);
  const store = await openLocalStore({ dir });
  stores.push(store);
  // Each station through a gate of its own, so the test takes the floor away and back.
  const gate = await startDbGate({
    host: floor.db.connection.host,
    port: floor.db.connection.port,
  });
  gates.set(name, gate);
  const session = createFloorSession({
    connection: { ...floor.db.connection, port: gate.port },
    station: { id, name, locationId: null },
    store,
    // The core's and the pack's steps: other parts' migrations are theirs to test.
    migrations: readMigrations().filter((m) => m.version <= 2 || m.version === 7),
  });
  sessions.push(session);
  const pack = new FloorPackStation(session, { account: ACCOUNT, scanBudgetMs: budgetMs });
  return { session, pack, name };
}

const who = (b: Bench, orderId: number, packer: string): Claimant => ({
  orderId,
  orderName: `#${20_000 + orderId}`,
  station: b.name,
  packer,
});

async function packIt(b: Bench, orderId: number, packer: string) {
  return b.pack.packed({
    orderId,
    orderName: `#${20_000 + orderId}`,
    station: b.name,
    packer,
    packedAt: new Date().toISOString(),
    lines: [{ sku: 'MUG-1', qty: 1, scanned: 1, byHand: 0 }],
    overrides: [],
  });
}

let s3: Bench;
let s5: Bench;
let slow: Bench;

beforeAll(async () => {
  if (pgSkip) return;
  s3 = await bench('st-3', 'Station 3', 5_000);
  s5 = await bench('st-5', 'Station 5', 5_000);
  slow = await bench('st-9', 'Station 9');
  expect(await s3.session.ready()).toBe('online');
  expect(await s5.session.ready()).toBe('online');
  expect(await slow.session.ready()).toBe('online');
});
afterAll(async () => {
  await Promise.all(sessions.map((s) => s.close()));
  await Promise.all(stores.map((s) => s.close()));
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
  await Promise.all([...gates.values()].map((g) => g.close()));
});

describe.skipIf(pgSkip)(`pack stations when the floor is slow or down (${NO_CLUSTER})`, () => {
  it('a floor slower than the budget: the scan goes on as offline and says so', async () => {
    const admin = await floor.db.client();
    try {
      await admin.query('BEGIN');
      // Another session holds the claims table: the claim cannot answer in time.
      await admin.query('LOCK TABLE pack_claims IN ACCESS EXCLUSIVE MODE');
      const opened = await slow.pack.open(who(slow, 50, 'Ana'));
      expect(opened).toMatchObject({ source: 'local', claim: { kind: 'granted' } });
      if (opened.source === 'local') {
        expect(opened.message).toBe(
          'The floor did not answer within 150 ms: went on as offline for this action. Claims are local only.',
        );
      }
    } finally {
      await admin.query('ROLLBACK');
      await admin.end();
    }
  });

  it('the database gone mid-shift: every pack lands once; a double pack is a conflict', {
    timeout: 120_000,
  }, async () => {
    // Online: Station 5 meets Station 3's claim, and packs nothing.
    expect(await s3.pack.open(who(s3, 1, 'Ana'))).toMatchObject({
      source: 'floor',
      claim: { kind: 'granted' },
    });
    expect(await s5.pack.open(who(s5, 1, 'Bo'))).toMatchObject({
      source: 'floor',
      claim: { kind: 'held', holder: { station: 'Station 3', packer: 'Ana' } },
    });
    expect(await packIt(s3, 1, 'Ana')).toMatchObject({ written: 'floor' });

    const gate3 = gates.get('Station 3')!;
    const gate5 = gates.get('Station 5')!;
    await Promise.all([gate3.down(), gate5.down()]);
    try {
      await Promise.all([statusIs(s3.session, 'offline'), statusIs(s5.session, 'offline')]);
      // Order 2 is scanned at both stations while they cannot see each other.
      const a = await s3.pack.open(who(s3, 2, 'Ana'));
      const b = await s5.pack.open(who(s5, 2, 'Bo'));
      for (const opened of [a, b]) {
        expect(opened).toMatchObject({ source: 'local', claim: { kind: 'granted' } });
        if (opened.source === 'local') expect(opened.message).toMatch(/Claims are local only\.$/);
      }
      expect(await packIt(s3, 2, 'Ana')).toMatchObject({ written: 'queued' });
      expect(await packIt(s5, 2, 'Bo')).toMatchObject({ written: 'queued' });
      // The rest of the offline minutes: each station its own orders, and a label printed.
      for (let n = 3; n <= 12; n += 1) {
        const at = n % 2 === 0 ? s3 : s5;
        await at.pack.open(who(at, n, at === s3 ? 'Ana' : 'Bo'));
        expect(await packIt(at, n, at === s3 ? 'Ana' : 'Bo')).toMatchObject({ written: 'queued' });
      }
      expect(
        await s5.pack.printed('Station 5', [
          {
            orderId: 3,
            kind: 'shipping_label',
            printer: 'Zebra 5',
            jobId: 'job-3',
            at: new Date().toISOString(),
          },
        ]),
      ).toMatchObject({ written: 'queued' });
      expect(s3.session.pending()).toBe(6);
      expect(s5.session.pending()).toBe(7);
    } finally {
      // One station back at a time. Both at once can lose a pack today: floor-core's queue
      // sets an action aside as "could not be written" when its SERIALIZABLE transaction
      // still fails to serialize after its retries (seen 1 run in 6 with two stations), which
      // the integrator is told; this test checks the pack part, not that race.
      await gate3.up();
      await statusIs(s3.session, 'online');
      await pendingIs(s3.session, 0);
      await gate5.up();
    }
    await statusIs(s5.session, 'online');
    await pendingIs(s5.session, 0);

    const check = await floor.db.client();
    try {
      // What the floor's queue set aside, named in any failure below.
      const setAside = JSON.stringify(
        (await check.query('SELECT key, summary FROM floor_conflicts')).rows,
      );
      const rows = await check.query(
        `SELECT order_id::int AS order_id, count(*)::int AS n,
                array_agg(station ORDER BY station) AS stations, bool_and(offline) AS offline
           FROM pack_log WHERE account = $1 GROUP BY order_id ORDER BY order_id`,
        [ACCOUNT],
      );
      expect(rows.rows, setAside).toEqual([
        { order_id: 1, n: 1, stations: ['Station 3'], offline: false },
        { order_id: 2, n: 2, stations: ['Station 3', 'Station 5'], offline: true },
        ...Array.from({ length: 10 }, (_, i) => ({
          order_id: i + 3,
          n: 1,
          stations: [(i + 3) % 2 === 0 ? 'Station 3' : 'Station 5'],
          offline: true,
        })),
      ]);
      const marks = await check.query('SELECT order_id::int AS o, station FROM printed_marks');
      expect(marks.rows).toEqual([{ o: 3, station: 'Station 5' }]);
      // Listed for the supervisor twice over: the pack's own list, and the floor's.
      const generic = await check.query('SELECT kind, summary FROM floor_conflicts');
      expect(generic.rows).toEqual([
        { kind: 'pack.packed', summary: expect.stringMatching(/^#20002 was packed twice: /) },
      ]);
    } finally {
      await check.end();
    }
    const listed = await s3.pack.conflicts();
    expect(listed).toMatchObject({
      ok: true,
      conflicts: [
        {
          orderId: 2,
          orderName: '#20002',
          first: { offline: true },
          second: { offline: true },
          resolved: null,
        },
      ],
    });
    if (listed.ok) {
      const stations = [listed.conflicts[0]?.first.station, listed.conflicts[0]?.second.station];
      expect(stations.sort()).toEqual(['Station 3', 'Station 5']);
    }
    // "Already packed" at the other station now comes from the floor.
    const again = await s5.pack.open(who(s5, 4, 'Bo'));
    expect(again).toMatchObject({ source: 'floor', packed: { station: 'Station 3', times: 1 } });
  });
});
