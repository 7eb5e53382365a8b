/**
 * Every decision that shapes one return, drawn from its own PRNG (keyed by the order it
 * comes from): who, why, what they want, where it is in its life, the label. Ids and RMA
 * numbers are given later, once all returns are sorted by request time.
 */
import { CARRIERS, type CarrierCode, carrierTrackingNumber } from '../orders/carriers';
import { type Rng, rngFor } from '../seeded';
import type { CatalogProduct, OrderReturnView } from '../types';
import {
  type Amounts,
  type DraftLine,
  drawAmounts,
  drawLines,
  type SourceItem,
  sourceItems,
  totalCents,
} from './return-lines';
import { drawTimeline, type Timeline } from './return-timeline';
import {
  RETURN_REASONS,
  type ReturnReason,
  type ReturnResolution,
  type ReturnSource,
} from './return-types';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export interface Label {
  carrier: CarrierCode;
  method: string;
  tracking: string;
  costCents: number;
}

export interface ReturnDraft {
  orderId: number | null;
  orderName: string | null;
  customerName: string;
  customerEmail: string;
  country: string;
  channel: string;
  currency: string;
  source: ReturnSource;
  reason: ReturnReason;
  customerNote: string;
  requestedResolution: ReturnResolution;
  resolution: ReturnResolution;
  timeline: Timeline;
  lines: DraftLine[];
  total: number;
  amounts: Amounts;
  label: Label | null;
  riskScore: number | null;
  riskFactors: string[];
  tags: string[];
  photoCount: number;
  co2eKg: number | null;
  weightKg: number;
  /** Minutes between the request and the record reaching the service (synced sources lag). */
  syncLagMinutes: number;
  /** Staff member who handled it, for the timeline. */
  staff: string;
  autoApproved: boolean;
  receivedAt: string;
  draw: Rng;
}

const NOTES: Record<Exclude<ReturnReason, ''>, readonly string[]> = {
  too_small: ['Runs small, I need one size up.', 'Too tight across the shoulders.'],
  too_large: [
    'Too big, please exchange for a smaller size.',
    'Much larger than the size chart says.',
  ],
  wrong_color: ['The colour is much darker than on the photos.', 'Ordered navy, this looks black.'],
  damaged: ['Box arrived crushed and the item is scratched.', 'Arrived broken.'],
  not_as_described: [
    'Material feels nothing like the description.',
    'Smaller than the listing said.',
  ],
  wrong_item: ['Received a different product than I ordered.', 'Wrong variant in the parcel.'],
  changed_mind: ['Found something else, no longer needed.', "Don't need it any more."],
  arrived_late: ['Arrived after the event I needed it for.', 'Took three weeks, too late.'],
  quality: ['Seam came apart after one wash.', 'Stopped working after a week.'],
  other: ['It was a gift and they already have one.', 'Ordered twice by mistake.'],
};

const STAFF = [
  'Jana Novak',
  'Tom Berger',
  'Aisha Khan',
  'Lucas Moreau',
  'Sofia Rossi',
  'Erik Lindqvist',
];
const RECEIVING = ['WH-AMS-01', 'WH-AMS-01', 'WH-LEJ-01', 'WH-EWR-01', 'VR-RETURNS-QA'];
const RETURN_CARRIERS: readonly (readonly [CarrierCode, number])[] = [
  ['carrier_b', 30],
  ['carrier_c', 24],
  ['carrier_d', 22],
  ['carrier_a', 16],
  ['mock', 8],
];

function sourceFor(rng: Rng, channel: string, orderless: boolean): ReturnSource {
  if (orderless || channel === 'Manual') return rng.chance(0.85) ? 'MANUAL' : 'API';
  if (channel === 'Shopify')
    return rng.weighted<ReturnSource>([
      ['PORTAL', 50],
      ['STOREFRONT', 38],
      ['MANUAL', 6],
      ['API', 6],
    ]);
  if (channel === 'Amazon' || channel === 'eBay')
    return rng.weighted<ReturnSource>([
      ['API', 70],
      ['PORTAL', 15],
      ['MANUAL', 15],
    ]);
  return rng.weighted<ReturnSource>([
    ['PORTAL', 70],
    ['MANUAL', 18],
    ['API', 12],
  ]);
}

function resolutionFor(rng: Rng, reason: ReturnReason): ReturnResolution {
  const sizing = reason === 'too_small' || reason === 'too_large' || reason === 'wrong_color';
  return rng.weighted<ReturnResolution>([
    ['REFUND', 52],
    ['STORE_CREDIT', 17],
    ['EXCHANGE', sizing ? 45 : 12],
    ['KEEP_IT', reason === 'damaged' || reason === 'arrived_late' ? 14 : 4],
  ]);
}

/**
 * When the customer asked: a day to four weeks after the order shipped (four days after it was
 * placed when there is no shipping date), never before the order and never later than ten
 * minutes ago.
 */
