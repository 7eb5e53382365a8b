/**
 * Who an order is for and how the channel names it: the searchable strings of an order.
 * Built at dataset build for the row's search text and again whenever the order is
 * materialised, from its own random stream, so both always agree.
 */
import type { Rng } from '../seeded';
import { channelIds } from './channels';
import { localeFor, type OrderContext, type OrderPlan, orderRng, STREAM } from './order-plan';
import {
  addressIn,
  companyIn,
  emailFor,
  hex,
  type Person,
  type PostalAddress,
  personIn,
  phoneIn,
} from './people';

export interface OrderIdentity {
  orderName: string;
  storefrontOrderId: number | null;
  externalId: string | null;
  /** Null when the channel passed no customer name (some guest and hand-keyed orders). */
  customer: Person | null;
  recipient: Person;
  company: string | null;
  address: PostalAddress;
  phone: string | null;
  orderPhone: string | null;
  email: string | null;
  locale: string;
  customerId: number | null;
  acceptsMarketing: boolean | null;
}

const AMAZON_TLD: Record<string, string> = {
  US: 'com',
  CA: 'ca',
  GB: 'co.uk',
  DE: 'de',
  FR: 'fr',
  IT: 'it',
  ES: 'es',
  NL: 'nl',
  PL: 'pl',
};

export function identityOf(ctx: OrderContext, plan: OrderPlan): OrderIdentity {
  const r = orderRng(ctx, plan.n, STREAM.identity);
  const { country, channel } = plan;
  const ids = channelIds(r, channel, plan.id, plan.shopId, country);
  const buyer = personIn(r, country);
  // A gift or a parcel for someone at work: the recipient is not always the buyer.
  const recipient = r.chance(0.14) ? personIn(r, country) : buyer;
  const customer = r.chance(channel.name === 'Manual' ? 0.12 : 0.02) ? null : buyer;
  const company = r.chance(channel.name === 'Manual' ? 0.45 : 0.09) ? companyIn(r, country) : null;
  const address = addressIn(r, country);
  const phone = r.chance(0.68) ? phoneIn(r, country) : null;
  const orderPhone = r.chance(0.4)
    ? phone !== null && r.chance(0.5)
      ? phone
      : phoneIn(r, country)
    : null;
  return {
    orderName: ids.orderName,
    storefrontOrderId: ids.storefrontOrderId,
    externalId: ids.externalId,
    customer,
    recipient,
    company,
    address,
    phone,
    orderPhone,
    email: emailOf(r, plan, buyer),
    locale: localeFor(r, country),
    customerId: customerIdOf(r, plan),
    acceptsMarketing:
      channel.name === 'Amazon' || channel.name === 'Manual' ? null : r.chance(0.38),
  };
}

function emailOf(r: Rng, plan: OrderPlan, buyer: Person): string | null {
  if (plan.channel.name === 'Amazon') {
    // Amazon passes an anonymised relay address, never the buyer's own.
    return `${hex(r, 15)}@marketplace.amazon.${AMAZON_TLD[plan.country] ?? 'com'}`;
  }
  if (r.chance(plan.channel.name === 'Manual' ? 0.3 : 0.03)) return null;
  return emailFor(r, buyer, plan.country);
}

function customerIdOf(r: Rng, plan: OrderPlan): number | null {
  const name = plan.channel.name;
  if (name === 'Amazon' || name === 'eBay') return null;
  // Guest checkouts carry no customer record.
  return r.chance(0.3) ? null : 40_000 + plan.n * 3 + r.int(0, 2);
}

/** The lower-cased text the order list's `q` searches (see OrderRow.search). */
export function searchText(plan: OrderPlan, who: OrderIdentity): string {
  const parts: (string | null)[] = [
    who.orderName,
    who.customer?.name ?? null,
    who.recipient.name,
    who.address.address1,
    who.address.address2,
    who.address.city,
    who.address.postal_code,
    who.phone,
    who.orderPhone,
    who.company,
    who.email,
  ];
  for (const p of plan.parcels) if (p.trackingNumber !== '') parts.push(p.trackingNumber);
  return parts
    .filter((p) => p !== null && p !== '')
    .join('\n')
    .toLowerCase();
}
