/**
 * Orders as served: the rows matching a filter set, and full objects with absolute label URLs.
 * Results are not cached: a refreshed order's stage moves with time, so a cached match could
 * be stale; a full scan of 200,000 compact rows takes a few milliseconds anyway.
 */
import type { Order, OrderRow, OrderStore } from '../data/types';
import { orderFilter, type SearchMatcher } from '../filters/order-filters';
import type { Query } from '../filters/query';
import { TextIndex } from '../filters/text-index';

export class OrderMatches {
  private readonly index: TextIndex;
  private readonly search: SearchMatcher;

  constructor(private readonly orders: OrderStore) {
    // Built once at start: generated rows' search texts never change; created orders have
    // higher ids than any indexed row and are scanned one by one.
    this.index = new TextIndex(orders.rows);
    this.search = (needle) => {
      const ids = this.index.idsContaining(needle);
      const maxId = this.index.maxId;
      return (row) => (row.id <= maxId ? ids.has(row.id) : row.search.includes(needle));
    };
  }

  /** Rows matching the query's filters, newest first. Throws a 400 for a bad filter. */
  match(query: Query): readonly OrderRow[] {
    const { key, test } = orderFilter(query, this.search);
    const all = this.orders.rows;
    return key === '' ? all : all.filter(test);
  }
}

/** The order with its shipments' path-only label URLs made absolute. */
export function servedOrder(order: Order, origin: string): Order {
  const relative = (url: unknown) => typeof url === 'string' && url.startsWith('/');
  if (!order.shipments.some((s) => relative(s.label_url))) return order;
  return {
    ...order,
    shipments: order.shipments.map((s) =>
      relative(s.label_url) ? { ...s, label_url: `${origin}${s.label_url}` } : s,
    ),
  };
}

/** Full orders for rows, skipping any that vanished (none should). */
export function* materialise(orders: OrderStore, rows: Iterable<OrderRow>): Generator<Order> {
  for (const row of rows) {
    const order = orders.get(row.id);
    if (order) yield order;
  }
}
