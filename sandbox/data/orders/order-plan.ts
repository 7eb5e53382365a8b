/**
 * The plan of a generated order: every decision that shapes it (when it was placed, where it
 * came from, where it is in its life, its parcels), drawn from the order's own PRNG so that
 * it can be recomputed from the order number alone in about a microsecond. The row the
 * filters scan, the full Order and the shipping area's shipments are all derived from it.
 *
 * Lifecycle first, data second: the stage is drawn from the order's age, then status,
 * parcels and tracking are drawn to agree with it (see sandbox/README.md, "Stages").
 */
import { type Rng, rngFor } from '../seeded';
import type { AttentionReason, OrderStage } from '../types';
import { type Channel, type PaymentMethod, pickChannel } from './channels';
import { COUNTRIES, type CountryCode } from './geography';
import { parcelsFor } from './order-parcels';
import type { AddressStatus, OrderContext, OrderStatus, Parcel } from './order-plan-types';
import { DAY, MINUTE, secs } from './time';

export const FIRST_ORDER_ID = 1001;
/** Orders are placed within this many days before `now`. */
const WINDOW_MS = 120 * DAY;
/** > 1 makes recent days busier than older ones (a growing shop, and what a console shows). */
const AGE_SKEW = 1.7;

export function orderCount(scale: number): number {
  return Math.max(20, Math.round(2000 * scale));
}

/** The plan's shared types, still read from here by the order's other parts. */
export type * from './order-plan-types';

export interface OrderPlan {
  n: number;
  id: number;
  orderDate: number;
  createdAt: number;
  channel: Channel;
  shopId: number | null;
  country: CountryCode;
  express: boolean;
  stage: OrderStage;
  status: OrderStatus;
  payment: PaymentMethod;
  paymentStatus: string;
  fulfillmentStatus: string | null;
  addressStatus: AddressStatus | null;
  attention: readonly AttentionReason[];
  parcels: readonly Parcel[];
  cancelledAt: number | null;
}

/** Independent random streams of one order, so that adding a draw to one part of the order
 * does not reshuffle the others. */
export const STREAM = {
  plan: 0,
  identity: 1,
  money: 2,
  items: 3,
  tracking: 4,
  addressCheck: 5,
  labels: 6,
  billing: 7,
  extras: 8,
} as const;

export function orderRng(ctx: OrderContext, n: number, stream: number): Rng {
  return rngFor((ctx.seed + stream * 0x9e3779b1) | 0, 'order', n);
}

// biome-ignore format: table
const STAGE_BY_AGE: readonly (readonly [number, readonly (readonly [OrderStage, number])[]])[] = [
  [0.5, [['open', 70], ['labels', 22], ['shipped', 5], ['cancelled', 3]]],
  [1.5, [['open', 30], ['labels', 25], ['shipped', 40], ['cancelled', 5]]],
  [4, [['open', 8], ['labels', 7], ['shipped', 55], ['delivered', 25], ['cancelled', 5]]],
  [10, [['open', 3], ['labels', 2], ['shipped', 20], ['delivered', 69], ['cancelled', 6]]],
  [Number.POSITIVE_INFINITY, [['open', 1.5], ['labels', 0.5], ['shipped', 4], ['delivered', 88], ['cancelled', 6]]],
];

// biome-ignore format: table
const ADDRESS_OPEN: readonly (readonly [AddressStatus | null, number])[] = [
  [null, 22], ['unchecked', 8], ['valid', 44], ['corrected', 10], ['needs_review', 10], ['invalid', 6],
];
// biome-ignore format: table
const ADDRESS_DONE: readonly (readonly [AddressStatus | null, number])[] = [
  [null, 25], ['unchecked', 5], ['valid', 55], ['corrected', 13], ['needs_review', 1.5], ['invalid', 0.5],
];

/** Payment states before / after shipping, for gateways paid up front or later (invoice, COD). */
// biome-ignore format: table
const PAYMENT = {
  early: { deferred: [['pending', 60], ['paid', 40]], upfront: [['paid', 86], ['authorized', 12], ['pending', 2]] },
  late: { deferred: [['paid', 70], ['pending', 30]], upfront: [['paid', 95], ['partially_refunded', 4], ['authorized', 1]] },
} as const;

