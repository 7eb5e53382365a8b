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
    inventoryList: async (args, ctx) => {
      const api = await deps.client();
      return api.json('inventory_list', interactive(ctx), (init) =>
        api.raw.GET('/api/inventory/', {
          params: { query: inventoryListQuery(args.filters, args) },
          ...init,
        }),
      );
    },

    inventoryGet: async (args, ctx) => {
      const api = await deps.client();
      return api.json('inventory_retrieve', interactive(ctx), (init) =>
        api.raw.GET('/api/inventory/{product_id}/', {
          params: { path: { product_id: args.productId } },
          ...init,
        }),
      );
    },

    inventoryLocationStock: async (_args, ctx) => {
      const api = await deps.client();
      return api.json('inventory_location_stock_retrieve', interactive(ctx), (init) =>
        api.raw.GET('/api/inventory/location-stock/', init),
      );
    },

    locationsList: async (_args, ctx) => {
      const api = await deps.client();
      return api.json('locations_list', interactive(ctx), (init) =>
        api.raw.GET('/api/locations/', init),
      );
    },

    locationsGet: async (args, ctx) => {
      const api = await deps.client();
      return api.json('locations_retrieve', interactive(ctx), (init) =>
        api.raw.GET('/api/locations/{id}/', { params: { path: { id: args.id } }, ...init }),
      );
    },
  };
}
