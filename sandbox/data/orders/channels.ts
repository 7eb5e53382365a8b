/**
 * Sales channels: where orders come from, and what each channel's orders look like (order
 * numbers, storefront ids, payment gateways, how often the marketplace ships them itself).
 */
import type { Rng } from '../seeded';
import type { CountryCode } from './geography';
import { digits, fill } from './people';

export type ChannelName = 'Shopify' | 'Amazon' | 'eBay' | 'WooCommerce' | 'Etsy' | 'Manual';

export interface PaymentMethod {
  name: string;
  weight: number;
  /** Paid later (bank transfer, invoice, cash on delivery): such orders are often still pending. */
  deferred: boolean;
}

export interface Channel {
  name: ChannelName;
  weight: number;
  /** The connected shops of the channel (shop_id); empty for orders keyed in by hand. */
  shops: readonly number[];
  countries: readonly (readonly [CountryCode, number])[];
  /** Share of shipped orders fulfilled outside the service (marketplace fulfilment, own labels). */
  outsideShare: number;
  payments: readonly PaymentMethod[];
  checkout: readonly (readonly [string | null, number])[];
  /** [standard, express] delivery method names as the channel spells them. */
  delivery: readonly [string, string];
  /** Whether the storefront keeps fulfillment records of its own (storefront_fulfillments). */
  storefront: boolean;
  riskScored: boolean;
}

const pay = (name: string, weight: number, deferred = false): PaymentMethod => ({
  name,
  weight,
  deferred,
});

// biome-ignore format: one channel per block reads as a table
export const CHANNELS: readonly Channel[] = [
  {
    name: 'Shopify', weight: 40, shops: [1, 6], outsideShare: 0.25, storefront: true, riskScored: true,
    countries: [['US', 30], ['GB', 14], ['DE', 14], ['FR', 8], ['NL', 7], ['CA', 8], ['AU', 7], ['ES', 4], ['IT', 4], ['SE', 2], ['PL', 2]],
    payments: [pay('shopify_payments', 60), pay('paypal', 20), pay('klarna', 8), pay('gift_card', 3), pay('manual', 4, true), pay('bogus', 1)],
    checkout: [['web', 70], ['shop_app', 14], ['mobile_app', 10], ['draft_order', 6]],
    delivery: ['Standard Shipping', 'Express Shipping'],
  },
  {
    name: 'Amazon', weight: 22, shops: [2], outsideShare: 0.6, storefront: true, riskScored: false,
    countries: [['US', 40], ['GB', 20], ['DE', 20], ['FR', 6], ['IT', 5], ['ES', 5], ['NL', 2], ['PL', 2]],
    payments: [pay('amazon_marketplace', 1)],
    checkout: [['marketplace', 1]],
    delivery: ['Standard', 'Expedited'],
  },
  {
    name: 'eBay', weight: 10, shops: [3], outsideShare: 0.3, storefront: true, riskScored: false,
    countries: [['US', 35], ['GB', 25], ['DE', 25], ['AU', 8], ['CA', 7]],
    payments: [pay('ebay_managed_payments', 1)],
    checkout: [['marketplace', 1]],
    delivery: ['Economy Shipping', 'Expedited Shipping'],
  },
  {
    name: 'WooCommerce', weight: 12, shops: [4], outsideShare: 0.3, storefront: true, riskScored: false,
    countries: [['DE', 25], ['NL', 15], ['FR', 12], ['ES', 10], ['IT', 10], ['PL', 14], ['SE', 8], ['GB', 6]],
    payments: [pay('stripe', 45), pay('paypal', 30), pay('bacs', 15, true), pay('cod', 10, true)],
    checkout: [['web', 85], [null, 15]],
    delivery: ['Flat rate', 'Express'],
  },
  {
    name: 'Etsy', weight: 8, shops: [5], outsideShare: 0.4, storefront: true, riskScored: false,
    countries: [['US', 55], ['GB', 15], ['CA', 12], ['AU', 10], ['DE', 8]],
    payments: [pay('etsy_payments', 1)],
    checkout: [['marketplace', 1]],
    delivery: ['Standard Delivery', 'Express Delivery'],
  },
  {
    name: 'Manual', weight: 8, shops: [], outsideShare: 0.1, storefront: false, riskScored: false,
    countries: [['US', 30], ['DE', 20], ['GB', 15], ['NL', 10], ['FR', 10], ['SE', 5], ['PL', 10]],
    payments: [pay('bank_transfer', 50, true), pay('invoice', 40, true), pay('cash', 10)],
    checkout: [['manual', 70], [null, 30]],
    delivery: ['Standard', 'Courier'],
  },
];

const CHANNEL_WEIGHTS = CHANNELS.map((c) => [c, c.weight] as const);

export function pickChannel(r: Rng): Channel {
  return r.weighted(CHANNEL_WEIGHTS);
}

export interface ChannelIds {
  orderName: string;
  storefrontOrderId: number | null;
  externalId: string | null;
}

/** Order number, storefront id and external id as the channel would issue them. */
export function channelIds(
  r: Rng,
  channel: Channel,
  id: number,
  shopId: number | null,
  country: string,
): ChannelIds {
  switch (channel.name) {
    case 'Shopify': {
      const storefrontOrderId = 5_200_000_000_000 + id * 1000 + r.int(0, 999);
      return {
        orderName: shopId === 6 ? `#EU${id + 2000}` : `#${id + 8000}`,
        storefrontOrderId,
        externalId: `gid://shopify/Order/${storefrontOrderId}`,
      };
    }
    case 'Amazon': {
      const name = fill(
        r,
        country === 'US' || country === 'CA' ? '11#-#######-#######' : '30#-#######-#######',
      );
      return { orderName: name, storefrontOrderId: null, externalId: name };
    }
    case 'eBay': {
      const name = fill(r, '##-#####-#####');
      return { orderName: name, storefrontOrderId: null, externalId: name };
    }
    case 'WooCommerce': {
      const number = 40_000 + id;
      return { orderName: `WC-${number}`, storefrontOrderId: number, externalId: String(number) };
    }
    case 'Etsy': {
      const receipt = Number(`3${digits(r, 9)}`);
      return {
        orderName: String(receipt),
        storefrontOrderId: receipt,
        externalId: String(receipt),
      };
    }
    case 'Manual':
      return {
        orderName: `M-${id}`,
        storefrontOrderId: null,
        externalId: r.chance(0.3) ? `ERP-${fill(r, '######')}` : null,
      };
  }
}
