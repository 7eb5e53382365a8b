import { describe, expect, it } from 'vitest';
import { buildCatalog } from '../catalog';
import type { DatasetOptions, Order, OrderRow } from '../types';
import { buildOrderStore, FIRST_ORDER_ID, stageOfOrder } from './index';

const now = new Date('2026-03-01T00:00:00Z');
const opts: DatasetOptions = { seed: 1, scale: 1, now };
const catalog = buildCatalog(opts);
const store = buildOrderStore(opts, catalog);
const all: { row: OrderRow; order: Order }[] = store.rows.map((row) => {
  const order = store.get(row.id);
  if (!order) throw new Error(`order ${row.id} missing`);
  return { row, order };
});

const D82 = /^-?\d{1,8}(\.\d{1,2})?$/;
const ALWAYS = [
  'id',
  'shipments',
  'storefront_fulfillments',
  'fulfillments',
  'carrier_shipment',
  'address_check_summary',
  'checkout_method',
  'label_purchase',
  'label_caution',
  'storefront_order_id',
  'shop_id',
  'recipient_name',
  'address1',
  'city',
  'postal_code',
  'country',
  'created_at',
  'customer_locale',
  'shipping_overrides',
  'label_automation',
  'address_check',
  'owner',
] as const;

const valuesOf = <T>(f: (x: { row: OrderRow; order: Order }) => T | T[]) =>
  new Set(all.flatMap((x) => f(x)));
const cents = (s: unknown) => Math.round(Number(s) * 100);

