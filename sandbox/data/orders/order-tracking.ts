/**
 * The tracking side of an order's fulfillments: their carrier events and tracking states,
 * as generated, and as moved forward by `refresh-tracking`.
 *
 * A refresh queues a fulfillment; from then on its state advances with real time, one
 * position per step: pending / not_found / error / stale (0) → active (1) → out for delivery
 * (2) → delivered (3). With the default 2 s step, a pending fulfillment is active 2 s after
 * the refresh and delivered 6 s after it. Each position reached appends its carrier event.
 */

import type { Rng } from '../seeded';
import { warehouseFor } from '../shipping/warehouses';
import { countryOf } from './geography';
import type { OrderPlan, Parcel, TrackingStatus } from './order-plan';
import { HOUR, iso, MINUTE, soonAfter } from './time';

/** How long a queued fulfillment takes to move one position forward. */
export const TRACKING_STEP_MS = 2000;

export interface FulfillmentEvent {
  status: string;
  description: string;
  location: string;
  occurred_at: string;
}

export interface TrackingState {
  status: TrackingStatus;
  events: FulfillmentEvent[];
  providerStatus: string;
  providerChangedAt: string | null;
  subStatus: string;
  lastEventAt: string | null;
  lastPolledAt: string | null;
  /** When the parcel was delivered, for `delivery_status` / `fulfilled_at` of the order. */
  deliveredAt: number | null;
}

/** A refresh in progress: when it was queued. */
export interface RefreshProgress {
  queuedAt: number;
  now: number;
  stepMs: number;
}

const PROVIDER: Record<TrackingStatus, readonly [string, string]> = {
  pending: ['Pending', 'Pending_Other'],
  active: ['InTransit', 'InTransit_PickedUp'],
  delivered: ['Delivered', 'Delivered_Other'],
  stale: ['InTransit', 'InTransit_Other'],
  not_found: ['NotFound', 'NotFound_InvalidCode'],
  error: ['', 'ProviderError'],
  skipped: ['', ''],
};

/** The fulfillment's state as generated: `r` is the order's tracking stream, used in parcel order. */
export function generatedTracking(
  r: Rng,
  plan: OrderPlan,
  parcel: Parcel,
  now: number,
): TrackingState {
  const status = parcel.tracking ?? 'pending';
  const handedAt = parcel.handedAt ?? parcel.labelAt;
  const origin = warehouseFor(plan.country).location;
  const country = countryOf(plan.country);
  const dest = `${r.pick(country.cities).name}, ${plan.country}`;
  const hub = `${r.pick(country.cities).name}, ${plan.country}`;
  const events: FulfillmentEvent[] = [];
  const add = (at: number, s: string, description: string, location: string) =>
    events.push({ status: s, description, location, occurred_at: iso(Math.min(at, now)) });

  if (status === 'active' || status === 'stale' || status === 'delivered') {
    add(parcel.labelAt, 'info_received', 'Shipment information received', origin);
    const pickedUp = soonAfter(r, handedAt, now, 30 * MINUTE, 4 * HOUR);
    add(pickedUp, 'in_transit', 'Picked up by the carrier', origin);
    if (status === 'delivered' && parcel.deliveredAt !== null) {
      const d = parcel.deliveredAt;
      if (d - pickedUp > 20 * HOUR)
        add((pickedUp + d) / 2, 'in_transit', 'Arrived at sorting hub', hub);
      add(
        Math.max(pickedUp + MINUTE, d - r.int(2, 6) * HOUR),
        'out_for_delivery',
        'Out for delivery',
        dest,
      );
      add(d, 'delivered', r.pick(DELIVERED_TEXT), dest);
    } else if (status === 'stale') {
      add(pickedUp + r.int(8, 30) * HOUR, 'in_transit', 'Arrived at sorting hub', hub);
    } else if (now - pickedUp > 10 * HOUR) {
      add(pickedUp + (now - pickedUp) * 0.6, 'in_transit', 'Departed sorting hub', hub);
    }
  }
  const last = events[events.length - 1];
  const [providerStatus, subStatus] = PROVIDER[status];
  let lastPolledAt: string | null = null;
  if (status === 'delivered' && parcel.deliveredAt !== null) {
    lastPolledAt = iso(Math.min(now, parcel.deliveredAt + r.int(10, 180) * MINUTE));
  } else if (status !== 'skipped') {
    const lastEvent = last ? Date.parse(last.occurred_at) : handedAt;
    lastPolledAt = iso(Math.max(lastEvent, now - r.int(3, 240) * MINUTE));
  }
  let providerChangedAt: string | null = last?.occurred_at ?? null;
  if (status === 'pending' || status === 'not_found')
    providerChangedAt = iso(Math.min(now, handedAt + HOUR));
  if (status === 'error') providerChangedAt = lastPolledAt;
  if (status === 'skipped') providerChangedAt = null;
  return {
    status,
    events,
    providerStatus,
    providerChangedAt,
    subStatus,
    lastEventAt: last?.occurred_at ?? null,
    lastPolledAt,
    deliveredAt: status === 'delivered' ? parcel.deliveredAt : null,
  };
}

