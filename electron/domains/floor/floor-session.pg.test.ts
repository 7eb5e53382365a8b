/**
 * Two stations' sessions on one real floor database: both join (name, location, who is signed
 * in), a change at one is pushed to the other (a pack table's too), a floor slower than the budget is given up on
 * with the sentence, and a station with no floor configured answers at once as it always did.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFloorSession, type FloorSessionImpl } from './floor-session';
import type { FloorEvent } from './floor-types';
import { NO_CLUSTER, pgSkip } from './test-support/floor-database';
import { testDatabaseForFile } from './test-support/test-database-for-file';

const floor = testDatabaseForFile('session');
let a: FloorSessionImpl;
let b: FloorSessionImpl;

beforeAll(async () => {
  if (pgSkip) return;
  a = createFloorSession({
    connection: floor.db.connection,
    station: { id: 'st-a', name: 'Bench 1', locationId: 3 },
    store: null,
  });
  b = createFloorSession({
    connection: floor.db.connection,
    station: { id: 'st-b', name: 'Bench 2', locationId: null },
    store: null,
  });
  await Promise.all([a.ready(), b.ready()]);
});
afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
});

describe.skipIf(pgSkip)(`a floor session (${NO_CLUSTER})`, () => {
  it('both stations are online and on the floor with their names and who is signed in', async () => {
    expect([a.status(), b.status()]).toEqual(['online', 'online']);
    expect(a.problem()).toBeNull();
    await a.updateStation({ name: 'Bench 1', locationId: 3, packer: 'Ana' });
    expect(
      await floor.db.rows('SELECT id, name, location_id FROM floor_stations ORDER BY id'),
    ).toEqual([
      { id: 'st-a', name: 'Bench 1', location_id: 3 },
      { id: 'st-b', name: 'Bench 2', location_id: null },
    ]);
    expect(
      await floor.db.rows(
        'SELECT station_id, packer FROM floor_signins WHERE signed_out_at IS NULL',
      ),
    ).toEqual([{ station_id: 'st-a', packer: 'Ana' }]);
    // Signing another packer in closes Ana's sign-in: one open sign-in per station.
    await a.updateStation({ name: 'Bench 1', locationId: 3, packer: 'Ben' });
    expect(
      await floor.db.rows(
        'SELECT packer, signed_out_at IS NOT NULL AS out FROM floor_signins ORDER BY id',
      ),
    ).toEqual([
      { packer: 'Ana', out: true },
      { packer: 'Ben', out: false },
    ]);
  });

  it('a change published at one station is pushed to the other (not polled)', async () => {
    const received = new Promise<FloorEvent<{ orderId: number }>>((resolve) => {
      const off = b.subscribe<{ orderId: number }>('test.*', (event) => {
        off();
        resolve(event);
      });
    });
    await a.db!.tx((q) => a.publish(q, 'test.packed', { orderId: 1001 }));
    const event = await received;
    expect(event).toMatchObject({
      topic: 'test.packed',
      station: 'st-a',
      payload: { orderId: 1001 },
    });
  });

  it('a claim written at one station reaches the other’s pack.* subscribers, with its account', async () => {
    const received = new Promise<FloorEvent>((resolve) => {
      const off = b.subscribe('pack.*', (event) => {
        off();
        resolve(event);
      });
    });
    await a.db!.query(
      `INSERT INTO pack_claims (account, order_id, order_name, station, packer)
       VALUES ('acct-live', 4242, '#4242', 'Bench 1', 'Ana')`,
    );
    expect(await received).toMatchObject({
      topic: 'pack.pack_claims',
      payload: { table: 'pack_claims', op: 'insert', account: 'acct-live', orderId: 4242 },
    });
  });

  it('a change rolled back is never pushed', async () => {
    const topics: string[] = [];
    const off = b.subscribe('test.*', (event) => topics.push(event.topic));
    await a
      .db!.tx(async (q) => {
        await a.publish(q, 'test.undone', {});
        throw new Error('rolled back');
      })
      .catch(() => {});
    // A later change is the marker that everything before it was delivered.
    const marker = new Promise<void>((resolve) => {
      const offMarker = b.subscribe('test.marker', () => {
        offMarker();
        resolve();
      });
    });
    await a.db!.tx((q) => a.publish(q, 'test.marker', {}));
    await marker;
    off();
    expect(topics).toEqual(['test.marker']);
  });

  it('past its budget a floor action is given up on with the sentence', async () => {
    const slow = await a.withBudget(50, (floor) => floor.query('SELECT pg_sleep(1)'));
    expect(slow).toEqual({
      ok: false,
      reason: 'budget',
      message: 'The floor did not answer within 50 ms: went on as offline for this action.',
    });
    const quick = await a.withBudget(
      2000,
      async (floor) => (await floor.query('SELECT 1 AS one')).rows[0],
    );
    expect(quick).toEqual({ ok: true, value: { one: 1 } });
  });
});

describe('a station with no floor configured', () => {
  it('is not-configured, answers every floor action at once as offline, and writes stay local', async () => {
    const alone = createFloorSession({
      connection: null,
      station: { id: 'st-z', name: 'Bench 9', locationId: null },
      store: null,
    });
    expect(await alone.ready()).toBe('not-configured');
    expect(alone.db).toBeNull();
    expect(await alone.withBudget(undefined, async () => 1)).toEqual({
      ok: false,
      reason: 'not-configured',
      message: 'No floor is set up.',
    });
    const { z } = await import('zod');
    alone.register({ kind: 'test', schema: z.object({}), apply: async () => ({ applied: true }) });
    expect(await alone.write('test', { key: 'k1', payload: {} })).toEqual({
      written: 'local-only',
    });
    expect(alone.pending()).toBe(0);
    await alone.close();
  });
});
