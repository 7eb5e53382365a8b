/**
 * The plan of a shipping-area shipment: one per label bought through the service (an order
 * parcel of kind `label`), derived from the order's plan so both tell the same story — the
 * same carrier, service, tracking number, label time, hand-over and delivery. Like orders,
 * shipments are replanned on demand from their own PRNG; nothing but compact rows is stored.
 *
 * Status follows the parcel: not handed over → schedule_pickup / pickup_scheduled /
 * waiting_for_dropoff (or action_required); handed over → fulfilling (or action_required
 * after a carrier exception); delivered → completed.
 */

import { CARRIERS, type CarrierCode, carrierTrackingNumber } from '../orders/carriers';
import { identityOf, type OrderIdentity } from '../orders/order-identity';
import { itemsOf, type OrderItem } from '../orders/order-money';
import type { OrderContext, OrderPlan, Parcel } from '../orders/order-plan';
import { areaShipmentId } from '../orders/shipment-links';
import { DAY, HOUR, MINUTE, soonAfter } from '../orders/time';
import { Rng, rngFor } from '../seeded';
import type { ShipmentDetail, TrackingEvent } from '../types';

export type AreaStatus = ShipmentDetail['status'];
export type PackageStatus = ShipmentDetail['packages'][number]['status'];
export type Normalized = NonNullable<TrackingEvent['svc_normalized_status']>;

export interface EventPlan {
  status: Normalized;
  at: number;
  exception: string;
  /** Where the scan happened: the warehouse, a sorting hub, or the destination town. */
  place: 'origin' | 'hub' | 'destination';
  hubDwellMinutes: number | null;
}

export interface PackagePlan {
  index: number;
  trackingCode: string;
  status: PackageStatus;
  weightKg: number;
  dims: readonly [number, number, number];
  quantity: number;
  description: string;
  events: EventPlan[];
  deliveredAt: number | null;
  attempts: number;
}

export interface ShipmentPlan {
  shipmentId: string;
  order: OrderPlan;
  parcel: Parcel & { carrier: CarrierCode };
  who: OrderIdentity;
  status: AreaStatus;
  /** The exception that put the shipment in action_required, or "". */
  exception: string;
  packages: PackagePlan[];
  /** Omitted (null) for a few shipments, as the field is optional. */
  sla: 'MET' | 'MISS' | 'PND' | null;
  /** opts.now in ms. */
  now: number;
  /**
   * A fresh PRNG for the fields drawn while materialising (contacts, costs, package details):
   * a fresh one per call, so materialising the same plan twice gives the same object.
   */
  rest(salt: number): Rng;
}

const EXCEPTIONS: readonly (readonly [string, number])[] = [
  ['ADDRESS_ISSUE', 35],
  ['WEATHER', 20],
  ['DAMAGED', 15],
  ['RECIPIENT_ABSENT', 20],
  ['CUSTOMS_HOLD', 10],
];

/** Stable key of parcel k of an order, for the shipment's and its packages' PRNGs. */
export function parcelKey(orderId: number, k: number): number {
  return orderId * 4 + k;
}

/**
 * `withEvents` false skips the scans (a list item needs only its packages' sizes), which
 * roughly halves the cost; the package sizes and everything else come out the same.
 */
export function planShipment(
  ctx: OrderContext,
  order: OrderPlan,
  parcel: Parcel,
  withEvents = true,
): ShipmentPlan {
  if (parcel.carrier === null)
    throw new Error('only labels bought through the service are shipments');
  const withCarrier = { ...parcel, carrier: parcel.carrier };
  const r = rngFor(ctx.seed, 'shipment', parcelKey(order.id, parcel.k));
  const who = identityOf(ctx, order);
  const items = itemsOf(ctx, order);

  let status: AreaStatus;
  let exception = '';
  if (parcel.deliveredAt !== null) status = 'completed';
  else if (parcel.handedAt === null) {
    status = r.weighted([
      ['schedule_pickup', 40],
      ['pickup_scheduled', 30],
      ['waiting_for_dropoff', 25],
      ['action_required', 5],
    ]);
    if (status === 'action_required') exception = 'ADDRESS_ISSUE';
  } else {
    const troubled =
      parcel.tracking === 'stale' || parcel.tracking === 'error' || parcel.tracking === 'not_found';
    status = r.chance(troubled ? 0.5 : 0.1) ? 'action_required' : 'fulfilling';
    if (status === 'action_required') exception = r.weighted(EXCEPTIONS);
  }

  const count = r.weighted([
    [1, 80],
    [2, 15],
    [3, 5],
  ] as const);
  const packages: PackagePlan[] = [];
  for (let i = 0; i < count; i++) {
    packages.push(
      planPackage(ctx, order, withCarrier, status, exception, items, i, count, withEvents),
    );
  }
  const restSeed = Math.floor(r.next() * 0x1_0000_0000);
  const express =
    CARRIERS[parcel.carrier].services.find((v) => v.code === parcel.service)?.express ?? false;
  const promise = (express ? 1.5 : 4) * DAY;
  const handed = parcel.handedAt;
  let sla: ShipmentPlan['sla'] = 'PND';
  if (parcel.deliveredAt !== null && handed !== null)
    sla = parcel.deliveredAt - handed > promise ? 'MISS' : 'MET';
  else if (handed !== null && (status === 'action_required' || ctx.now - handed > promise))
    sla = 'MISS';
  if (r.chance(0.04)) sla = null;
  return {
    shipmentId: areaShipmentId(ctx.seed, order.id, parcel.k),
    order,
    parcel: withCarrier,
    who,
    status,
    exception,
    packages,
    sla,
    now: ctx.now,
    rest: (salt) => new Rng((restSeed ^ Math.imul(salt + 1, 0x9e3779b1)) >>> 0),
  };
}

