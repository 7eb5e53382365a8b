/**
 * The small print of an order: payment references, billing address, tags, notes and note
 * attributes. Each from its own stream; nulls and empty lists as often as real channels send
 * them (Amazon shares no billing address, most orders carry no note).
 */
import type { Rng } from '../seeded';
import { countryOf } from './geography';
import type { OrderIdentity } from './order-identity';
import { type OrderContext, type OrderPlan, orderRng, STREAM } from './order-plan';
import { addressIn, companyIn, digits, hex, personIn, phoneIn } from './people';
import { DAY, iso } from './time';

export interface Payment {
  reference: string | null;
  id: string | null;
  paidAt: string | null;
  termsName: string | null;
  nextDueAt: string | null;
}

export function paymentOf(ctx: OrderContext, plan: OrderPlan): Payment {
  const r = orderRng(ctx, plan.n, STREAM.extras);
  const paid = ['paid', 'partially_refunded', 'refunded'].includes(plan.paymentStatus);
  const method = plan.payment.name;
  const invoice = method === 'invoice';
  const termsDays = invoice ? r.pick([14, 30]) : 0;
  let paidAt: string | null = null;
  if (paid) {
    const delay = plan.payment.deferred
      ? r.int(1, termsDays || 5) * DAY * r.next()
      : r.int(2, 90) * 1000;
    paidAt = iso(Math.min(ctx.now - 1000, plan.orderDate + delay));
  }
  const hasRef = paid || plan.paymentStatus === 'authorized';
  return {
    reference: hasRef ? referenceFor(r, method) : null,
    id: hasRef && method !== 'cash' ? digits(r, 10) : null,
    paidAt,
    termsName: invoice ? `Net ${termsDays}` : null,
    nextDueAt:
      invoice && plan.paymentStatus === 'pending' ? iso(plan.orderDate + termsDays * DAY) : null,
  };
}

function referenceFor(r: Rng, method: string): string {
  if (method === 'shopify_payments' || method === 'stripe') return `pi_${hex(r, 24)}`;
  if (method === 'paypal') return `PAYID-${hex(r, 24).toUpperCase()}`;
  if (method === 'klarna') return `KL-${hex(r, 8)}-${hex(r, 4)}`;
  if (
    method === 'amazon_marketplace' ||
    method === 'ebay_managed_payments' ||
    method === 'etsy_payments'
  ) {
    return `${digits(r, 12)}`;
  }
  return `REF-${digits(r, 8)}`;
}

/** Shopify-style billing address; null when the channel shares none. */
export function billingOf(ctx: OrderContext, plan: OrderPlan, who: OrderIdentity): unknown {
  const r = orderRng(ctx, plan.n, STREAM.billing);
  if (plan.channel.name === 'Amazon' ? r.chance(0.8) : r.chance(0.04)) return null;
  const country = countryOf(plan.country);
  const same = r.chance(0.78);
  const person = same ? (who.customer ?? who.recipient) : personIn(r, plan.country);
  const address = same ? who.address : addressIn(r, plan.country, 0.15);
  const company = same ? who.company : r.chance(0.1) ? companyIn(r, plan.country) : null;
  return {
    name: person.name,
    first_name: person.first,
    last_name: person.last,
    company,
    address1: address.address1,
    address2: address.address2,
    city: address.city,
    zip: address.postal_code,
    province: address.province_name,
    province_code: address.province_code,
    country: country.name,
    country_code: country.code,
    phone: same ? (who.orderPhone ?? who.phone) : r.chance(0.5) ? phoneIn(r, plan.country) : null,
  };
}

const TAGS: readonly (readonly [string, number])[] = [
  ['gift', 10],
  ['vip', 6],
  ['wholesale', 4],
  ['priority', 5],
  ['subscription', 6],
  ['pre-order', 3],
  ['fragile', 4],
  ['repeat-customer', 8],
  ['instagram', 3],
  ['b2b', 3],
  ['influencer', 1],
];

const NOTES = [
  'Please leave the parcel with a neighbour if nobody is home.',
  'Gift: please do not include the invoice.',
  'Call before delivery, the doorbell does not work.',
  'Deliver to the back entrance.',
  'Please pack the items separately.',
  'Customer asked for eco packaging (no plastic fill).',
  'Combine with the previous order if it has not shipped yet.',
  'Bitte beim Nachbarn abgeben.',
  'Merci de laisser le colis au gardien.',
];

const GIFT_MESSAGES = [
  'Happy birthday!',
  'Congratulations on the new flat!',
  'Merry Christmas, love from us all',
  'Thank you for everything.',
];

export interface Extras {
  tags: string[];
  note: string | null;
  noteAttributes: { name: string; value: string }[];
  riskLevel: string | null;
  passports: { passportId: string | null; bySku: Record<string, string[]> };
}

export function extrasOf(ctx: OrderContext, plan: OrderPlan, skus: readonly string[]): Extras {
  const r = orderRng(ctx, plan.n, STREAM.extras + 16);
  const tags = new Set<string>();
  const tagCount = r.weighted([
    [0, 52],
    [1, 30],
    [2, 13],
    [3, 5],
  ]);
  for (let i = 0; i < tagCount; i++) tags.add(r.weighted(TAGS));
  const noteAttributes: Extras['noteAttributes'] = [];
  if (tags.has('gift') || r.chance(0.05))
    noteAttributes.push({ name: 'gift_message', value: r.pick(GIFT_MESSAGES) });
  if (r.chance(0.06))
    noteAttributes.push({
      name: 'source',
      value: r.pick(['instagram', 'newsletter', 'google', 'tiktok']),
    });
  if (r.chance(0.04))
    noteAttributes.push({
      name: 'preferred_delivery_date',
      value: iso(plan.orderDate + r.int(3, 10) * DAY).slice(0, 10),
    });
  if (plan.country !== 'US' && r.chance(0.03))
    noteAttributes.push({
      name: 'vat_number',
      value: `${plan.country === 'GB' ? 'GB' : plan.country}${digits(r, 9)}`,
    });
  const riskLevel = plan.channel.riskScored
    ? r.weighted([
        ['low', 90],
        ['medium', 8],
        ['high', 2],
      ])
    : null;
  // Digital product passports exist for a few products; most fulfillments carry none.
  const bySku: Record<string, string[]> = {};
  let passportId: string | null = null;
  if (skus.length > 0 && r.chance(0.1)) {
    passportId = `DPP-${hex(r, 10).toUpperCase()}`;
    const sku = skus[0];
    if (sku) bySku[sku] = [passportId];
  }
  return {
    tags: [...tags],
    note: r.chance(0.12) ? r.pick(NOTES) : null,
    noteAttributes,
    riskLevel,
    passports: { passportId, bySku },
  };
}
