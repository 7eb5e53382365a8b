/**
 * Orders as served: matching rows for a filter set (cached, since a person pages through the
 * same filter), and full objects with absolute label URLs.
 */
import type { Order, OrderRow, OrderStore } from '../data/types';
import { orderFilter } from '../filters/order-filters';
import type { Query } from '../filters/query';

const CACHE_SIZE = 32;

export class OrderMatches {
  private readonly cache = new Map<string, { version: number; rows: readonly OrderRow[] }>();

  constructor(private readonly orders: OrderStore) {}

  /** Rows matching the query's filters, newest first. Throws a 400 for a bad filter. */
  match(query: Query): readonly OrderRow[] {
    const { key, test } = orderFilter(query);
    const all = this.orders.rows;
    if (key === '') return all;
    // Orders are only ever added, so the row count is the data's version.
    const version = all.length;
    const hit = this.cache.get(key);
    if (hit && hit.version === version) {
      this.cache.delete(key);
      this.cache.set(key, hit);
      return hit.rows;
    }
    const rows = all.filter(test);
    this.cache.set(key, { version, rows });
    if (this.cache.size > CACHE_SIZE) {
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.cache.delete(oldest);
    }
    return rows;
  }
}

/** The order with its shipments' path-only label URLs made absolute. */
export function servedOrder(order: Order, origin: string): Order {
  if (
    !order.shipments.some((s) => typeof s.label_url === 'string' && s.label_url.startsWith('/'))
  ) {
    return order;
  }
  return {
    ...order,
    shipments: order.shipments.map((s) =>
      typeof s.label_url === 'string' && s.label_url.startsWith('/')
        ? { ...s, label_url: `${origin}${s.label_url}` }
        : s,
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
