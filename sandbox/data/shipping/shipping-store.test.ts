import { describe, expect, it } from 'vitest';
import { buildCatalog } from '../catalog';
import { buildOrderStore } from '../orders';
import type { DatasetOptions, ShipmentDetail, TrackingEvent } from '../types';
import { buildShipping } from './index';

const now = new Date('2026-03-01T00:00:00Z');
const opts: DatasetOptions = { seed: 1, scale: 1, now };
const catalog = buildCatalog(opts);
const orders = buildOrderStore(opts, catalog);
const { shipments, trackingEvents } = buildShipping(opts, orders);
const details = new Map<string, ShipmentDetail>(
  shipments.rows.map((r) => [r.shipment_id, shipments.get(r.shipment_id) as ShipmentDetail]),
);
const events: TrackingEvent[] = trackingEvents.rows.map(
  (r) => trackingEvents.get(r.id) as TrackingEvent,
);

/** Every embedded order shipment with a live label, by its shipping-area id. */
const orderShipments = new Map(
  orders.rows.flatMap((row) =>
    (orders.get(row.id)?.shipments ?? [])
      .filter((s) => s.status !== 'voided')
      .map((s) => [(s.meta as { shipment_id: string }).shipment_id, { row, s }] as const),
  ),
);

const D = (i: number, f: number) => new RegExp(`^-?\\d{1,${i}}(\\.\\d{1,${f}})?$`);

