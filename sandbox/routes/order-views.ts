/**
 * Orders as served: the rows matching a filter set, and full objects with absolute label URLs.
 * Results are not cached: a refreshed order's stage moves with time, so a cached match could
 * be stale; a full scan of 200,000 compact rows takes a few milliseconds anyway.
 */
import type { Order, OrderRow, OrderStore } from '../data/types';
import { orderFilter } from '../filters/order-filters';
import type { Query } from '../filters/query';
import { TextIndex } from '../filters/text-index';

export class OrderMatches {
  private readonly index: TextIndex;
  private readonly byId: Map<number, OrderRow>;

  constructor(private readonly orders: OrderStore) {
    // Built once at start: generated rows' search texts never change; created orders have
    // higher ids than any indexed row, stand in front of the list and are scanned one by one.
    this.index = new TextIndex(orders.rows);
    this.byId = new Map(orders.rows.map((row) => [row.id, row]));
  }

  /** Rows matching the query's filters, newest first. Throws a 400 for a bad filter. */
  match(query: Query): readonly OrderRow[] {
    const { key, test, needle } = orderFilter(query);
    const all = this.orders.rows;
    if (key === '') return all;
    return needle === undefined ? all.filter(test) : this.searched(needle).filter(test);
  }

  /** Rows whose text may contain `needle`, newest first: created ones, then indexed ones. */
  private searched(needle: string): OrderRow[] {
    const rows: OrderRow[] = [];
    for (const row of this.orders.rows) {
      if (row.id <= this.index.maxId) break;
      rows.push(row);
    }
    const ids = [...this.index.idsContaining(needle)].sort((a, b) => b - a);
    for (const id of ids) {
      const row = this.byId.get(id);
      if (row) rows.push(row);
    }
    return rows;
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