function planPackage(
  ctx: OrderContext,
  order: OrderPlan,
  parcel: Parcel & { carrier: CarrierCode },
  status: AreaStatus,
  exception: string,
  items: readonly OrderItem[],
  index: number,
  count: number,
  withEvents: boolean,
): PackagePlan {
  const r = rngFor(ctx.seed, 'event', parcelKey(order.id, parcel.k) * 4 + index);
  let goods = 0;
  let quantity = 0;
  let first: OrderItem | undefined;
  for (let i = index; i < items.length; i += count) {
    const item = items[i];
    if (!item) continue;
    first ??= item;
    goods += item.weight_kg * item.qty;
    quantity += item.qty;
  }
  const weightKg = Math.round((goods + 0.05 + r.next() * 0.25) * 1000) / 1000;
  const trackingCode =
    index === 0 ? parcel.trackingNumber : carrierTrackingNumber(r, parcel.carrier, order.country);
  const events = withEvents ? eventsOf(r, ctx.now, parcel, status, exception, index) : [];
  const last = events[events.length - 1];
  const delivered = last?.status === 'DEL';
  const absent = events.some((e) => e.exception === 'RECIPIENT_ABSENT');
  return {
    index,
    trackingCode,
    status: delivered ? 'delivered' : parcel.handedAt === null ? 'not_received' : 'with_carrier',
    weightKg,
    dims: boxFor(weightKg),
    quantity: Math.max(1, quantity),
    description: (first?.name ?? 'Additional items').slice(0, 50),
    events,
    deliveredAt: delivered && last ? last.at : null,
    attempts: (delivered ? 1 : 0) + (absent ? 1 : 0),
  };
}

/** Box sizes in cm, from a mailer to a large carton. */
function boxFor(kg: number): readonly [number, number, number] {
  if (kg < 0.5) return [25, 18, 3];
  if (kg < 2) return [30, 20, 10];
  if (kg < 8) return [40, 30, 20];
  return [60, 40, 40];
}

/** 1–8 scans in time order that agree with the shipment's status. */
function eventsOf(
  r: Rng,
  now: number,
  p: Parcel,
  status: AreaStatus,
  exception: string,
  index: number,
): EventPlan[] {
  const ev: EventPlan[] = [];
  // A plain function rather than a closure: this runs a million times at build at scale 100.
  const add = scan.bind(null, ev, now);
  add('LABEL', p.labelAt + index * 1000, 'origin');
  if (p.handedAt === null) {
    if (exception)
      add('EXC', soonAfter(r, p.labelAt, now, 10 * MINUTE, 6 * HOUR), 'origin', exception);
    return ev;
  }
  add('TENDER', p.handedAt, 'origin');
  if (p.tracking === 'pending') return ev;
  const end = p.deliveredAt ?? now;
  const pickedUp = soonAfter(r, p.handedAt, end, 20 * MINUTE, 3 * HOUR);
  add('PICKED_UP', pickedUp, 'origin');
  const out =
    p.deliveredAt !== null ? Math.max(pickedUp + MINUTE, p.deliveredAt - r.int(2, 6) * HOUR) : null;
  // Stale tracking stops early; the others reach towards now / the delivery.
  const until = out ?? (p.tracking === 'stale' ? pickedUp + 2 * DAY : end);
  const span = Math.max(0, until - pickedUp);
  const hubs = Math.min(Math.floor(span / (10 * HOUR)), r.int(0, 3));
  for (let h = 1; h <= hubs; h++) {
    add('HUB', pickedUp + (span * h) / (hubs + 1), 'hub', '', r.int(20, 900));
  }
  if (p.deliveredAt !== null && out !== null) {
    // A weather delay between the last hub scan and the delivery round.
    const lastAt = ev[ev.length - 1]?.at ?? pickedUp;
    if (r.chance(0.08)) add('EXC', lastAt + (out - lastAt) * 0.5, 'hub', 'WEATHER');
    add('OUT', out, 'destination');
    if (r.chance(0.06)) {
      add('EXC', out + HOUR, 'destination', 'RECIPIENT_ABSENT');
      add('OUT', p.deliveredAt - HOUR, 'destination');
    }
    add('DEL', p.deliveredAt + index * 60_000, 'destination');
  } else if (status === 'action_required') {
    const at = soonAfter(r, ev[ev.length - 1]?.at ?? pickedUp, now, HOUR, DAY);
    add('EXC', at, exception === 'RECIPIENT_ABSENT' ? 'destination' : 'hub', exception);
    if (exception !== 'RECIPIENT_ABSENT' && r.chance(0.35))
      add('RTS', soonAfter(r, at, now, HOUR, DAY), 'hub');
  } else if (span > DAY && r.chance(0.3)) {
    add('OUT', pickedUp + span * 0.95, 'destination');
  }
  // Keep at most 8 scans: drop hub scans from the middle first.
  while (ev.length > 8) {
    const hub = ev.findIndex((e) => e.status === 'HUB');
    ev.splice(hub >= 0 ? hub : 1, 1);
  }
  ev.sort((a, b) => a.at - b.at);
  return ev;
}

function scan(
  ev: EventPlan[],
  now: number,
  status: Normalized,
  at: number,
  place: EventPlan['place'],
  exception = '',
  hubDwellMinutes: number | null = null,
): void {
  ev.push({
    status,
    at: Math.floor(Math.min(at, now) / 1000) * 1000,
    exception,
    place,
    hubDwellMinutes,
  });
}
