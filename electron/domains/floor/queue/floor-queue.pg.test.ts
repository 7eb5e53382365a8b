/**
 * The floor stopped mid-shift (pg_ctl stop on the private cluster) and started again: what a
 * station did meanwhile is kept in its own store and lands on the floor once each, in order,
 * also across a console restart; a conflict found then is listed for the supervisor; an
 * action whose answer was lost (it committed, the station did not hear) is not doubled.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { localStoreForFile } from '../../../kernel/test-support/local-store-for-file';
import { createFloorSession, type FloorSessionImpl } from '../floor-session';
import type { FloorActionKind } from '../floor-types';
import {
  NO_CLUSTER,
  type PrivateCluster,
  pgSkip,
  type TestDatabase,
} from '../test-support/floor-database';
import { startPrivateDatabase } from '../test-support/private-database';
import { pendingIs, statusIs } from '../test-support/session-waits';
import { applyOnce } from './floor-queue';

const markSchema = z.object({ orderId: z.number().int().positive() });
type Mark = z.infer<typeof markSchema>;

/** A pack-like mark: one per order; the same order marked by another station is a conflict. */
const packMark: FloorActionKind<Mark> = {
  kind: 'test.mark',
  schema: markSchema,
  async apply(q, action) {
    const held = await q.query<{ station_id: string }>(
      'SELECT station_id FROM test_marks WHERE order_id = $1',
      [action.payload.orderId],
    );
    const other = held.rows[0]?.station_id;
    if (other && other !== action.station) {
      return {
        applied: false,
        conflict: `Order ${action.payload.orderId} was marked at two stations while the floor was offline`,
        detail: { orderId: action.payload.orderId, stations: [other, action.station] },
      };
    }
    await q.query('INSERT INTO test_marks (order_id, station_id, seq) VALUES ($1, $2, $3)', [
      action.payload.orderId,
      action.station,
      action.at,
    ]);
    return { applied: true };
  },
};

let db: TestDatabase;
/** Its own cluster: this test stops the database, which must not stop other files' tests. */
let cluster: PrivateCluster;
const local = localStoreForFile('floor-queue-', !pgSkip);
const sessions: FloorSessionImpl[] = [];

function station(): FloorSessionImpl {
  const session = createFloorSession({
    connection: db.connection,
    station: { id: 'st-q', name: 'Bench Q', locationId: null },
    store: local.store,
  });
  session.register(packMark);
  sessions.push(session);
  return session;
}

beforeAll(async () => {
  if (pgSkip) return;
  ({ cluster, db } = await startPrivateDatabase('queue'));
});
afterAll(async () => {
  await Promise.all(sessions.map((s) => s.close()));
  await db?.drop();
});

describe.skipIf(pgSkip)(`the offline queue (${NO_CLUSTER})`, () => {
  it('the database stopped mid-run: every action lands once, in order, across a restart', {
    timeout: 120_000,
  }, async () => {
    const first = station();
    expect(await first.ready()).toBe('online');
    const admin = await db.client();
    await admin.query(
      'CREATE TABLE test_marks (order_id integer PRIMARY KEY, station_id text NOT NULL, seq text NOT NULL)',
    );
    // Order 7 is packed at another station before the floor goes away.
    await admin.query(`INSERT INTO test_marks VALUES (7, 'st-other', 'before')`);
    await admin.end();

    const at = (n: number) => `2026-11-28T10:${String(n).padStart(2, '0')}:00.000Z`;
    for (let n = 1; n <= 5; n += 1) {
      expect(
        await first.write(
          'test.mark',
          { key: `mark:${n}`, payload: { orderId: n }, at: at(n) },
          5000,
        ),
      ).toMatchObject({ written: 'floor' });
    }

    cluster.stop();
    try {
      await statusIs(first, 'offline');
      expect(first.problem()).toMatch(/floor database/);
      for (let n = 6; n <= 15; n += 1) {
        const done = await first.write('test.mark', {
          key: `mark:${n}`,
          payload: { orderId: n },
          at: at(n),
        });
        expect(done.written).toBe('queued');
      }
      // The same action written twice while offline is kept once.
      await first.write('test.mark', { key: 'mark:6', payload: { orderId: 6 }, at: at(6) });
      expect(first.pending()).toBe(10);
      // The console is closed (end of shift, a crash) with its queue on disk.
      await first.close();
    } finally {
      cluster.start();
    }

    const again = station();
    await statusIs(again, 'online');
    await pendingIs(again, 0);

    const check = await db.client();
    try {
      const marks = await check.query<{ order_id: number; station_id: string; seq: string }>(
        'SELECT order_id, station_id, seq FROM test_marks ORDER BY order_id',
      );
      const expected = Array.from({ length: 15 }, (_, i) => i + 1);
      expect(marks.rows.map((r) => r.order_id)).toEqual(expected);
      expect(marks.rows.find((r) => r.order_id === 7)).toEqual({
        order_id: 7,
        station_id: 'st-other',
        seq: 'before',
      });
      const keys = await check.query<{ key: string }>(
        'SELECT key FROM floor_applied ORDER BY applied_at, key',
      );
      expect(keys.rows.map((r) => r.key).sort()).toEqual(expected.map((n) => `mark:${n}`).sort());
      // Sent in the order they happened: applied_at rises with the action's own time.
      const order = await check.query<{ key: string }>(
        `SELECT key FROM floor_applied WHERE key <> ALL($1) ORDER BY applied_at`,
        [['mark:1', 'mark:2', 'mark:3', 'mark:4', 'mark:5']],
      );
      expect(order.rows.map((r) => r.key)).toEqual(
        Array.from({ length: 10 }, (_, i) => `mark:${i + 6}`),
      );
      const conflicts = await check.query(
        'SELECT key, kind, station_id, summary FROM floor_conflicts',
      );
      expect(conflicts.rows).toEqual([
        {
          key: 'mark:7',
          kind: 'test.mark',
          station_id: 'st-q',
          summary: 'Order 7 was marked at two stations while the floor was offline',
        },
      ]);
    } finally {
      await check.end();
    }
  });

  it('an action that committed but whose answer was lost is not applied again', async () => {
    const session = sessions.at(-1)!;
    const { FloorQueue } = await import('./floor-queue');
    const queue = new FloorQueue({
      store: local.store,
      kinds: new Map([[packMark.kind, packMark as FloorActionKind<unknown>]]),
      tx: (fn) => session.db!.tx(fn),
      problem: () => {},
    });
    const action = {
      kind: 'test.mark',
      key: 'mark:lost',
      station: 'st-q',
      at: '2026-11-28T11:00:00.000Z',
      payload: { orderId: 99 },
    };
    await queue.add(action);
    // It reached the floor (the station did not hear back), then the queue sends it again.
    await session.db!.tx((q) => applyOnce(q, packMark, action));
    expect(await queue.flush()).toEqual({ sent: 0, already: 1, conflicts: 0, refused: 0, left: 0 });
    const rows = await session.db!.query(
      'SELECT count(*)::int AS n FROM test_marks WHERE order_id = 99',
    );
    expect(rows.rows[0]!.n).toBe(1);
    expect(queue.count()).toBe(0);
  });
});
