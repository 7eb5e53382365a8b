/**
 * The pack log across the floor, through the station's real pack-log handlers wrapped by the
 * floor's (electron/domains/floor/pack/floor-pack-log.ts), on floor-core's real sessions and
 * the stations' own local stores. What a packer checks: an order packed at Station 3 is
 * "Already packed" at Station 5, with where and by whom; what Station 3 printed for it is
 * printed at Station 5; "Packed today" counts both stations; a station with no floor answers
 * exactly as its own log does.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readMigrations } from '../domains/floor/db/migrate';
import { createFloorSession, type FloorSessionImpl } from '../domains/floor/floor-session';
import { withFloorPackLog } from '../domains/floor/pack/floor-pack-log';
import { FloorPackStation } from '../domains/floor/pack/floor-pack-station';
import {
  createTestDatabase,
  NO_CLUSTER,
  pgSkip,
  type TestDatabase,
} from '../domains/floor/test-support/floor-database';
import { createPackLogHandlers } from '../domains/packing/pack-log-handlers';
import { type LocalStore, openLocalStore } from '../kernel/local-store/local-store';
import { callContext } from '../kernel/test-support/call-context';

let db: TestDatabase;
const dirs: string[] = [];
const stores: LocalStore[] = [];
const sessions: FloorSessionImpl[] = [];

async function station(name: string, packer: string, floorOn = true) {
  const dir = await mkdtemp(path.join(tmpdir(), 'floor-packlog-'));
  dirs.push(dir);
  const store = await openLocalStore({ dir });
  stores.push(store);
  const session = createFloorSession({
    connection: floorOn ? db.connection : null,
    station: { id: name.toLowerCase().replace(/\s/g, '-'), name, locationId: null },
    store,
    migrations: readMigrations().filter((m) => m.version <= 2),
  });
  sessions.push(session);
  await session.ready();
  const local = createPackLogHandlers({
    localStore: async () => store,
    packer: () => packer,
    station: () => name,
  });
  // A generous budget: this file checks what is shared, floor-pack's own tests the budget.
  const floor = new FloorPackStation(session, { account: 'acct-log', scanBudgetMs: 5_000 });
  return { local, floor: withFloorPackLog(local, { floor, station: () => name }) };
}

beforeAll(async () => {
  if (pgSkip) return;
  db = await createTestDatabase('packlog');
});
afterAll(async () => {
  await Promise.all(sessions.map((s) => s.close()));
  await Promise.all(stores.map((s) => s.close()));
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
  await db?.drop();
});

const ctx = callContext();
const lines = [{ sku: 'MUG-1', qty: 1, scanned: 1, byHand: 0 }];

describe.skipIf(pgSkip)(`the pack log across the floor (${NO_CLUSTER})`, () => {
  it('packed and printed at one station is known at the other; a station alone is as before', async () => {
    const since = new Date(Date.now() - 1000).toISOString();
    const s3 = await station('Station 3', 'Ana');
    const s5 = await station('Station 5', 'Bo');
    const alone = await station('Station 9', 'Cy', false);

    await s3.floor.packLogRecord({ orderId: 11, orderName: '#10011', lines }, ctx);
    await s3.floor.packLogPrinted(
      {
        orderId: 11,
        printed: [
          {
            kind: 'shipping_label',
            printer: 'Zebra 3',
            jobId: 'j-11',
            at: new Date().toISOString(),
          },
        ],
      },
      ctx,
    );
    await s5.floor.packLogRecord({ orderId: 12, orderName: '#10012', lines }, ctx);

    // Station 5's own log does not know order 11; through the floor it is "Already packed".
    expect((await s5.local.packLogList({ orderIds: [11] }, ctx)).records).toEqual([]);
    const [seen] = (await s5.floor.packLogList({ orderIds: [11] }, ctx)).records;
    expect(seen).toMatchObject({
      orderId: 11,
      orderName: '#10011',
      station: 'Station 3',
      packedBy: 'Ana',
      times: 1,
      printed: [{ kind: 'shipping_label', printer: 'Zebra 3', jobId: 'j-11' }],
    });
    // "Packed today" at either station counts both stations' packs.
    for (const at of [s3, s5]) {
      const today = (await at.floor.packLogList({ since }, ctx)).records.map((r) => r.orderId);
      expect(today.sort()).toEqual([11, 12]);
    }
    // No floor configured: exactly the station's own log.
    await alone.floor.packLogRecord({ orderId: 13, orderName: '#10013', lines }, ctx);
    expect(await alone.floor.packLogList({ since }, ctx)).toEqual(
      await alone.local.packLogList({ since }, ctx),
    );
    expect((await alone.floor.packLogList({ orderIds: [11] }, ctx)).records).toEqual([]);
  });
});
