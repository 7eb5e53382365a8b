/**
 * Shipping-area API objects (ShipmentList, ShipmentDetail, Package, contacts) from a shipment
 * plan. `seq` is the shipment's build position: contact and address ids derive from it, and
 * package ids are consecutive from `firstPackageId`.
 */

import { CARRIER_CODES, CARRIERS } from '../orders/carriers';
import { compactPhone } from '../orders/people';
import { DAY, iso } from '../orders/time';
import { money } from '../seeded';
import type { ShipmentDetail, ShipmentList } from '../types';
import type { PackagePlan, ShipmentPlan } from './shipment-plan';
import { warehouseFor } from './warehouses';

type Contact = ShipmentDetail['ship_to'];
type Address = Contact['address'];
type Package = ShipmentDetail['packages'][number];
type Common = Omit<ShipmentDetail, 'packages'>;
/** The read-only markers of response fields do not apply while the object is being built. */
type Mutable<T> = { -readonly [K in keyof T]: T[K] };

const dec = (value: number, places: number) => value.toFixed(places);

/** The fields ShipmentList and ShipmentDetail share. Draws from the plan's stream in a fixed order. */
function common(s: ShipmentPlan, seq: number, costs: readonly number[]): Common {
  const { parcel, order, who } = s;
  const r = s.rest(0);
  const a = who.address;
  // Optional keys are left out rather than null (the schema does not allow null for them).
  const address: Address = {
    id: 100_000 + seq * 2,
    location_name: who.company ?? who.recipient.name,
    line1: a.address1,
    city: a.city,
    postcode: a.postal_code,
    country_code: a.country,
    is_residential: who.company === null,
  };
  if (a.address2) address.line2 = a.address2;
  if (a.province_code) address.province = a.province_code;
  const locker = r.chance(0.08);
  const shipTo: Contact = {
    id: 1000 + seq,
    name: who.recipient.name,
    phone_number: who.phone ? compactPhone(who.phone, order.country) : null,
    phone_number_extension: who.company && r.chance(0.3) ? String(r.int(10, 999)) : null,
    email: who.email,
    address,
    alternate_address: locker
      ? {
          id: 100_000 + seq * 2 + 1,
          location_name: `Parcel locker ${a.city} ${r.int(100, 999)}`,
          line1: `${r.pick(['Station', 'Market', 'Central', 'Mall'])} ${r.int(1, 40)}`,
          city: a.city,
          postcode: a.postal_code,
          country_code: a.country,
          is_residential: false,
        }
      : null,
  };

  const handed = parcel.handedAt;
  const total = costs.reduce((sum, c) => sum + c, 0);
  const reason = r.weighted([
    ['COST', 40],
    ['SLA', 25],
    ['CO2', 10],
    ['CAP', 8],
    ['MAN', 10],
    ['', 7],
  ] as const);
  const others = CARRIER_CODES.filter((c) => c !== parcel.carrier && c !== 'mock');
  const alternatives =
    reason === 'MAN'
      ? []
      : others.slice(0, r.int(0, 3)).map((carrier) => ({
          carrier,
          service_code: CARRIERS[carrier].services[0]?.code ?? 'standard',
          cost: money(total * (1.04 + r.next() * 0.6)),
        }));

  const risk =
    s.status === 'completed'
      ? 0.02 + r.next() * 0.1
      : s.status === 'action_required'
        ? 0.55 + r.next() * 0.4
        : 0.05 + r.next() * 0.35;

  const head: Common = {
    shipment_id: s.shipmentId,
    carrier: parcel.carrier,
    service_code: parcel.service,
    tracking_number: parcel.trackingNumber,
    status: s.status,
    status_info: statusInfo(s),
    created_at: iso(parcel.labelAt),
    ship_from: warehouseFor(order.country).contact,
    ship_to: shipTo,
    selection_reason_code: reason,
    alternative_carriers_considered: alternatives,
    manifest_id:
      handed === null
        ? ''
        : `MF-${iso(handed).slice(0, 10).replaceAll('-', '')}-${parcel.carrier.slice(-1).toUpperCase()}${String(r.int(1, 12)).padStart(2, '0')}`,
    tendered_to_carrier_ts: handed === null ? null : iso(handed),
    predicted_sla_miss_prob: r.chance(0.05) ? null : dec(risk, 4),
  };
  if (s.sla !== null) head.sla_status = s.sla;
  return head;
}