function requestedAt(rng: Rng, order: OrderReturnView, now: number): number {
  const placed = Date.parse(order.order_date ?? order.created_at);
  const shipped = Date.parse(order.fulfilled_at ?? '');
  const base = Number.isFinite(shipped)
    ? shipped
    : Number.isFinite(placed)
      ? placed
      : now - 20 * DAY;
  const earliest = Math.max(
    Math.min(base + (Number.isFinite(shipped) ? DAY : 4 * DAY), now - 2 * 60 * MINUTE),
    base + 10 * MINUTE,
  );
  const span = Math.max(0, Math.min(28 * DAY, now - 60 * MINUTE - earliest));
  const at = Math.ceil((earliest + rng.next() * span) / MINUTE) * MINUTE;
  return Math.min(at, now - 10 * MINUTE);
}

export function draftReturn(
  seed: number,
  now: Date,
  order: OrderReturnView,
  draw: number,
  bySku: ReadonlyMap<string, CatalogProduct>,
  catalog: readonly CatalogProduct[],
): ReturnDraft {
  const rng = rngFor(seed, 'return', draw);
  const nowMs = now.getTime();
  // Now and then a return is keyed in by hand without linking it to its order.
  const orderless = rng.chance(0.04);
  const channel = order.channel ?? '';
  const source = sourceFor(rng, channel, orderless);
  const reason: ReturnReason = rng.chance(0.06) ? '' : rng.pick(RETURN_REASONS);
  const requestedResolution = resolutionFor(rng, reason);
  // The shop sometimes offers something else than asked: credit instead of cash, cash when the exchange is out of stock.
  const resolution: ReturnResolution = !rng.chance(0.12)
    ? requestedResolution
    : requestedResolution === 'REFUND'
      ? 'STORE_CREDIT'
      : 'REFUND';
  const timeline = drawTimeline(rng, requestedAt(rng, order, nowMs), nowMs, resolution);

  let items: SourceItem[] = sourceItems(order.items);
  if (items.length === 0) {
    const p = rng.pick(catalog);
    items = [{ sku: p.sku, name: p.name, qty: 1, price: p.unit_price }];
  }
  const lines = drawLines(rng, items, bySku, reason, source === 'PORTAL');
  const total = totalCents(lines);
  const weightKg = lines.reduce(
    (kg, l) => kg + (bySku.get(l.sku)?.weight_kg ?? 0.5) * l.quantity,
    0,
  );

  // About half of the returns that reach approval get a label bought through the service;
  // the rest travel with the customer's own postage (no label to download).
  const status = timeline.status;
  const shipsBack = resolution !== 'KEEP_IT' && timeline.approved !== null;
  const label =
    shipsBack && rng.chance(status === 'CANCELLED' ? 0.3 : 0.5)
      ? drawLabel(rng, order.country)
      : null;
  const amounts = drawAmounts(rng, total, resolution, status, reason, label !== null);

  const riskScore =
    source === 'MANUAL' || rng.chance(0.1) ? null : Math.round(rng.next() ** 2.2 * 100);
  const riskFactors: string[] = [];
  if (riskScore !== null) {
    if (riskScore >= 55) riskFactors.push('high_return_rate');
    if (riskScore >= 75) riskFactors.push('address_mismatch');
    if (riskScore >= 40 && rng.chance(0.5)) riskFactors.push('new_customer');
    if (total >= 20_000) riskFactors.push('high_value');
  }
  const tags: string[] = [];
  if (rng.chance(0.05)) tags.push('vip');
  if (riskScore !== null && riskScore >= 70) tags.push('fraud_review');
  if (total >= 20_000) tags.push('high_value');
  if (reason === 'quality' && rng.chance(0.5)) tags.push('warranty');
  if (reason === 'other' && rng.chance(0.4)) tags.push('gift');

  const evidence =
    reason === 'damaged' ||
    reason === 'quality' ||
    reason === 'wrong_item' ||
    reason === 'not_as_described';
  return {
    orderId: orderless ? null : order.id,
    orderName: orderless ? null : (order.order_name ?? null),
    customerName: (order.customer_name ?? order.recipient_name).slice(0, 200),
    customerEmail: order.customer_email ?? '',
    country: order.country,
    channel: channel.slice(0, 80),
    currency: order.currency ?? 'EUR',
    source,
    reason,
    customerNote: reason !== '' && rng.chance(0.55) ? rng.pick(NOTES[reason]) : '',
    requestedResolution,
    resolution,
    timeline,
    lines,
    total,
    amounts,
    label,
    riskScore,
    riskFactors,
    tags,
    photoCount: evidence && rng.chance(0.65) ? rng.int(1, 3) : 0,
    co2eKg: resolution === 'KEEP_IT' ? null : Math.round((0.25 + 0.6 * weightKg) * 100) / 100,
    weightKg,
    syncLagMinutes: source === 'STOREFRONT' || source === 'API' ? rng.int(1, 30) : 0,
    staff: rng.pick(STAFF),
    autoApproved: rng.chance(0.5),
    receivedAt: rng.pick(RECEIVING),
    draw: rng,
  };
}

function drawLabel(rng: Rng, country: string): Label {
  const carrier = rng.weighted(RETURN_CARRIERS);
  const services = CARRIERS[carrier].services.filter((s) => !s.express);
  const service = rng.pick(services.length > 0 ? services : CARRIERS[carrier].services);
  return {
    carrier,
    method: service.name.slice(0, 64),
    tracking: carrierTrackingNumber(rng, carrier, country).slice(0, 64),
    costCents: rng.int(390, 1290),
  };
}
