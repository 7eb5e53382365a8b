/**
 * The order methods: list, get, create, facets, fetch-all ids, documents map, refresh
 * tracking, address check. Documents, labels and exports are in order-files-handlers.ts.
 */
import type { components } from '../../../shared/api/schema.gen';
import { fetchAll } from '../api/paginate';
import type { HandlersFor } from '../handler-types';
import { type ApiHandlerDeps, background, interactive } from './api-deps';
import { orderListQuery } from './query';

type OrderMethod =
  | 'ordersList'
  | 'ordersGet'
  | 'ordersCreate'
  | 'ordersFacets'
  | 'ordersFetchAllIds'
  | 'ordersDocuments'
  | 'ordersRefreshTracking'
  | 'addressCheckGet';

/** Asked for on every page of a fetch-all; the server clamps it to its maximum. */
export const FETCH_ALL_PAGE_SIZE = 1000;

export function createOrderHandlers(deps: ApiHandlerDeps): HandlersFor<OrderMethod> {
  return {
    ordersList: async (args, ctx) => {
      const api = await deps.client();
      return api.json('orders_list', interactive(ctx), (init) =>
        api.raw.GET('/api/orders/', {
          params: { query: orderListQuery(args.filters, args) },
          ...init,
        }),
      );
    },

    ordersGet: async (args, ctx) => {
      const api = await deps.client();
      return api.json('orders_retrieve', interactive(ctx), (init) =>
        api.raw.GET('/api/orders/{id}/', { params: { path: { id: args.id } }, ...init }),
      );
    },

    ordersCreate: async (args, ctx) => {
      const api = await deps.client();
      // The service validates the order (400 with field errors); the transport never sends a
      // create twice unless it was refused (429) or never left (connection refused).
      return api.json('orders_create', interactive(ctx), (init) =>
        api.raw.POST('/api/orders/', {
          body: args.order as components['schemas']['OrderRequest'],
          ...init,
        }),
      );
    },

    ordersFacets: async (_args, ctx) => {
      const api = await deps.client();
      return api.json('orders_facets_retrieve', interactive(ctx), (init) =>
        api.raw.GET('/api/orders/facets/', init),
      );
    },

    ordersFetchAllIds: async (args, ctx) => {
      const api = await deps.client();
      ctx.progress({ phase: 'Fetching orders', done: 0, total: null });
      const { items } = await fetchAll(
        (page, pageSize, signal) =>
          api.json('orders_list', { priority: 'background', signal }, (init) =>
            api.raw.GET('/api/orders/', {
              params: { query: orderListQuery(args.filters, { page, pageSize }) },
              ...init,
            }),
          ),
        {
          pageSize: FETCH_ALL_PAGE_SIZE,
          signal: background(ctx).signal,
          idOf: (order) => order.id,
          select: (order) => order.id,
          onProgress: (done, total) => ctx.progress({ phase: 'Fetching orders', done, total }),
        },
      );
      return { ids: items, count: items.length };
    },

    ordersDocuments: async (args, ctx) => {
      const api = await deps.client();
      return api.json('orders_documents_retrieve', interactive(ctx), (init) =>
        api.raw.GET('/api/orders/{id}/documents/', { params: { path: { id: args.id } }, ...init }),
      );
    },

    ordersRefreshTracking: async (args, ctx) => {
      const api = await deps.client();
      return api.json('orders_refresh_tracking_create', interactive(ctx), (init) =>
        api.raw.POST('/api/orders/{id}/refresh-tracking/', {
          params: { path: { id: args.id } },
          ...init,
        }),
      );
    },

    addressCheckGet: async (args, ctx) => {
      const api = await deps.client();
      return api.json('address_checks_orders_retrieve', interactive(ctx), (init) =>
        api.raw.GET('/api/address-checks/orders/{id}/', {
          params: { path: { id: args.orderId } },
          ...init,
        }),
      );
    },
  };
}
