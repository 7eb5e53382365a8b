import { describe, expect, it, vi } from 'vitest';
import { keyedRows } from '../../test-support/seeded-keys';
import { GrownDistinct } from './grown-distinct';
import { columnRanks, mergeSorted, placeByRanks, prepareWhenIdle, RowOrders } from './row-orders';
import { type RowKey, sortRows } from './row-sort';

interface Item {
  at: number;
  k: string | number | null;
  c: string;
}

function items(n: number, distinct: number, kind: 'string' | 'number', seed: number): Item[] {
  // The carrier first from the generator, then the key, as the rows were made before.
  return keyedRows(n, distinct, kind, seed, (next) => ({ c: `c${Math.floor(next() * 5)}` }));
}

const key: RowKey<Item> = (i) => i.k;
const ats = (xs: readonly Item[]) => xs.map((i) => i.at);

describe('RowOrders', () => {
  for (const distinct of [3, 300, 1_000_000]) {
    for (const kind of ['string', 'number'] as const) {
      it(`sorts by ranks as sortRows does: ${distinct} distinct ${kind} keys, both ways`, () => {
        const list = items(3000, distinct, kind, distinct + kind.length);
        const ranks = columnRanks(list, key);
        // Rank `distinct` for a missing key fits the array chosen.
        const m = ranks.distinct;
        expect(ranks.ranks.BYTES_PER_ELEMENT).toBe(m < 0xff ? 1 : m < 0xffff ? 2 : 4);
        expect(Math.max(...ranks.ranks)).toBe(m);
        for (const desc of [false, true]) {
          expect(ats(placeByRanks(list, ranks, desc))).toEqual(ats(sortRows(list, key, desc)));
          const orders = new RowOrders<Item>(() => key);
          expect(ats(orders.sorted(list, 'k', desc))).toEqual(ats(sortRows(list, key, desc)));
        }
      });
    }
  }

  it('ranks keys of mixed types (an odd answer): each type in order, missing last', () => {
    const list: Item[] = [3, 'b', null, 1, 'a', 3, 'b'].map((k, at) => ({ at, k, c: '' }));
    const asc = placeByRanks(list, columnRanks(list, key), false);
    expect(asc.at(-1)?.at).toBe(2);
    expect(asc.filter((i) => typeof i.k === 'number').map((i) => i.at)).toEqual([3, 0, 5]);
    expect(asc.filter((i) => typeof i.k === 'string').map((i) => i.at)).toEqual([4, 1, 6]);
  });

  it('reads each key once per list and column, then sorts either way without reading one', () => {
    const list = items(2000, 500, 'string', 7);
    const read = vi.fn(key);
    const orders = new RowOrders<Item>(() => read);
    expect(orders.ready(list, 'k')).toBe(false);
    orders.prepare(list, 'k');
    expect(read).toHaveBeenCalledTimes(list.length);
    expect(orders.ready(list, 'k')).toBe(true);
    read.mockClear();
    expect(ats(orders.sorted(list, 'k', true))).toEqual(ats(sortRows(list, key, true)));
    expect(ats(orders.sorted(list, 'k', false))).toEqual(ats(sortRows(list, key, false)));
    expect(read).not.toHaveBeenCalled();
  });

  it('ranks a changed list afresh: the ranks of the list before are not used for it', () => {
    const list = items(1000, 50, 'number', 3);
    const orders = new RowOrders<Item>(() => key);
    orders.prepare(list, 'k');
    // The same rows with other keys (a refresh: new objects), and the rows reversed.
    const refreshed = list.map((i) => ({ ...i, k: typeof i.k === 'number' ? -i.k : null }));
    expect(orders.ready(refreshed, 'k')).toBe(false);
    expect(ats(orders.sorted(refreshed, 'k', false))).toEqual(ats(sortRows(refreshed, key, false)));
    const reversed = [...list].reverse();
    expect(ats(orders.sorted(reversed, 'k', false))).toEqual(ats(sortRows(reversed, key, false)));
  });

  it('keeps the order made as a list grows chunk by chunk, sorting only the new rows', () => {
    const all = items(5000, 400, 'string', 11);
    const read = vi.fn(key);
    const orders = new RowOrders<Item>(() => read);
    let held: Item[] = [];
    for (const size of [100, 2000, 900, 2000]) {
      // As the streamed list's reducer makes it: a new array, the rows held first.
      held = held.concat(all.slice(held.length, held.length + size));
      read.mockClear();
      const sorted = orders.sorted(held, 'k', true);
      expect(ats(sorted)).toEqual(ats(sortRows(held, key, true)));
      if (held.length > size) {
        // The new rows sorted, plus one merge: at most two reads per row held, never a ranking.
        expect(read.mock.calls.length).toBeLessThanOrEqual(2 * held.length + size);
        expect(orders.ready(held, 'k')).toBe(true);
      }
    }
  });

  it('merges two sorted runs stably: rows of the first before equal rows of the second', () => {
    const a: Item[] = [
      { at: 0, k: 'b', c: '' },
      { at: 1, k: 'a', c: '' },
      { at: 2, k: null, c: '' },
    ];
    const b: Item[] = [
      { at: 3, k: 'b', c: '' },
      { at: 4, k: 'c', c: '' },
      { at: 5, k: null, c: '' },
    ];
    const desc = (xs: Item[]) => sortRows(xs, key, true);
    expect(ats(mergeSorted(desc(a), desc(b), key, true))).toEqual([4, 0, 3, 1, 2, 5]);
  });

  it('ranks every column in idle time, one at a time, and stops when cancelled', () => {
    vi.useFakeTimers();
    try {
      const list = items(500, 40, 'string', 5);
      const orders = new RowOrders<Item>((column) => (column === 'k' ? key : (i) => i.c));
      const cancel = prepareWhenIdle(orders, list, ['k', 'c']);
      expect(orders.ready(list, 'k')).toBe(false);
      vi.advanceTimersToNextTimer();
      expect(orders.ready(list, 'k')).toBe(true);
      expect(orders.ready(list, 'c')).toBe(false);
      cancel();
      vi.runAllTimers();
      expect(orders.ready(list, 'c')).toBe(false);
      prepareWhenIdle(orders, list, ['c']);
      vi.runAllTimers();
      expect(orders.ready(list, 'c')).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('GrownDistinct', () => {
  it('reads a grown list from where the last one ended, and a new list whole', () => {
    const all = items(300, 10, 'string', 2);
    const read = vi.fn((i: Item) => i.c);
    const distinct = new GrownDistinct(read);
    const first = all.slice(0, 100);
    expect(distinct.of(first)).toEqual([...new Set(first.map((i) => i.c))].sort());
    read.mockClear();
    const grown = first.concat(all.slice(100));
    expect(distinct.of(grown)).toEqual([...new Set(all.map((i) => i.c))].sort());
    expect(read).toHaveBeenCalledTimes(200);
    // A list that does not begin with the last one (a refresh): nothing kept from before.
    const other = [
      { at: 0, k: null, c: 'z' },
      { at: 1, k: null, c: '' },
    ];
    expect(distinct.of(other)).toEqual(['z']);
  });
});