const DELIVERED_TEXT = [
  'Delivered',
  'Delivered to the front door',
  'Delivered to a neighbour',
  'Delivered to a parcel locker',
  'Delivered, signed for by the recipient',
];

const POSITION: Record<TrackingStatus, number> = {
  pending: 0,
  not_found: 0,
  error: 0,
  stale: 0,
  skipped: 0,
  active: 1,
  delivered: 3,
};

/** The state after a refresh queued at `p.queuedAt`, as seen at `p.now`. */
export function progressed(
  state: TrackingState,
  p: RefreshProgress,
  destination: string,
): TrackingState {
  const from = POSITION[state.status];
  const steps = Math.max(0, Math.floor((p.now - p.queuedAt) / p.stepMs));
  const to = Math.min(3, from + steps);
  if (steps === 0 || state.status === 'delivered') return state;
  const events = [...state.events];
  const at = (position: number) => iso(p.queuedAt + (position - from) * p.stepMs);
  for (let pos = from + 1; pos <= to; pos++) {
    if (pos === 1)
      events.push({
        status: 'in_transit',
        description: 'In transit',
        location: destination,
        occurred_at: at(1),
      });
    if (pos === 2)
      events.push({
        status: 'out_for_delivery',
        description: 'Out for delivery',
        location: destination,
        occurred_at: at(2),
      });
    if (pos === 3)
      events.push({
        status: 'delivered',
        description: 'Delivered',
        location: destination,
        occurred_at: at(3),
      });
  }
  const status: TrackingStatus = to >= 3 ? 'delivered' : to >= 1 ? 'active' : state.status;
  const [providerStatus, subStatus] = PROVIDER[status];
  const last = events[events.length - 1];
  const changed = to > from ? at(to) : state.providerChangedAt;
  return {
    status,
    events,
    providerStatus,
    providerChangedAt: changed,
    subStatus: to === 2 ? 'InTransit_OutForDelivery' : subStatus,
    lastEventAt: last?.occurred_at ?? state.lastEventAt,
    // The last poll is the step that produced the newest state (polling stops once delivered).
    lastPolledAt: iso(p.queuedAt + (Math.min(steps, 3 - from) || 1) * p.stepMs),
    deliveredAt: to >= 3 ? p.queuedAt + (3 - from) * p.stepMs : null,
  };
}

/** The order's delivery_status, from its fulfillments' tracking. */
export function deliveryStatusOf(
  states: readonly TrackingState[],
  waiting: boolean,
): string | null {
  if (states.length === 0) return null;
  if (states.every((s) => s.status === 'delivered'))
    return waiting ? 'partially_delivered' : 'delivered';
  if (states.some((s) => s.subStatus === 'InTransit_OutForDelivery')) return 'out_for_delivery';
  if (states.some((s) => s.status === 'not_found' || s.status === 'error')) return 'failure';
  if (states.some((s) => s.status === 'active' || s.status === 'stale')) return 'in_transit';
  return 'label_printed';
}
