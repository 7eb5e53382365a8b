/**
 * The inventory server state: one page of stock levels (the previous page kept on screen
 * while the next loads) and a product's stock. Every key holds the connection, so another account's stock is never shown as
 * this one's; nothing is asked before a connection with a key is selected.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callBridge } from '../../app/bridge-call';
import { useBridge } from '../../app/bridge-context';
import { useSelectedConnection } from '../connections/use-connections';
import {
  type InventoryViewFilters,
  inventoryFiltersKey,
  toInventoryBridgeFilters,
} from './inventory-filters';

export const INVENTORY_KEY = 'inventory';

export function useConnectionReady() {
  const connection = useSelectedConnection();
  return { connectionId: connection?.id, ready: connection?.key.hasKey === true };
}

export interface StockPageArgs {
  filters: InventoryViewFilters;
  page: number;
  pageSize: number;
}

export function useStockPage(args: StockPageArgs, enabled: boolean) {
  const client = useBridge();
  const { connectionId, ready } = useConnectionReady();
  const { filters, page, pageSize } = args;
  return useQuery({
    queryKey: [
      INVENTORY_KEY,
      'page',
      connectionId,
      inventoryFiltersKey(filters),
      page,
      pageSize,
    ] as const,
    queryFn: () =>
      callBridge(client, 'inventoryList', {
        filters: toInventoryBridgeFilters(filters),
        page,
        pageSize,
      }),
    enabled: enabled && ready,
    // Keep the rows shown while the next page or filter loads: no flash of an empty grid.
    placeholderData: keepPreviousData,
  });
}

export const validId = (id: number) => Number.isSafeInteger(id) && id > 0;

export function useProductStock(productId: number) {
  const client = useBridge();
  const { connectionId, ready } = useConnectionReady();
  return useQuery({
    queryKey: [INVENTORY_KEY, 'product', connectionId, productId] as const,
    queryFn: () => callBridge(client, 'inventoryGet', { productId }),
    enabled: ready && validId(productId),
  });
}
