/**
 * One lookup per kind: the API's search for the code, then only what equals it exactly (the
 * searches are broad: `q` also matches names, addresses and parts of numbers, so a scan must
 * never open the first result). Each costs one interactive request, except a shipment found
 * in the shipments list already in memory, and an order found by its storefront or external
 * id in the station's index (a local read). Case and surrounding blanks are ignored.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { ArgsOf, ResultOf } from '../../../../shared/contract/bridge-contract';
import type { Api } from '../../../../shared/contract/values';
import type { PackbenchClient } from '../../bridge';
import { BridgeCallError, callBridge } from '../../query/bridge-call';
import { bridgeQueryKey } from '../../query/query-options';
import { type StreamedList, streamedListKey } from '../../query/streamed-list';
import type { ShipmentRow } from '../shipments/shipment-rows';
import type { ScanHit, ScanKind } from './scan-kinds';
import { exactMatches, normalizeCode } from './scan-match';

export interface LookupContext {
  client: PackbenchClient;
  queryClient: QueryClient;
  connectionId: string | undefined;
}

export type Resolver = (code: string, ctx: LookupContext) => Promise<ScanHit[]>;

/** Enough to hold every exact match of a code: exact hits are few; broad hits are many. */
const SEARCH_PAGE = { ordersList: 200, returnsList: 100, inventoryList: 200 } as const;

/** The API's broad search for the code: one page, big enough for every exact match. */
function search<M extends keyof typeof SEARCH_PAGE>(
  client: PackbenchClient,
  method: M,
  code: string,
): Promise<ResultOf<M>> {
  // All three lists take `filters.q` and `pageSize`; TypeScript cannot see that through a
  // generic method name, so the arguments are typed by hand.
  const args = { filters: { q: code }, pageSize: SEARCH_PAGE[method] } as ArgsOf<M>;
  return callBridge(client, method, args);
}

const same = (value: unknown, code: string) =>
  typeof value === 'string' && value.trim() !== '' && normalizeCode(value) === code;

/**
 * Storefront and external order ids, which the API's search does not cover: the station's
 * own index of the orders waiting to be packed (electron/domains/packing/order-index.ts). A
 * local read; the index refreshes itself in the background.
 */
async function fromOrderIndex(client: PackbenchClient, code: string): Promise<ScanHit[]> {
  const { hits } = await callBridge(client, 'orderIndexFind', { code: code.trim() });
  return hits.map((hit) => ({
    kind: 'order',
    id: String(hit.orderId),
    title: hit.orderName,
    detail: hit.recipient,
    field: hit.field,
  }));
}

export const resolveOrder: Resolver = async (code, { client, queryClient, connectionId }) => {
  const page = await search(client, 'ordersList', code);
  const matches = exactMatches(page.results, code);
  if (matches.length === 0) return fromOrderIndex(client, code);
  // The search answered the whole order: the page it opens (the pack screen) paints from it at
  // once instead of asking again; its own read refreshes it in the background.
  for (const { order } of matches) {
    queryClient.setQueryData(
      bridgeQueryKey('ordersGet', connectionId ?? null, { id: order.id }),
      order,
    );
  }
  return matches.map(({ order, field }) => ({
    kind: 'order',
    id: String(order.id),
    title: order.order_name ?? `#${order.id}`,
    detail: order.recipient_name ?? '',
    field,
  }));
};

export function returnHits(returns: readonly Api['ReturnRequest'][], raw: string): ScanHit[] {
  const code = normalizeCode(raw);
  return returns.flatMap((r): ScanHit[] => {
    const field = same(r.rma_number, code)
      ? 'RMA number'
      : same(r.tracking_number, code)
        ? 'return tracking number'
        : null;
    if (!field) return [];
    return [
      {
        kind: 'return',
        id: String(r.id),
        title: r.rma_number || `Return #${r.id}`,
        detail: r.customer_name ?? '',
        field,
      },
    ];
  });
}

export const resolveReturn: Resolver = async (code, { client }) => {
  const page = await search(client, 'returnsList', code);
  return returnHits(page.results, code);
};

/** Stock rows are per product and location: one hit per product whose SKU or GTIN is the code. */
export function productHits(rows: readonly Api['StockLevel'][], raw: string): ScanHit[] {
  const code = normalizeCode(raw);
  const byProduct = new Map<number, { row: Api['StockLevel']; field: string; places: number }>();
  for (const row of rows) {
    const field = same(row.sku, code) ? 'SKU' : same(row.gtin, code) ? 'GTIN' : null;
    if (!field) continue;
    const known = byProduct.get(row.product_id);
    if (known) known.places += 1;
    else byProduct.set(row.product_id, { row, field, places: 1 });
  }
  return [...byProduct.values()].map(({ row, field, places }) => ({
    kind: 'product',
    id: String(row.product_id),
    title: `${row.sku} ${row.name}`.trim(),
    detail: `stocked at ${places} location${places === 1 ? '' : 's'}`,
    field,
  }));
}

export const resolveProduct: Resolver = async (code, { client }) => {
  const page = await search(client, 'inventoryList', code);
  return productHits(page.results, code);
};

function shipmentHit(id: string, tracking: string, carrier: string, field: string): ScanHit {
  return { kind: 'shipment', id, title: id, detail: `${carrier} ${tracking}`.trim(), field };
}

/**
 * The shipments list, when the Shipments view has it in memory, answers without a request
 * (by id or tracking number); otherwise the code is asked for as a shipment id (404: none).
 */
export const resolveShipment: Resolver = async (raw, { client, queryClient, connectionId }) => {
  const code = normalizeCode(raw);
  // The Shipments view's list as it holds it (streamed-list.ts), complete or not yet.
  const rows = queryClient.getQueryData<StreamedList<ShipmentRow>>(
    streamedListKey('shipmentsStream', connectionId ?? null),
  )?.rows;
  if (rows) {
    return rows
      .filter((r) => same(r.id, code) || same(r.tracking, code))
      .map((r) =>
        shipmentHit(
          r.id,
          r.tracking,
          r.carrier,
          same(r.id, code) ? 'shipment id' : 'tracking number',
        ),
      );
  }
  if (raw.trim().length > 64) return [];
  try {
    const s = await callBridge(client, 'shipmentsGet', { shipmentId: raw.trim() });
    return [shipmentHit(s.shipment_id, s.tracking_number, s.carrier, 'shipment id')];
  } catch (error) {
    if (error instanceof BridgeCallError && error.code === 'not_found') return [];
    if (error instanceof BridgeCallError && error.code === 'invalid_arguments') return [];
    throw error;
  }
};

export const RESOLVERS: Record<ScanKind, Resolver> = {
  order: resolveOrder,
  return: resolveReturn,
  product: resolveProduct,
  shipment: resolveShipment,
};
