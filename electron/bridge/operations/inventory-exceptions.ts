/**
 * The supervisor's board (issue 13) asks the API for what its filters can answer — a count
 * (`page_size=1`) of a filtered list — and, for what no filter finds, one walk of the stock
 * list keeping only the rows under a recall or holding expired stock, then the product stock
 * of the recalled products only (which batch is recalled, at which location). Everything at
 * background priority: the person's own clicks go first.
 */
import type { InventoryFilters } from '../../../shared/contract/arg-schemas';
import type { Api, InventoryExceptions } from '../../../shared/contract/values';
import { isPastExpiry } from '../../../shared/stock-expiry';
import { fetchAll } from '../api/paginate';
import type { CallContext } from '../handler-types';
import { type ApiHandlerDeps, background } from './api-deps';
import { inventoryListQuery } from './query';

/** Asked for on every page of the walk; the server clamps it to its maximum. */
const WALK_PAGE_SIZE = 1000;

export async function inventoryCount(
  deps: ApiHandlerDeps,
  filters: InventoryFilters | undefined,
  ctx: CallContext,
): Promise<{ count: number }> {
  const api = await deps.client();
  const page = await api.page(
    'inventory_list',
    { query: inventoryListQuery(filters, { page: 1, pageSize: 1 }) },
    background(ctx),
  );
  return { count: page.count };
}

const rowKey = (row: Api['StockLevel']) => `${row.product_id}@${row.location?.id}`;

export async function inventoryExceptions(
  deps: ApiHandlerDeps,
  ctx: CallContext,
  now: number = Date.now(),
): Promise<InventoryExceptions> {
  const api = await deps.client();
  const call = background(ctx);
  let requests = 0;
  ctx.progress({ phase: 'Reading stock rows', done: 0, total: null });
  const walk = await fetchAll(
    async (page, pageSize, signal) => {
      requests += 1;
      return api.page(
        'inventory_list',
        { query: inventoryListQuery({}, { page, pageSize }) },
        { priority: 'background', signal },
      );
    },
    {
      pageSize: WALK_PAGE_SIZE,
      signal: call.signal,
      idOf: rowKey,
      onProgress: (done, total) => ctx.progress({ phase: 'Reading stock rows', done, total }),
    },
  );
  const rows = walk.items.filter(
    (row) => row.recall != null || isPastExpiry(row.earliest_expiry, now),
  );
  const productIds = [...new Set(rows.filter((r) => r.recall != null).map((r) => r.product_id))];
  productIds.sort((a, b) => a - b);
  ctx.progress({ phase: 'Reading recalled products', done: 0, total: productIds.length });
  let read = 0;
  // All asked at once: the account-wide limiter spaces them behind interactive calls.
  const recalled = await Promise.all(
    productIds.map(async (productId) => {
      requests += 1;
      const stock = await api.json('inventory_retrieve', { path: { product_id: productId } }, call);
      read += 1;
      ctx.progress({ phase: 'Reading recalled products', done: read, total: productIds.length });
      return stock;
    }),
  );
  return {
    rows,
    recalled,
    scanned: walk.items.length,
    requests,
    at: new Date(now).toISOString(),
  };
}