describe('buildShipping', () => {
  it('is deterministic per seed and now', () => {
    const again = buildShipping(opts, buildOrderStore(opts, catalog));
    const other = buildShipping(
      { ...opts, seed: 2 },
      buildOrderStore({ ...opts, seed: 2 }, catalog),
    );
    const json = (x: typeof again) =>
      JSON.stringify({
        rows: x.shipments.rows,
        list: x.shipments.rows.slice(0, 40).map((r) => x.shipments.list(r)),
        detail: x.shipments.rows.slice(0, 40).map((r) => x.shipments.get(r.shipment_id)),
        events: x.trackingEvents.rows
          .filter((_, i) => i % 50 === 0)
          .map((r) => x.trackingEvents.get(r.id)),
      });
    expect(json(again)).toBe(json({ shipments, trackingEvents }));
    expect(json(other)).not.toBe(json({ shipments, trackingEvents }));
  });

  it('makes one shipment per live label, linked by id and tracking number', () => {
    expect(shipments.rows.length).toBeGreaterThanOrEqual(1000);
    expect(shipments.rows.length).toBeLessThanOrEqual(1400);
    expect(new Set(shipments.rows.map((r) => r.shipment_id)).size).toBe(shipments.rows.length);
    expect(orderShipments.size).toBe(shipments.rows.length);
    for (const r of shipments.rows) {
      const link = orderShipments.get(r.shipment_id);
      const d = details.get(r.shipment_id);
      expect(link).toBeDefined();
      expect(d?.tracking_number).toBe(link?.s.tracking_number);
      expect(d?.carrier).toBe(link?.s.carrier);
      expect(d?.created_at).toBe(link?.s.created_at);
      const order = orders.get(link?.row.id ?? 0);
      expect(d?.ship_to.name).toBe(order?.recipient_name);
      expect(d?.ship_to.address.line1).toBe(order?.address1);
      expect(d?.ship_to.address.postcode).toBe(order?.postal_code);
      const stage = link?.row.stage;
      if (stage === 'labels')
        expect([
          'schedule_pickup',
          'pickup_scheduled',
          'waiting_for_dropoff',
          'action_required',
        ]).toContain(d?.status);
      if (stage === 'delivered') expect(d?.status).toBe('completed');
      if (d?.status === 'completed')
        expect(d.packages.every((p) => p.status === 'delivered')).toBe(true);
    }
    const big = buildShipping(
      { ...opts, scale: 0.1 },
      buildOrderStore({ ...opts, scale: 0.1 }, catalog),
    );
    expect(big.shipments.rows.length).toBeGreaterThan(80);
    expect(big.shipments.rows.length).toBeLessThan(160);
  });

  it('covers every status, SLA, carrier, reason, normalized status and exception at scale 1', () => {
    const values = <T>(xs: Iterable<T>) => new Set(xs);
    const ds = [...details.values()];
    expect(values(shipments.rows.map((r) => r.status))).toEqual(
      values([
        'schedule_pickup',
        'pickup_scheduled',
        'waiting_for_dropoff',
        'fulfilling',
        'action_required',
        'completed',
      ]),
    );
    expect(values(shipments.rows.map((r) => r.sla_status))).toEqual(
      values(['MET', 'MISS', 'PND', null]),
    );
    expect(values(shipments.rows.map((r) => r.carrier))).toEqual(
      values(['mock', 'carrier_a', 'carrier_b', 'carrier_c', 'carrier_d']),
    );
    expect(values(ds.map((d) => d.selection_reason_code))).toEqual(
      values(['COST', 'SLA', 'CO2', 'CAP', 'MAN', '']),
    );
    expect(values(ds.flatMap((d) => d.packages.map((p) => p.status)))).toEqual(
      values(['not_received', 'with_carrier', 'delivered']),
    );
    expect(values(ds.flatMap((d) => d.packages.map((p) => p.label_format)))).toEqual(
      values(['ZPL', 'PDF', 'PNG', '']),
    );
    expect(values(ds.flatMap((d) => d.packages.map((p) => p.delivery_location_type)))).toEqual(
      values(['DOOR', 'LCK', 'PUP', 'SAFE', '']),
    );
    expect(values(ds.map((d) => d.packages.length))).toEqual(values([1, 2, 3]));
    expect(values(trackingEvents.rows.map((r) => r.status))).toEqual(
      values(['LABEL', 'TENDER', 'PICKED_UP', 'HUB', 'OUT', 'DEL', 'EXC', 'RTS']),
    );
    const codes = values(trackingEvents.rows.map((r) => r.exception_code));
    for (const c of ['', 'ADDRESS_ISSUE', 'DAMAGED', 'WEATHER', 'CUSTOMS_HOLD'])
      expect(codes).toContain(c);
  });

  it('fills every field in its bounds', () => {
    const packageIds = new Set<number>();
    for (const [id, d] of details) {
      const list = shipments.list(
        shipments.rows.find((r) => r.shipment_id === id) ?? shipments.rows[0]!,
      );
      const { packages, ...head } = d;
      expect(list).toEqual({ ...head, package_count: packages.length });
      expect(
        d.predicted_sla_miss_prob === null || D(1, 4).test(d.predicted_sla_miss_prob ?? ''),
      ).toBe(true);
      expect(d.ship_to.phone_number?.length ?? 0).toBeLessThanOrEqual(20);
      expect(d.ship_from.address.country_code).toMatch(/^[A-Z]{2}$/);
      expect(d.tendered_to_carrier_ts === null).toBe(d.manifest_id === '');
      for (const p of packages) {
        expect(packageIds.has(p.id)).toBe(false);
        packageIds.add(p.id);
        for (const dim of [p.length_cm, p.width_cm, p.height_cm]) expect(dim).toMatch(D(6, 2));
        expect(p.weight_kg).toMatch(D(5, 3));
        expect(p.cost).toMatch(D(8, 2));
        expect(p.delivered_ts === null).toBe(p.status !== 'delivered');
        expect(p.first_attempt_success_flag === null).toBe(p.status !== 'delivered');
      }
      expect(packages[0]?.tracking_code).toBe(d.tracking_number);
    }
  });

  it('keeps tracking events in id order, per package in time order, matching their rows', () => {
    expect(trackingEvents.rows.map((r) => r.id)).toEqual(trackingEvents.rows.map((_, i) => i + 1));
    const byPackage = new Map<number, TrackingEvent[]>();
    events.forEach((e, i) => {
      const row = trackingEvents.rows[i];
      expect(e.id).toBe(row?.id);
      expect(e.package).toBe(row?.package);
      expect(e.svc_normalized_status).toBe(row?.status);
      expect(e.exception_code).toBe(row?.exception_code);
      expect(e.exception_code !== '').toBe(e.svc_normalized_status === 'EXC');
      expect(e.hub_dwell_minutes !== null).toBe(e.svc_normalized_status === 'HUB');
      expect(Date.parse(e.scan_timestamp)).toBeLessThanOrEqual(now.getTime());
      byPackage.set(e.package, [...(byPackage.get(e.package) ?? []), e]);
    });
    for (const [pkg, list] of byPackage) {
      expect(list.length).toBeGreaterThanOrEqual(1);
      expect(list.length).toBeLessThanOrEqual(8);
      expect(list[0]?.svc_normalized_status).toBe('LABEL');
      const times = list.map((e) => Date.parse(e.scan_timestamp));
      expect(times).toEqual([...times].sort((a, b) => a - b));
      const row = trackingEvents.rows.find((r) => r.package === pkg);
      const p = details.get(row?.shipment_id ?? '')?.packages.find((x) => x.id === pkg);
      expect(list.every((e) => e.package_tracking_code === p?.tracking_code)).toBe(true);
      expect(list.at(-1)?.svc_normalized_status === 'DEL').toBe(p?.status === 'delivered');
    }
  });

  it('searches shipment id, tracking number and recipient', () => {
    for (const r of shipments.rows) {
      const d = details.get(r.shipment_id);
      expect(r.search).toContain(r.shipment_id);
      expect(r.search).toContain(d?.tracking_number.toLowerCase());
      expect(r.search).toContain(d?.ship_to.name?.toLowerCase());
    }
  });

  it('answers undefined for unknown ids', () => {
    expect(shipments.get('shp_0000000000000000')).toBeUndefined();
    expect(trackingEvents.get(0)).toBeUndefined();
    expect(trackingEvents.get(trackingEvents.rows.length + 1)).toBeUndefined();
  });

  it('prints build times (not an assertion)', () => {
    for (const scale of [1, 10]) {
      const o = buildOrderStore({ ...opts, scale }, catalog);
      const t0 = performance.now();
      const s = buildShipping({ ...opts, scale }, o);
      const built = performance.now() - t0;
      const t1 = performance.now();
      for (const r of s.shipments.rows) s.shipments.list(r);
      console.log(
        `shipping scale ${scale}: ${s.shipments.rows.length} shipments, ${s.trackingEvents.rows.length} events in ${built.toFixed(0)} ms; list of all in ${(performance.now() - t1).toFixed(0)} ms`,
      );
    }
  });
});