function statusInfo(s: ShipmentPlan): unknown {
  switch (s.status) {
    case 'schedule_pickup':
      return { code: 'PICKUP_REQUIRED', message: 'Schedule a pickup with the carrier.' };
    case 'pickup_scheduled': {
      const day = iso(s.parcel.labelAt + DAY).slice(0, 10);
      return {
        code: 'PICKUP_BOOKED',
        message: 'Pickup booked.',
        pickup_window: { date: day, from: '13:00', to: '17:00' },
      };
    }
    case 'waiting_for_dropoff':
      return { code: 'DROPOFF', message: 'Drop the parcel off at a carrier location.' };
    case 'fulfilling':
      return null;
    case 'action_required':
      return {
        code: s.exception,
        message: EXCEPTION_TEXT[s.exception] ?? 'The carrier reported a problem.',
      };
    case 'completed':
      return {
        code: 'DELIVERED',
        message: 'Delivered.',
        delivered_at: iso(s.parcel.deliveredAt ?? s.parcel.labelAt),
      };
  }
}

export const EXCEPTION_TEXT: Readonly<Record<string, string>> = {
  ADDRESS_ISSUE: 'The carrier cannot deliver to this address: it is incomplete or wrong.',
  WEATHER: 'Delayed by severe weather.',
  DAMAGED: 'The parcel was damaged in transit.',
  RECIPIENT_ABSENT: 'Delivery attempted: nobody was home.',
  CUSTOMS_HOLD: 'Held by customs for inspection.',
};

/** Each package's label cost, in the order of the packages (also drives alternatives' costs). */
function costsOf(s: ShipmentPlan): number[] {
  const express =
    CARRIERS[s.parcel.carrier].services.find((v) => v.code === s.parcel.service)?.express ?? false;
  return s.packages.map((p) => {
    const billable = Math.max(p.weightKg, (p.dims[0] * p.dims[1] * p.dims[2]) / 5000);
    const base = (express ? 11.5 : 5.2) + billable * (express ? 2.1 : 0.9);
    return Math.round(base * 100) / 100;
  });
}

const ZONES: Record<string, readonly string[]> = {
  US: ['Zone 2', 'Zone 3', 'Zone 4', 'Zone 5', 'Zone 6', 'Zone 7', 'Zone 8'],
  CA: ['Zone 5', 'Zone 6', 'Zone 7', 'Zone 8'],
  GB: ['UK1', 'UK2', 'UK3'],
  AU: ['METRO', 'REGIONAL', 'REMOTE'],
};

function packageOf(s: ShipmentPlan, p: PackagePlan, id: number, cost: number): Package {
  const { parcel, order } = s;
  const r = s.rest(p.index + 1);
  const dim = (p.dims[0] * p.dims[1] * p.dims[2]) / 5000;
  const mock = parcel.carrier === 'mock';
  const delivered = p.deliveredAt !== null;
  const signature = parcel.service === 'signature' || r.chance(0.25);
  return {
    id,
    length_cm: dec(p.dims[0], 2),
    width_cm: dec(p.dims[1], 2),
    height_cm: dec(p.dims[2], 2),
    weight_kg: dec(p.weightKg, 3),
    cost: money(cost),
    quantity: p.quantity,
    description: p.description,
    tracking_code: p.trackingCode,
    status: p.status,
    passport_id: r.chance(0.05)
      ? `DPP-${r.int(0x10000000, 0x7fffffff).toString(16).toUpperCase()}`
      : null,
    rated_base_cost: mock ? null : money(cost * (0.82 + r.next() * 0.12)),
    rated_dim_weight_kg: mock ? null : dec(dim, 3),
    rated_billable_weight_kg: mock ? null : dec(Math.max(dim, p.weightKg), 3),
    rated_zone: r.pick(ZONES[order.country] ?? ['EU1', 'EU2', 'EU3']),
    label_generated_ts: iso(parcel.labelAt + p.index * 1000),
    label_format: r.weighted([
      ['ZPL', 45],
      ['PDF', 40],
      ['PNG', 10],
      ['', 5],
    ] as const),
    delivery_attempts: p.attempts,
    delivered_ts: p.deliveredAt === null ? null : iso(p.deliveredAt),
    delivery_location_type: delivered
      ? r.weighted([
          ['DOOR', 45],
          ['LCK', 20],
          ['PUP', 15],
          ['SAFE', 15],
          ['', 5],
        ] as const)
      : '',
    pod_signature_uri:
      delivered && signature
        ? `https://pod.${parcel.carrier.replace('_', '-')}.example/sig/${p.trackingCode}.png`
        : '',
    first_attempt_success_flag: delivered ? p.attempts === 1 : null,
  };
}

export function shipmentList(s: ShipmentPlan, seq: number): ShipmentList {
  const list = common(s, seq, costsOf(s)) as Mutable<ShipmentList>;
  list.package_count = s.packages.length;
  return list;
}

export function shipmentDetail(
  s: ShipmentPlan,
  seq: number,
  firstPackageId: number,
): ShipmentDetail {
  const costs = costsOf(s);
  const detail = common(s, seq, costs) as Mutable<ShipmentDetail>;
  detail.packages = s.packages.map((p, i) => packageOf(s, p, firstPackageId + i, costs[i] ?? 0));
  return detail;
}
