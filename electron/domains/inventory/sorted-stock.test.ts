/**
 * The stock list's whole-set sort: by each column, empty values last both ways, ties in a
 * fixed order; the list read once per filters and kept a while, read again when asked or old.
 */

import type { Api } from '@shared/contract/values';
import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../../kernel/api/api-client';
import type { CallContext } from '../../kernel/handler-types';
import type { ApiHandlerDeps } from '../../kernel/operations/api-deps';
import { SORTED_LIST_FRESH_MS, SortedStock, sortStock } from './sorted-stock';

type Row = Api['StockLevel'];
const row = (sku: string, extra: Partial<Row>): Row =>
  ({
    product_id: sku.charCodeAt(0) * 100 + sku.length,
    sku,
    name: sku,
    location: { id: 1, code: 'A', name: 'A' },
    on_hand: 0,
    committed: 0,
    reserved: 0,
    available: 0,
    reorder_point: null,
    earliest_expiry: null,
    ...extra,
  }) as Row;

const rows = [
  row('C', { available: 5, earliest_expiry: '2027-02-01T00:00:00Z', reorder_point: 3 }),
  row('A', { available: -2, earliest_expiry: null }),
  row('B', { available: 5, earliest_expiry: '2026-12-01T00:00:00Z', reorder_point: null }),
  row('D', { available: 1, earliest_expiry: '2027-01-01T00:00:00Z', reorder_point: 10 }),
];
const skus = (list: Row[]) => list.map((r) => r.sku);

describe('sortStock', () => {
  // Each sort, with the SKUs in the order it gives them.
  it.each([
    // By a number either way, equal values by SKU.
    ['available', false, 'A D B C'],
    ['available', true, 'B C D A'],
    // Rows without a value last, ascending and descending.
    ['expiry', false, 'B D C A'],
    ['expiry', true, 'C D B A'],
    ['reorder_point', true, 'D C A B'],
  ] as const)('sorts by %s (descending: %s) as %s', (column, desc, order) => {
    expect(skus(sortStock(rows, { column, desc }))).toEqual(order.split(' '));
  });

  it('sorts product names as text, ignoring case', () => {
    const named = [row('X1', { name: 'banana' }), row('X2', { name: 'Apple' })];
    expect(skus(sortStock(named, { column: 'product', desc: false }))).toEqual(['X2', 'X1']);
  });
});

describe('SortedStock', () => {
  /** A client whose list has `rows`, counting the pages asked for. */
  function fakeDeps() {
    const calls = { pages: 0 };
    const api = {
      baseUrl: 'http://api.test',
      page: async (_op: string, request: { query: { page: number; page_size: number } }) => {
        calls.pages += 1;
        const { page, page_size } = request.query;
        return {
          count: rows.length,
          next: page * page_size < rows.length ? 'more' : null,
          previous: null,
          results: rows.slice((page - 1) * page_size, page * page_size),
        };
      },
    } as unknown as ApiClient;
    const deps: ApiHandlerDeps = { client: async () => api, exportDir: '/tmp' };
    return { deps, calls };
  }
  const ctx: CallContext = { signal: new AbortController().signal, progress: () => {} };

  it('reads the list once for every page and sort, again when fresh or old', async () => {
    let now = 1_000_000;
    const sorted = new SortedStock(() => now);
    const { deps, calls } = fakeDeps();
    const sort = { column: 'available', desc: false } as const;
    const first = await sorted.page(deps, { sort, pageSize: 2 }, ctx);
    expect(skus(first.results)).toEqual(['A', 'D']);
    const read = calls.pages;
    expect(read).toBeGreaterThan(0);
    const second = await sorted.page(deps, { sort, page: 2, pageSize: 2 }, ctx);
    expect(skus(second.results)).toEqual(['B', 'C']);
    await sorted.page(deps, { sort: { column: 'expiry', desc: true }, pageSize: 2 }, ctx);
    expect(calls.pages).toBe(read);
    await sorted.page(deps, { sort, pageSize: 2, fresh: true }, ctx);
    expect(calls.pages).toBe(read * 2);
    now += SORTED_LIST_FRESH_MS + 1;
    await sorted.page(deps, { sort, pageSize: 2 }, ctx);
    expect(calls.pages).toBe(read * 3);
  });
});
