/** Stock levels per product and location, a product's stock, location totals, locations. */
import type { HandlersFor } from '../handler-types';
import { type ApiHandlerDeps, jsonMethod, pageMethod } from './api-deps';
import { inventoryCount, inventoryExceptions } from './inventory-exceptions';
import { inventoryListQuery } from './query';

type InventoryMethod =
  | 'inventoryList'
  | 'inventoryGet'
  | 'inventoryLocationStock'
  | 'inventoryCount'
  | 'inventoryExceptions'
  | 'locationsList'
  | 'locationsGet';

export function createInventoryHandlers(deps: ApiHandlerDeps): HandlersFor<InventoryMethod> {
  return {
    inventoryList: pageMethod(deps, 'inventory_list', (a) => ({
      query: inventoryListQuery(a.filters, a),
    })),
    inventoryGet: jsonMethod(deps, 'inventory_retrieve', (a) => ({
      path: { product_id: a.productId },
    })),
    inventoryLocationStock: jsonMethod(deps, 'inventory_location_stock_retrieve', () => ({})),
    inventoryCount: (args, ctx) => inventoryCount(deps, args.filters, ctx),
    inventoryExceptions: (_args, ctx) => inventoryExceptions(deps, ctx),
    locationsList: jsonMethod(deps, 'locations_list', () => ({})),
    locationsGet: jsonMethod(deps, 'locations_retrieve', (a) => ({ path: { id: a.id } })),
  };
}
