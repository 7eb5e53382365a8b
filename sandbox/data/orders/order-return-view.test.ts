/** What the returns' build reads of an order (order-return-view.ts) is what `get` serves. */
import { describe, expect, it } from 'vitest';
import { buildCatalog } from '../catalog';
import type { DatasetOptions, Order, OrderReturnView } from '../types';
import { buildOrderStore } from './index';

const opts: DatasetOptions = { seed: 4, scale: 0.5, now: new Date('2026-03-01T00:00:00Z') };
const catalog = buildCatalog(opts);

const pick = (order: Order, view: OrderReturnView) =>
  Object.fromEntries(Object.keys(view).map((k) => [k, order[k as keyof Order]]));

describe("an order's return view", () => {
  it("holds exactly the full order's values of its fields, for every generated order", () => {
    const store = buildOrderStore(opts, catalog);
    let fulfilled = 0;
    for (const row of store.rows) {
      const view = store.returnView?.(row.id) as OrderReturnView;
      const order = store.get(row.id) as Order;
      expect(view).toEqual(pick(order, view));
      if (view.fulfilled_at !== null) fulfilled++;
    }
    expect(fulfilled, 'fulfilled orders in the data').toBeGreaterThan(10);
    expect(Object.keys(store.returnView?.(store.rows[0]!.id) ?? {}).sort()).toEqual(
      [
        'channel',
        'country',
        'created_at',
        'currency',
        'customer_email',
        'customer_name',
        'fulfilled_at',
        'id',
        'items',
        'order_date',
        'order_name',
        'recipient_name',
      ].sort(),
    );
  });

  it('stays the same through a tracking refresh, and is the created order itself for one created', () => {
    let clock = Date.parse('2026-03-01T10:00:00Z');
    const store = buildOrderStore(opts, catalog, { clock: () => clock, trackingStepMs: 10 });
    const refreshed = store.rows.find((r) => (store.refreshTracking(r.id)?.queued ?? 0) > 0);
    expect(refreshed, 'an order with a fulfillment to refresh').toBeDefined();
    clock += 1000;
    const id = refreshed!.id;
    const view = store.returnView?.(id) as OrderReturnView;
    expect(view).toEqual(pick(store.get(id) as Order, view));
    const created = store.create({
      recipient_name: 'Ada Lovelace',
      address1: '1 Analytical Row',
      city: 'London',
      postal_code: 'N1 1AA',
      country: 'GB',
    });
    expect(store.returnView?.(created.id)).toBe(store.get(created.id));
    expect(store.returnView?.(987_654_321)).toBeUndefined();
  });
});
