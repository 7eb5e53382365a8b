/**
 * The order methods: list, get, create, facets, fetch-all ids, documents map, refresh
 * tracking, address check. Documents, labels and exports are in order-files-handlers.ts.
 */
import { randomUUID } from 'node:crypto';
import type { Api, RejectedRow } from '@shared/contract/values';
import type { ApiClient, CallOptions } from '../../kernel/api/api-client';
import { fetchAll } from '../../kernel/api/paginate';
import { asHandlers, type Handlers } from '../../kernel/handler-types';
import {
  type ApiHandlerDeps,
  background,
  interactive,
  jsonMethod,
  pageMethod,
} from '../../kernel/operations/api-deps';
import { orderListQuery } from '../../kernel/operations/query';
import {
  type CreateRequest,
  type CreateResolution,
  createOrderOnce,
  pendingState,
} from './order-create';
import { PendingCreates } from './pending-creates';

/** Asked for on every page of a fetch-all; the server clamps it to its maximum. */
export const FETCH_ALL_PAGE_SIZE = 1000;

/** The API handlers' needs, and how long an unknown create outcome is looked for. */
export interface OrderHandlerDeps extends ApiHandlerDeps {
  /** Tests shorten it. */
  createResolution?: CreateResolution;
  /**
   * Where sent creates are recorded and how a create is sent, when not the station's own
   * (the composition passes the floor's when a floor is configured, so a draft sent from two
   * consoles is sent once). Absent: the station's PendingCreates and createOrderOnce.
   */
  creates?: OrderCreates;
}

/** A create's record and its one-POST send (the floor's FloorPendingCreates and createOrderOnFloor). */
export interface OrderCreates {
  pending: PendingCreates;
  create(
    api: ApiClient,
    request: CreateRequest,
    call: CallOptions,
    resolution: CreateResolution | undefined,
    pending: PendingCreates,
  ): Promise<Api['Order']>;
}

export function createOrderHandlers(deps: OrderHandlerDeps) {
  /** Creates not yet resolved, by connection and draft reference. */
  const creating = new Map<string, Promise<Api['Order']>>();
  // Sent creates not yet resolved, on disk per connection (survives a kill: pending-creates.ts).
  const pending = deps.creates?.pending ?? new PendingCreates(deps.localStore);
  const send = deps.creates?.create ?? createOrderOnce;
  return asHandlers({
    ordersList: pageMethod(deps, 'orders_list', (a) => ({
      query: orderListQuery(a.filters, a),
    })),
    ordersGet: jsonMethod(deps, 'orders_retrieve', (a) => ({ path: { id: a.id } })),

    ordersCreate: async (args, ctx) => {
      const api = await deps.client();
      // The draft's reference, or a new one for a caller that gives none (then a resubmit is
      // a new order: the renderer passes its draft's reference).
      const reference = args.reference ?? randomUUID();
      const key = `${api.baseUrl}|${reference}`;
      // A second submit of the same draft while the first is unresolved gets its outcome.
      const running = creating.get(key);
      if (running) return running;
      const done = send(
        api,
        { order: args.order, reference, mayExist: args.reference !== undefined },
        interactive(ctx),
        deps.createResolution,
        pending,
      ).finally(() => creating.delete(key));
      creating.set(key, done);
      return done;
    },

    ordersCreatePending: async (args, ctx) => {
      const api = await deps.client();
      const running = creating.has(`${api.baseUrl}|${args.reference}`);
      return pendingState(
        api,
        pending,
        args.reference,
        interactive(ctx),
        deps.createResolution,
        running,
      );
    },

    ordersFacets: jsonMethod(deps, 'orders_facets_retrieve', () => ({})),

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

    ordersDocuments: jsonMethod(deps, 'orders_documents_retrieve', (a) => ({
      path: { id: a.id },
    })),
    ordersRefreshTracking: jsonMethod(deps, 'orders_refresh_tracking_create', (a) => ({
      path: { id: a.id },
    })),
    addressCheckGet: jsonMethod(deps, 'address_checks_orders_retrieve', (a) => ({
      path: { id: a.orderId },
    })),
  } satisfies Partial<Handlers>);
}
