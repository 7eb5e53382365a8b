/**
 * The pack stations' orders index read once for the floor (issue 29): three stations on one
 * account and one floor database (the test cluster, scripts/with-postgres.sh), each with its
 * own store and its own floor session, against the sandbox over real HTTP, every request to
 * it counted. Alone (no floor), each station reads the orders itself: 3 walks. On the floor,
 * three stations refreshing at once read the account once and all find the same storefront
 * id; a refresh inside the fresh time asks the API nothing; Refresh (a person asking) reads
 * again; with the floor gone, a station reads alone as before.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandboxForFile, TEST_KEY } from '../../../../sandbox/test/support/sandbox-fixture';
import { type LocalStore, openLocalStore } from '../../../kernel/local-store';
import { countingApiClient } from '../../../test-support/counting-api-client';
import { OrderIndex } from '../../packing/order-index';
import type { OrderIndexEntry } from '../../packing/order-index-store';
import { readMigrations } from '../db/migrate';
import { createFloorSession, type FloorSessionImpl } from '../floor-session';
import {
  createTestDatabase,
  NO_CLUSTER,
  pgSkip,
  type TestDatabase,
} from '../test-support/floor-database';
import { floorIndexRead, type WalkFloor } from './order-index-walk';

const api = startSandboxForFile({ seed: 1, scale: 1 });
const dir = mkdtempSync(join(tmpdir(), 'packbench-index-walk-'));
const FRESH_MS = 3 * 60_000;
const STOREFRONT_ID = '5200002968530';

// One client for the file, noting every request the sandbox got (counting-api-client.ts);
// `sent()` counts those since the last `mark = asked()`.
let counting: ReturnType<typeof countingApiClient> | undefined;
const client = async () => {
  counting ??= countingApiClient(api.sandbox().url, TEST_KEY);
  return counting.client;
};
const asked = () => counting?.asked.length ?? 0;
let mark = 0;
const sent = () => asked() - mark;

let db: TestDatabase;
const sessions: FloorSessionImpl[] = [];
const stores: LocalStore[] = [];
const indexes: OrderIndex[] = [];

beforeAll(async () => {
  if (pgSkip) return;
  db = await createTestDatabase('indexwalk');
});
afterAll(async () => {
  for (const index of indexes) index.close();
  await Promise.all(sessions.map((s) => s.close()));
  await Promise.all(stores.map((s) => s.close()));
  await db?.drop();
  rmSync(dir, { recursive: true, force: true });
});

/** One station: its own store and (on a floor) its own floor session. */
async function station(name: string, floor: WalkFloor | null): Promise<OrderIndex> {
  const store = await openLocalStore({ dir: join(dir, `${name}-${stores.length}`) });
  stores.push(store);
  const index = new OrderIndex({
    client,
    localStore: async () => store,
    ...(floor
      ? {
          sharedRead: floorIndexRead<OrderIndexEntry>({
            floor,
            account: () => 'acct-index',
            station: () => name,
            freshMs: FRESH_MS,
          }),
        }
      : {}),
  });
  indexes.push(index);
  return index;
}

async function floorSession(id: string, name: string): Promise<FloorSessionImpl> {
  const session = createFloorSession({
    connection: db.connection,
    station: { id, name, locationId: null },
    store: null,
    // The core's steps and the shared walks'.
    migrations: readMigrations().filter((m) => m.version === 1 || m.version === 5),
  });
  sessions.push(session);
  expect(await session.ready()).toBe('online');
  return session;
}

describe.skipIf(pgSkip)(`the orders index, one walk for the floor (${NO_CLUSTER})`, () => {
  it('three stations read the orders once instead of three times, and all find the order', async () => {
    // Before: three stations alone, each reading the account.
    const alone = await Promise.all(['A1', 'A2', 'A3'].map((n) => station(n, null)));
    mark = asked();
    await Promise.all(alone.map((index) => index.refresh()));
    const before = sent();
    expect(before).toBeGreaterThan(0);
    for (const index of alone) {
      expect((await index.find(STOREFRONT_ID)).hits.map((h) => h.orderName)).toEqual(['#10968']);
    }

    // After: the same three stations on one floor, refreshing at the same moment.
    const names = ['Station 1', 'Station 2', 'Station 3'];
    const floors = await Promise.all(names.map((n, i) => floorSession(`st-index-${i}`, n)));
    const onFloor = await Promise.all(names.map((n, i) => station(n, floors[i] ?? null)));
    mark = asked();
    await Promise.all(onFloor.map((index) => index.refresh()));
    const after = sent();
    // The figures, for the report: requests to the API for 3 stations' refresh.
    console.log(`order index, 3 stations: ${before} requests alone, ${after} on the floor`);
    expect(after * 3).toBe(before);
    const found = await Promise.all(onFloor.map((index) => index.find(STOREFRONT_ID)));
    for (const f of found) {
      expect(f.hits.map((h) => h.orderName)).toEqual(['#10968']);
      expect(f.count).toBe(found[0]?.count);
    }

    // A station refreshing inside the fresh time takes the floor's copy: no request.
    mark = asked();
    await onFloor[1]?.refresh();
    expect(sent()).toBe(0);
    // Refresh asked by a person reads the account again, once.
    await onFloor[2]?.refresh(true);
    expect(sent() * 3).toBe(before);
  });

  it('with the floor gone, a station reads the orders alone, as before', async () => {
    const gone: WalkFloor = { db: null, status: () => 'offline', subscribe: () => () => {} };
    const index = await station('Station 9', gone);
    mark = asked();
    await index.refresh();
    expect(sent()).toBeGreaterThan(0);
    expect((await index.find(STOREFRONT_ID)).hits).toHaveLength(1);
  });
});
