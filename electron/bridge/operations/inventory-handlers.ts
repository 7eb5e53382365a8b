/** Stock levels per product and location, a product's stock, location totals, locations. */
import type { HandlersFor } from '../handler-types';
import { type ApiHandlerDeps, interactive } from './api-deps';
import { inventoryListQuery } from './query';

type InventoryMethod =
  | 'inventoryList'
  | 'inventoryGet'
  | 'inventoryLocationStock'
  | 'locationsList'
  | 'locationsGet';

export function createInventoryHandlers(deps: ApiHandlerDeps): HandlersFor<InventoryMethod> {
  return {
    inventoryList: async (args, ctx) =>
      (await deps.client()).page(
        'inventory_list',
        { query: inventoryListQuery(args.filters, args) },
        interactive(ctx),
      ),

    inventoryGet: async (args, ctx) =>
      (await deps.client()).json(
        'inventory_retrieve',
        { path: { product_id: args.productId } },
        interactive(ctx),
      ),

    inventoryLocationStock: async (_args, ctx) =>
      (await deps.client()).json('inventory_location_stock_retrieve', {}, interactive(ctx)),

    locationsList: async (_args, ctx) =>
      (await deps.client()).json('locations_list', {}, interactive(ctx)),

    locationsGet: async (args, ctx) =>
      (await deps.client()).json('locations_retrieve', { path: { id: args.id } }, interactive(ctx)),
  };
}
