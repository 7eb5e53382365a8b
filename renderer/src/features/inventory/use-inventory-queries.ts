/**
 * The inventory server state: one page of stock levels (the previous page kept on screen
 * while the next loads) and a product's stock. Keys and the wait for a connection with a key
 * are the query layer's (query/bridge-query.ts).
 */
import { keepPreviousData } from '@tanstack/react-query';
import { useBridgeQuery } from '../../query/bridge-query';
import { type InventoryViewFilters, toInventoryBridgeFilters } from './inventory-filters';
import type { StockSort } from './stock-sort';
import { useWalkQuery } from './use-walk';

export interface StockPageArgs {
  filters: InventoryViewFilters;
  page: number;
  pageSize: number;
}

export function useStockPage(args: StockPageArgs, enabled: boolean) {
  const { filters, page, pageSize } = args;
  return useBridgeQuery(
    'inventoryList',
    { filters: toInventoryBridgeFilters(filters), page, pageSize },
    // Keep the rows shown while the next page or filter loads: no flash of an empty grid.
    { enabled, placeholderData: keepPreviousData },
  );
}

/**
 * A page of the whole filtered list sorted by the bridge (it reads the list once and keeps it
 * a few minutes: page flips and other columns ask the API nothing). A walk (use-walk.ts): its
 * first read shows progress, can be cancelled and stops when the list is left.
 */
export function useSortedStockPage(
  args: StockPageArgs & { sort: StockSort | null },
  enabled: boolean,
) {
  const { filters, page, pageSize, sort } = args;
  return useWalkQuery(
    'inventorySortedPage',
    {
      filters: toInventoryBridgeFilters(filters),
      sort: sort ?? { column: 'available', desc: false },
      page,
      pageSize,
    },
    { enabled: enabled && sort !== null, placeholderData: keepPreviousData, staleTime: 60_000 },
  );
}

export const validId = (id: number) => Number.isSafeInteger(id) && id > 0;

export function useProductStock(productId: number) {
  return useBridgeQuery('inventoryGet', { productId }, { enabled: validId(productId) });
}