/** One shared, frozen array per combination: 200,000 rows need not hold 200,000 arrays. */
const ATTENTION_SETS: readonly (readonly AttentionReason[])[] = Array.from(
  { length: 8 },
  (_, mask) =>
    Object.freeze((['address', 'hold', 'failed'] as const).filter((_, bit) => mask & (1 << bit))),
);

export function attentionSet(
  address: boolean,
  hold: boolean,
  failed: boolean,
): readonly AttentionReason[] {
  return ATTENTION_SETS[(address ? 1 : 0) | (hold ? 2 : 0) | (failed ? 4 : 0)] ?? [];
}

export function planOrder(ctx: OrderContext, n: number): OrderPlan {
  const r = orderRng(ctx, n, STREAM.plan);
  // Position n of count, jittered within its slot, so dates increase with the id.
  const v = (ctx.count - n - r.next()) / ctx.count;
  const orderDate = secs(ctx.now - Math.max(1000, WINDOW_MS * v ** AGE_SKEW));
  const ageDays = (ctx.now - orderDate) / DAY;
  const channel = pickChannel(r);
  const shopId = channel.shops.length > 0 ? r.pick(channel.shops) : null;
  const country = r.weighted(channel.countries);
  // Imported from the channel a little after it was placed (but never after `now`).
  const importDelay = channel.name === 'Manual' ? r.int(1, 20) * 1000 : r.int(1, 25) * MINUTE;
  const createdAt = Math.max(orderDate, Math.min(orderDate + importDelay, ctx.now - 1000));
  const express = r.chance(0.14);
  const stage = r.weighted(STAGE_BY_AGE.find(([max]) => ageDays < max)?.[1] ?? []);
  const payment = r.weighted(channel.payments.map((p) => [p, p.weight] as const));

  let status: OrderStatus;
  if (stage === 'open') status = r.chance(0.06) ? 'unknown' : 'ready';
  else if (stage === 'labels') status = 'ready';
  else if (stage === 'cancelled') status = r.chance(0.55) ? 'cancelled' : 'refunded';
  else status = 'shipped';

  const addressStatus = r.weighted(stage === 'open' ? ADDRESS_OPEN : ADDRESS_DONE);
  let attention = attentionSet(false, false, false);
  if (stage === 'open') {
    const address = addressStatus === 'needs_review' || addressStatus === 'invalid';
    const hold = r.chance(0.1);
    const failed = status === 'ready' && r.chance(0.09);
    attention = attentionSet(address, hold, failed);
  }

  const base = { r, ctx, orderDate, channel, country, express };
  const parcels = parcelsFor(base, stage, status);
  const shipped = parcels.filter((p) => p.kind !== 'voided');

  let paymentStatus: string;
  if (status === 'cancelled') paymentStatus = r.chance(0.6) ? 'voided' : 'refunded';
  else if (status === 'refunded')
    paymentStatus = r.chance(0.75) ? 'refunded' : 'partially_refunded';
  else {
    const early = stage === 'open' || stage === 'labels';
    paymentStatus = r.weighted(
      PAYMENT[early ? 'early' : 'late'][payment.deferred ? 'deferred' : 'upfront'],
    );
  }

  let fulfillmentStatus: string | null;
  if (status === 'shipped') {
    fulfillmentStatus = shipped.some((p) => p.handedAt === null) ? 'partial' : 'fulfilled';
  } else if (status === 'refunded' && shipped.length > 0) fulfillmentStatus = 'fulfilled';
  else fulfillmentStatus = 'unfulfilled';
  // Hand-keyed orders often carry no fulfillment status at all, as in real data.
  if (r.chance(channel.name === 'Manual' ? 0.4 : 0.02)) fulfillmentStatus = null;

  let cancelledAt: number | null = null;
  if (stage === 'cancelled') {
    const after = shipped[0]?.deliveredAt ?? orderDate;
    cancelledAt = secs(after + Math.min(r.int(10, 4 * 24 * 60) * MINUTE, (ctx.now - after) * 0.8));
  }

  return {
    n,
    id: FIRST_ORDER_ID + n,
    orderDate,
    createdAt,
    channel,
    shopId,
    country,
    express,
    stage,
    status,
    payment,
    paymentStatus,
    fulfillmentStatus,
    addressStatus,
    attention,
    parcels,
    cancelledAt,
  };
}

/** The customer's locale, as the storefront reports it. */
export function localeFor(r: Rng, country: CountryCode): string {
  return r.weighted(COUNTRIES[country].locales);
}