describe('buildOrderStore', () => {
  it('is deterministic per seed and now', () => {
    const again = buildOrderStore(opts, catalog);
    const other = buildOrderStore({ ...opts, seed: 2 }, catalog);
    const sample = store.rows.filter((_, i) => i % 97 === 0).map((r) => r.id);
    const json = (s: typeof store) =>
      JSON.stringify({ rows: s.rows, orders: sample.map((id) => s.get(id)) });
    expect(json(again)).toBe(json(store));
    expect(json(other)).not.toBe(json(store));
  });

  it('scales the order count, with a floor of 20, ids growing with the order date', () => {
    expect(store.rows).toHaveLength(2000);
    expect(buildOrderStore({ ...opts, scale: 0.1 }, catalog).rows).toHaveLength(200);
    expect(buildOrderStore({ ...opts, scale: 0.001 }, catalog).rows).toHaveLength(20);
    expect(store.rows[0]?.id).toBe(FIRST_ORDER_ID + 1999);
    expect(store.rows.at(-1)?.id).toBe(FIRST_ORDER_ID);
    for (let i = 1; i < all.length; i++) {
      const newer = all[i - 1];
      const older = all[i];
      expect(newer?.row.id).toBeGreaterThan(older?.row.id ?? 0);
      expect(Date.parse(newer?.order.order_date ?? '')).toBeGreaterThanOrEqual(
        Date.parse(older?.order.order_date ?? ''),
      );
    }
    const oldest = Date.parse(all.at(-1)?.order.order_date ?? '');
    expect(now.getTime() - oldest).toBeLessThanOrEqual(121 * 86_400_000);
  });

  it('prints build times (not an assertion)', () => {
    for (const scale of [1, 10]) {
      const t0 = performance.now();
      const s = buildOrderStore({ ...opts, scale }, catalog);
      const ms = performance.now() - t0;
      const t1 = performance.now();
      for (const r of s.rows.slice(0, 50)) s.get(r.id);
      console.log(
        `orders scale ${scale}: ${s.rows.length} in ${ms.toFixed(0)} ms; a page of 50 in ${(performance.now() - t1).toFixed(1)} ms`,
      );
    }
  });

  it('covers every stage, status, reason and address status at scale 1', () => {
    expect(valuesOf((x) => x.row.stage)).toEqual(
      new Set(['open', 'labels', 'shipped', 'delivered', 'cancelled']),
    );
    expect(valuesOf((x) => x.order.status)).toEqual(
      new Set(['ready', 'shipped', 'cancelled', 'refunded', 'unknown']),
    );
    expect(valuesOf((x) => x.row.attention)).toEqual(new Set(['address', 'hold', 'failed']));
    expect(all.some((x) => x.row.attention.length > 1)).toBe(true);
    expect(all.some((x) => x.row.stage === 'open' && x.row.attention.length === 0)).toBe(true);
    expect(valuesOf((x) => x.row.address_status)).toEqual(
      new Set([null, 'valid', 'corrected', 'needs_review', 'invalid', 'unchecked']),
    );
    expect(valuesOf((x) => x.row.channel)).toEqual(
      new Set(['Shopify', 'Amazon', 'eBay', 'WooCommerce', 'Etsy', 'Manual']),
    );
    expect(valuesOf((x) => x.row.payment_status)).toEqual(
      new Set(['paid', 'pending', 'authorized', 'refunded', 'partially_refunded', 'voided']),
    );
    expect(valuesOf((x) => x.row.fulfillment_status)).toEqual(
      new Set(['unfulfilled', 'partial', 'fulfilled', null]),
    );
    expect(valuesOf((x) => x.order.shipments.map((s) => s.carrier))).toEqual(
      new Set(['mock', 'carrier_a', 'carrier_b', 'carrier_c', 'carrier_d']),
    );
    expect(valuesOf((x) => x.order.fulfillments.map((f) => f.tracking_events_status))).toEqual(
      new Set(['pending', 'active', 'delivered', 'stale', 'not_found', 'error', 'skipped']),
    );
    expect(valuesOf((x) => x.order.currency)).toEqual(
      new Set(['USD', 'GBP', 'EUR', 'CAD', 'AUD', 'SEK', 'PLN']),
    );
  });

  it('materialises orders that agree with their rows', () => {
    for (const { row, order } of all) {
      expect(order.id).toBe(row.id);
      expect(stageOfOrder(order)).toBe(row.stage);
      expect(order.channel).toBe(row.channel);
      expect(order.payment_status).toBe(row.payment_status);
      expect(order.fulfillment_status).toBe(row.fulfillment_status);
      expect((order.address_check as { status?: string } | null)?.status ?? null).toBe(
        row.address_status,
      );
      expect(row.day).toBe(order.order_date?.slice(0, 10));
      for (const key of ALWAYS) expect(order).toHaveProperty(key);
      expect(row.search).toContain(order.recipient_name.toLowerCase());
      expect(row.search).toContain(order.address1.toLowerCase());
      for (const s of order.shipments)
        expect(row.search).toContain(s.tracking_number?.toLowerCase());
      for (const f of order.fulfillments)
        expect(row.search).toContain(f.tracking_number.toLowerCase());
      if (order.customer_email) expect(row.search).toContain(order.customer_email.toLowerCase());
      if (order.phone) expect(row.search).toContain(order.phone.toLowerCase());
      if (order.company) expect(row.search).toContain(order.company.toLowerCase());
    }
  });

  it('gives open orders attention reasons that match their data', () => {
    for (const { row, order } of all) {
      if (row.stage !== 'open') expect(row.attention).toEqual([]);
      const automation = order.label_automation as { status: string; hold: unknown } | null;
      const held = row.address_status === 'needs_review' || row.address_status === 'invalid';
      if (row.stage !== 'open') continue;
      expect(row.attention.includes('address')).toBe(held);
      expect(row.attention.includes('failed')).toBe(automation?.status === 'failed');
      expect(row.attention.includes('hold')).toBe(!!automation?.hold);
    }
  });

  it('keeps stages consistent with shipments and fulfillments', () => {
    for (const { row, order } of all) {
      const live = order.shipments.filter((s) => s.status !== 'voided');
      if (row.stage === 'open') expect(live).toEqual([]);
      if (row.stage === 'labels') {
        expect(live.length).toBeGreaterThan(0);
        expect(live.every((s) => s.label_url?.startsWith(`/media/labels/${order.id}-`))).toBe(true);
        expect(order.fulfillments).toEqual([]);
      }
      if (row.stage === 'delivered') expect(order.delivery_status).toBe('delivered');
      for (const s of live)
        expect((s.meta as { shipment_id: string }).shipment_id).toMatch(/^shp_[0-9a-f]{16}$/);
    }
  });

  it('keeps money consistent and well-formed', () => {
    for (const { order } of all) {
      const items = order.items as { qty: number; price: string; weight_kg: number; sku: string }[];
      expect(items.length).toBeGreaterThanOrEqual(1);
      expect(items.length).toBeLessThanOrEqual(5);
      for (const i of items) expect(catalog.some((p) => p.sku === i.sku)).toBe(true);
      const subtotal = items.reduce((sum, i) => sum + cents(i.price) * i.qty, 0);
      expect(cents(order.subtotal_price)).toBe(subtotal);
      const added = order.country === 'US' || order.country === 'CA' ? cents(order.total_tax) : 0;
      expect(cents(order.total_amount)).toBe(
        subtotal - cents(order.discount_amount) + cents(order.total_shipping) + added,
      );
      for (const key of [
        'total_amount',
        'subtotal_price',
        'total_shipping',
        'total_tax',
        'discount_amount',
        'total_refunded',
        'total_outstanding',
      ] as const) {
        expect(order[key]).toMatch(D82);
      }
      const grams = items.reduce((sum, i) => sum + Math.round(i.weight_kg * 1000) * i.qty, 0);
      expect(order.weight_kg).toBeCloseTo(grams / 1000, 6);
    }
  });

  it('answers undefined for unknown ids', () => {
    expect(store.get(FIRST_ORDER_ID - 1)).toBeUndefined();
    expect(store.get(FIRST_ORDER_ID + 2000)).toBeUndefined();
    expect(store.get(1.5)).toBeUndefined();
    expect(store.refreshTracking(999_999)).toBeUndefined();
    expect(store.addressCheck(999_999)).toBeUndefined();
  });

  it('serves address checks', () => {
    const never = all.find((x) => x.row.address_status === null);
    expect(store.addressCheck(never?.row.id ?? 0)).toEqual({
      order: never?.row.id,
      status: 'unchecked',
      checked_at: null,
      messages: [],
      suggested_address: null,
    });
    const review = all.find((x) => x.row.address_status === 'needs_review');
    const check = store.addressCheck(review?.row.id ?? 0);
    expect(check).toMatchObject({ order: review?.row.id, status: 'needs_review' });
    expect(check?.suggested_address).toBeTruthy();
    expect(check?.messages).toEqual([expect.any(String)]);
    expect(review?.order.address_check_summary).toMatchObject({ status: 'needs_review' });
  });
});

