/**
 * The supervisor board's exceptions walk read once for the floor (issue 29: "every supervisor
 * desk walks the whole stock list for its exceptions board on its own"): three desks on one
 * account and one floor database (the test cluster), against the sandbox over real HTTP,
 * every request to it counted. Alone, a desk's walk costs N requests; three desks opening the
 * board together on the floor cost N, and all three show the same count with the same age.
 */
import { describe, expect, it } from 'vitest';
import { callContext } from '../../../kernel/test-support/call-context';
import {
  type InventoryHandlerDeps,
  inventoryExceptions,
} from '../../inventory/inventory-exceptions';
import { NO_CLUSTER, pgSkip } from '../test-support/floor-database';
import { floorSharedRead } from './order-index-walk';
import { walkFloorForFile } from './test-support/walk-floor';

const { client, requests, session } = walkFloorForFile('boardwalk');

async function desk(i: number): Promise<InventoryHandlerDeps> {
  const floor = await session(`desk-${i}`, `Desk ${i}`);
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
