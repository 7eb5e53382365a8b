/**
 * The order methods: list, get, create, facets, fetch-all ids, documents map, refresh
 * tracking, address check. Documents, labels and exports are in order-files-handlers.ts.
 */
import type { components } from '../../../shared/api/schema.gen';
import type { RejectedRow } from '../../../shared/contract/values';
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
    ordersList: async (args, ctx) =>
      (await deps.client()).page(
        'orders_list',
        { query: orderListQuery(args.filters, args) },
        interactive(ctx),
      ),

    ordersGet: async (args, ctx) =>
      (await deps.client()).json('orders_retrieve', { path: { id: args.id } }, interactive(ctx)),

    ordersCreate: async (args, ctx) =>
      // The service validates the order (400 with field errors); the transport never sends a
      // create twice unless it was refused (429) or never left (connection refused).
      (await deps.client()).json(
        'orders_create',
        { body: args.order as components['schemas']['OrderRequest'] },
        interactive(ctx),
      ),

    ordersFacets: async (_args, ctx) =>
      (await deps.client()).json('orders_facets_retrieve', {}, interactive(ctx)),

    ordersFetchAllIds: async (args, ctx) => {
      const api = await deps.client();
      ctx.progress({ phase: 'Fetching orders', done: 0, total: null });
      // Every row whose id can be read is selected, whatever else is wrong with it: the ids
      // are all "select all" hands on. Rows without one are listed, not silently dropped.
      const leftOut: RejectedRow[] = [];
      const { items } = await fetchAll(
        async (page, pageSize, signal) => {
          const checked = await api.page(
            'orders_list',
            { query: orderListQuery(args.filters, { page, pageSize }) },
            { priority: 'background', signal },
            'ids',
          );
          leftOut.push(...(checked.rejectedRows ?? []));
          return checked;
        },
        {
          pageSize: FETCH_ALL_PAGE_SIZE,
          signal: background(ctx).signal,
          idOf: (order) => order.id,
          select: (order) => order.id,
          onProgress: (done, total) => ctx.progress({ phase: 'Fetching orders', done, total }),
        },
      );
      return leftOut.length > 0
        ? { ids: items, count: items.length, leftOut }
        : { ids: items, count: items.length };
    },

    ordersDocuments: async (args, ctx) =>
      (await deps.client()).json(
        'orders_documents_retrieve',
        { path: { id: args.id } },
        interactive(ctx),
      ),

    ordersRefreshTracking: async (args, ctx) =>
      (await deps.client()).json(
        'orders_refresh_tracking_create',
        { path: { id: args.id } },
        interactive(ctx),
      ),

    addressCheckGet: async (args, ctx) =>
      (await deps.client()).json(
        'address_checks_orders_retrieve',
        { path: { id: args.orderId } },
        interactive(ctx),
      ),
  };
}