describe('create', () => {
  it('stores a created order in front of the rows, searchable and retrievable', () => {
    const s = buildOrderStore(opts, catalog, { clock: () => Date.parse('2026-03-01T09:30:00Z') });
    const before = s.rows.length;
    const order = s.create({
      recipient_name: 'Ada Lovelace',
      address1: '12 Analytical Row',
      city: 'London',
      postal_code: 'N1 9GU',
      country: 'GB',
      order_name: 'API-1',
      items: [{ sku: 'X-1', qty: 2, weight_kg: 0.25 }],
    });
    expect(order.id).toBe(FIRST_ORDER_ID + 2000);
    expect(order.created_at).toBe('2026-03-01T09:30:00.000Z');
    expect(order.status).toBe('unknown');
    expect(order.weight_kg).toBe(0.5);
    expect(order.customer_locale).toBe('en-GB');
    expect(order.shipments).toEqual([]);
    expect(order.phone).toBeNull();
    for (const key of ALWAYS) expect(order).toHaveProperty(key);
    expect(s.rows).toHaveLength(before + 1);
    expect(s.rows[0]).toMatchObject({
      id: order.id,
      stage: 'open',
      day: '2026-03-01',
      address_status: null,
      attention: [],
    });
    expect(s.rows[0]?.search).toContain('ada lovelace');
    expect(s.get(order.id)).toEqual(order);
    expect(s.addressCheck(order.id)).toMatchObject({
      order: order.id,
      status: 'unchecked',
      checked_at: null,
    });
    expect(s.refreshTracking(order.id)).toEqual({ queued: 0, skipped: [], fulfillments_total: 0 });
    const cancelled = s.create({
      recipient_name: 'B',
      address1: 'a',
      city: 'c',
      postal_code: '1',
      country: 'US',
      status: 'refunded',
    });
    expect(cancelled.id).toBe(order.id + 1);
    expect(s.rows[0]).toMatchObject({ id: cancelled.id, stage: 'cancelled' });
  });
});

