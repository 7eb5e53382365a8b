/**
 * The supervisor board's exceptions walk read once for the floor (issue 29: "every supervisor
 * desk walks the whole stock list for its exceptions board on its own"): three desks on one
 * account and one floor database (the test cluster), against the sandbox over real HTTP,
 * every request to it counted. Alone, a desk's walk costs N requests; three desks opening the
 * board together on the floor cost N, and all three show the same count with the same age.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandboxForFile, TEST_KEY } from '../../../../sandbox/test/support/sandbox-fixture';
import { callContext } from '../../../kernel/test-support/call-context';
import { countingApiClient } from '../../../test-support/counting-api-client';
import {
  type InventoryHandlerDeps,
  inventoryExceptions,
} from '../../inventory/inventory-exceptions';
import { readMigrations } from '../db/migrate';
import { createFloorSession, type FloorSessionImpl } from '../floor-session';
import {
  createTestDatabase,
  NO_CLUSTER,
  pgSkip,
  type TestDatabase,
} from '../test-support/floor-database';
import { floorSharedRead } from './order-index-walk';

const api = startSandboxForFile({ seed: 1, scale: 1 });

// One client for the file, noting every request the sandbox got (counting-api-client.ts).
let counting: ReturnType<typeof countingApiClient> | undefined;
const client = async () => {
  counting ??= countingApiClient(api.sandbox().url, TEST_KEY);
  return counting.client;
};
const requests = () => counting?.asked.length ?? 0;

let db: TestDatabase;
const sessions: FloorSessionImpl[] = [];

beforeAll(async () => {
  if (pgSkip) return;
  db = await createTestDatabase('boardwalk');
});
afterAll(async () => {
  await Promise.all(sessions.map((s) => s.close()));
  await db?.drop();
});

async function desk(i: number): Promise<InventoryHandlerDeps> {
  const floor = createFloorSession({
    connection: db.connection,
    station: { id: `desk-${i}`, name: `Desk ${i}`, locationId: null },
    store: null,
    // The core's steps and the shared walks'.
    migrations: readMigrations().filter((m) => m.version === 1 || m.version === 5),
  });
  sessions.push(floor);
  expect(await floor.ready()).toBe('online');
  return {
    client,
    exportDir: '/tmp',
    sharedExceptions: floorSharedRead('inventory-exceptions', {
      floor,
      account: () => 'acct-board',
      station: () => `Desk ${i}`,
      freshMs: 3 * 60_000,
    }),
  };
}

describe.skipIf(pgSkip)(`the board's exceptions walk, one for the floor (${NO_CLUSTER})`, () => {
  it('three desks opening the board together read the stock list once', async () => {
    const start = requests();
    const alone = await inventoryExceptions({ client, exportDir: '/tmp' }, callContext());
    const one = requests() - start;
    expect(one).toBeGreaterThan(1);
    expect(alone.scanned).toBeGreaterThan(0);

    const desks = await Promise.all([1, 2, 3].map(desk));
    const beforeFloor = requests();
    const boards = await Promise.all(desks.map((d) => inventoryExceptions(d, callContext())));
    const onFloor = requests() - beforeFloor;
    console.log(`board walk, 3 desks: ${one * 3} requests alone, ${onFloor} on the floor`);
    expect(onFloor).toBe(one);
    for (const board of boards) {
      expect(board.scanned).toBe(alone.scanned);
      expect(board.rows.length).toBe(alone.rows.length);
      // The same count, with the age of the one walk.
      expect(board.at).toBe(boards[0]?.at);
    }

    // A desk opening the board inside the fresh time shows the floor's count: no request.
    const beforeLater = requests();
    const later = await inventoryExceptions(desks[1]!, callContext());
    expect(requests() - beforeLater).toBe(0);
    expect(later.at).toBe(boards[0]?.at);
  });
});
