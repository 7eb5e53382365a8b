/**
 * Contract filters (camelCase call arguments holding arrays and booleans) as the API's query
 * strings: lists comma-joined (spec: "comma-separated"), booleans 'true' / 'false', absent
 * values left out.
 */
import type { operations } from '@shared/api/schema.gen';
import type {
  InventoryFilters,
  OrderFilters,
  ReturnFilters,
  TrackingEventFilters,
} from '@shared/contract/arg-schemas';

type QueryOf<K extends keyof operations> = NonNullable<operations[K]['parameters']['query']>;

export interface Paging {
  page?: number;
  pageSize?: number;
}

/** A list's query: its filters, then the page asked for. */
const paged = <Q>(query: Q, paging: Paging) => ({
  ...query,
  page: paging.page,
  page_size: paging.pageSize,
});

/**
 * The filters the API takes under their own names, and only those: a filter object that
 * carries more (a saved view's own fields) sends nothing else.
 */
const sameNamed = <F extends object, K extends keyof F>(f: F, keys: readonly K[]): Pick<F, K> =>
  Object.fromEntries(keys.map((k) => [k, f[k]])) as Pick<F, K>;

const list = (values: readonly string[] | undefined): string | undefined =>
  values && values.length > 0 ? values.join(',') : undefined;

export function orderFilterQuery(f: OrderFilters = {}): QueryOf<'orders_export_retrieve'> {
  return {
    address_status: list(f.address_status),
    attention: list(f.attention),
    channel: list(f.channel),
    exclude_channel: list(f.exclude_channel),
    date_after: f.date_after,
    date_before: f.date_before,
    fulfillment_status: list(f.fulfillment_status),
    payment_status: list(f.payment_status),
    q: f.q,
    stage: f.stage,
  };
}

export function orderListQuery(
  f: OrderFilters | undefined,
  paging: Paging,
): QueryOf<'orders_list'> {
  return paged(orderFilterQuery(f), paging);
}

export function returnFilterQuery(
  f: ReturnFilters = {},
): QueryOf<'returns_requests_export_retrieve'> {
  return sameNamed(f, ['carrier', 'channel', 'country', 'q', 'reason', 'status']);
}

export function returnListQuery(
  f: ReturnFilters | undefined,
  paging: Paging,
): QueryOf<'returns_requests_list'> {
  return paged(returnFilterQuery(f), paging);
}

export function inventoryListQuery(
  f: InventoryFilters | undefined,
  paging: Paging,
): QueryOf<'inventory_list'> {
  const filters = f ?? {};
  return paged(
    {
      expiring_within_days: filters.expiring_within_days,
      location: filters.location,
      // openapi-fetch writes booleans as 'true' / 'false'.
      low_stock: filters.low_stock,
      out_of_stock: filters.out_of_stock,
      q: filters.q,
    },
    paging,
  );
}

export function trackingEventQuery(
  f: TrackingEventFilters = {},
): QueryOf<'shipping_v1_tracking_events_list'> {
  return sameNamed(f, ['carrier', 'exception_code', 'package', 'shipment', 'status']);
}