describe('refreshTracking', () => {
  const fulfillmentsOf = (o: Order) => o.fulfillments.map((f) => f.tracking_events_status);

  it('skips delivered and untracked fulfillments', () => {
    const delivered = all.find((x) => x.row.stage === 'delivered');
    const result = store.refreshTracking(delivered?.row.id ?? 0);
    expect(result?.queued).toBe(0);
    expect(result?.fulfillments_total).toBe(delivered?.order.fulfillments.length);
    expect(result?.skipped?.[0]).toMatchObject({
      status: 'delivered',
      reason: 'already delivered',
    });
    const untracked = all.find((x) => fulfillmentsOf(x.order).includes('skipped'));
    const r2 = store.refreshTracking(untracked?.row.id ?? 0);
    expect(r2?.skipped).toContainEqual(
      expect.objectContaining({ status: 'skipped', reason: 'no tracking number' }),
    );
    const open = all.find((x) => x.row.stage === 'open');
    expect(store.refreshTracking(open?.row.id ?? 0)).toEqual({
      queued: 0,
      skipped: [],
      fulfillments_total: 0,
    });
  });

  it('moves queued fulfillments forward with time: active after one step, delivered after three', () => {
    let clock = Date.parse('2026-03-01T10:00:00Z');
    const s = buildOrderStore(opts, catalog, { clock: () => clock, trackingStepMs: 50 });
    const target = all.find(
      (x) =>
        x.row.stage === 'shipped' &&
        x.order.fulfillments.length === 1 &&
        fulfillmentsOf(x.order)[0] === 'pending',
    );
    if (!target) throw new Error('no pending fulfillment at scale 1');
    const id = target.row.id;
    const row = s.rows.find((r) => r.id === id);
    const before = s.get(id);
    expect(s.refreshTracking(id)).toEqual({ queued: 1, skipped: [], fulfillments_total: 1 });
    expect(fulfillmentsOf(s.get(id) as Order)).toEqual(['pending']);
    clock += 50;
    const active = s.get(id) as Order;
    expect(fulfillmentsOf(active)).toEqual(['active']);
    expect(active.fulfillments[0]?.tracking_events_last_polled_at).toBe('2026-03-01T10:00:00.050Z');
    const eventCount = (o: Order | undefined) =>
      (o?.fulfillments[0]?.tracking_events as unknown[] | undefined)?.length;
    expect(eventCount(active)).toBe((eventCount(before) ?? 0) + 1);
    expect(row?.stage).toBe('shipped');
    // Queuing again neither restarts nor speeds up the refresh.
    expect(s.refreshTracking(id)?.queued).toBe(1);
    clock += 100;
    const done = s.get(id) as Order;
    expect(fulfillmentsOf(done)).toEqual(['delivered']);
    expect(done.storefront_fulfillments.map((f) => f.tracking_events_status)).toEqual(
      done.storefront_fulfillments.length > 0 ? ['delivered'] : [],
    );
    expect(done.fulfillments[0]?.tracking_events_last_event_at).toBe('2026-03-01T10:00:00.150Z');
    expect(done.delivery_status).toBe('delivered');
    expect(done.shipments.every((sh) => sh.status !== 'in_transit')).toBe(true);
    expect(stageOfOrder(done)).toBe('delivered');
    expect(row?.stage).toBe('delivered');
    expect(s.refreshTracking(id)?.skipped?.[0]?.reason).toBe('already delivered');
    clock += 10_000;
    expect(s.get(id)).toEqual(done);
  });
});
