/**
 * The stock list read for sorting, read once for the floor (issue 29, shared walks): three
 * stations on one account and one floor database (the test cluster), against the sandbox over
 * real HTTP, every request to it counted. Alone, sorting the whole stock list costs N requests;
 * three stations sorting it together on the floor cost N, each shows the same rows in the same
 * order with the one read's time, and the two that did not read it say which station did. A
 * station sorting inside the fresh time asks nothing; another filter set is a read of its own.
 */
import { describe, expect, it } from 'vitest';
import { callContext } from '../../../kernel/test-support/call-context';
import {
  SORTED_LIST_FRESH_MS,
  SortedStock,
  type SortedStockDeps,
  type StockListRead,
} from '../../inventory/sorted-stock';
import { NO_CLUSTER, pgSkip } from '../test-support/floor-database';
import { floorSharedRead } from './order-index-walk';
import { walkFloorForFile } from './test-support/walk-floor';

const { client, requests, session } = walkFloorForFile('stockwalk');

async function station(i: number): Promise<SortedStockDeps> {
  const floor = await session(`station-${i}`, `Station ${i}`);
  return {
    client,
    exportDir: '/tmp',
    sharedStockList: floorSharedRead<StockListRead>('stock-list', {
      floor,
      account: () => 'acct-sort',
      station: () => `Station ${i}`,
      freshMs: SORTED_LIST_FRESH_MS,
    }),
  };
}

const byAvailable = { column: 'available', desc: false } as const;
const skus = (page: { results: { sku?: string | null; location?: { code?: string } | null }[] }) =>
  page.results.map((r) => `${r.sku}@${r.location?.code ?? ''}`);

describe.skipIf(pgSkip)(`the sorted stock list, read once for the floor (${NO_CLUSTER})`, () => {
  it('three stations sorting the stock list together read it once, with its age and station', async () => {
    const start = requests();
    const alone = await new SortedStock().page(
      { client, exportDir: '/tmp' },
      { sort: byAvailable, pageSize: 50 },
      callContext(),
    );
    const one = requests() - start;
    expect(one).toBeGreaterThan(1);
    expect(alone.count).toBeGreaterThan(50);
    expect(alone.readBy).toBeUndefined();

    const stations = await Promise.all([1, 2, 3].map(station));
    const beforeFloor = requests();
    const pages = await Promise.all(
      stations.map((deps) =>
        new SortedStock().page(deps, { sort: byAvailable, pageSize: 50 }, callContext()),
      ),
    );
    const onFloor = requests() - beforeFloor;
    console.log(
      `sorted stock list, 3 stations: ${one * 3} requests alone, ${onFloor} on the floor`,
    );
    expect(onFloor).toBe(one);
    // The same rows in the same order at every station, with the one read's time; the two
    // stations that did not read it say which one did.
    const readers = pages.filter((p) => p.readBy === undefined);
    expect(readers).toHaveLength(1);
    for (const page of pages) {
      expect(page.count).toBe(alone.count);
      expect(skus(page)).toEqual(skus(alone));
      expect(page.readAt).toBe(pages[0]?.readAt);
    }
    const walker = pages.findIndex((p) => p.readBy === undefined) + 1;
    expect(pages.filter((p) => p.readBy).map((p) => p.readBy)).toEqual([
      `Station ${walker}`,
      `Station ${walker}`,
    ]);

    // A station sorting inside the fresh time (another column, a new window) asks nothing.
    const beforeLater = requests();
    const later = await new SortedStock().page(
      stations[walker % 3] as SortedStockDeps,
      { sort: { column: 'on_hand', desc: true }, pageSize: 50 },
      callContext(),
    );
    expect(requests() - beforeLater).toBe(0);
    expect(later.readAt).toBe(pages[0]?.readAt);
    expect(later.readBy).toBe(`Station ${walker}`);

    // Other filters are another list: read once more, for the floor as well.
    const beforeFiltered = requests();
    const filtered = await Promise.all(
      stations
        .slice(0, 2)
        .map((deps) =>
          new SortedStock().page(
            deps,
            { filters: { low_stock: true }, sort: byAvailable, pageSize: 50 },
            callContext(),
          ),
        ),
    );
    const filteredReads = requests() - beforeFiltered;
    expect(filteredReads).toBeGreaterThan(0);
    expect(filtered[0]?.count).toBe(filtered[1]?.count);
    expect(filtered.filter((p) => p.readBy === undefined)).toHaveLength(1);
  });
});
