/**
 * What an order contains and costs. Items come from the catalogue (so SKUs match returns and
 * stock); amounts are computed in cents and agree with each other: subtotal = Σ price × qty,
 * total = subtotal − discount + shipping (+ tax where it is charged on top, US and CA).
 */
import { money } from '../seeded';
import type { CatalogProduct } from '../types';
import type { Channel } from './channels';
import { CA_PROVINCE_TAX, COUNTRIES, type CountryCode, US_STATE_TAX } from './geography';
import { type OrderContext, type OrderPlan, orderRng, STREAM } from './order-plan';

export interface OrderItem {
  sku: string;
  name: string;
  qty: number;
  /** D(8,2) unit price in the order's currency. */
  price: string;
  weight_kg: number;
  vendor: string;
  product_id: number;
  gtin: string | null;
}

const FALLBACK_PRODUCT: CatalogProduct = {
  id: 0,
  sku: 'GEN-0001',
  gtin: null,
  name: 'Gift Card',
  brand: null,
  vendor: 'Packbench',
  is_kit: false,
  image: '',
  unit_price: '25.00',
  weight_kg: 0.05,
};

/** Catalogue prices are USD; other currencies get "charm" prices (11.99, 149.99). */
export function localPriceCents(unitPrice: string, rate: number): number {
  const usd = Number(unitPrice);
  if (rate === 1) return Math.round(usd * 100);
  return Math.max(99, Math.ceil(usd * rate) * 100 - 1);
}

/** The order's lines, from their own stream (the shipping area needs the weight cheaply). */
export function itemsOf(ctx: OrderContext, plan: OrderPlan): OrderItem[] {
  const r = orderRng(ctx, plan.n, STREAM.items);
  const catalog = ctx.catalog.length > 0 ? ctx.catalog : [FALLBACK_PRODUCT];
  const count = Math.min(
    catalog.length,
    r.weighted([
      [1, 50],
      [2, 25],
      [3, 13],
      [4, 7],
      [5, 5],
    ]),
  );
  const rate = COUNTRIES[plan.country].rate;
  const picked = new Set<number>();
  const items: OrderItem[] = [];
  for (let tries = 0; items.length < count && tries < 20; tries++) {
    const index = r.int(0, catalog.length - 1);
    const p = catalog[index];
    if (!p || picked.has(index)) continue;
    picked.add(index);
    items.push({
      sku: p.sku,
      name: p.name,
      qty: r.weighted([
        [1, 78],
        [2, 16],
        [3, 6],
      ]),
      price: money(localPriceCents(p.unit_price, rate) / 100),
      weight_kg: p.weight_kg,
      vendor: p.vendor,
      product_id: p.id,
      gtin: p.gtin,
    });
  }
  return items;
}

export function itemsWeightKg(items: readonly { qty: number; weight_kg: number }[]): number {
  const grams = items.reduce((sum, i) => sum + Math.round(i.weight_kg * 1000) * i.qty, 0);
  return grams / 1000;
}

export interface OrderMoney {
  currency: string;
  subtotal: string;
  shipping: string;
  tax: string;
  discount: string;
  total: string;
  refunded: string;
  outstanding: string;
  duties: string | null;
  discountCode: string | null;
  deliveryMethod: string;
  taxLines: { title: string; rate: number; price: string }[];
}

const CODES: readonly (readonly [string, number])[] = [
  ['WELCOME10', 0.1],
  ['SPRING15', 0.15],
  ['VIP20', 0.2],
  ['NEWSLETTER10', 0.1],
  ['SAVE5', 0],
];

export function moneyOf(
  ctx: OrderContext,
  plan: OrderPlan,
  items: readonly OrderItem[],
  provinceCode: string | null,
): OrderMoney {
  const r = orderRng(ctx, plan.n, STREAM.money);
  const country = COUNTRIES[plan.country];
  const rate = country.rate;
  const subtotal = items.reduce((sum, i) => sum + Math.round(Number(i.price) * 100) * i.qty, 0);

  let discount = 0;
  let discountCode: string | null = null;
  if (r.chance(0.18)) {
    const [code, pct] = r.pick(CODES);
    discountCode = code;
    discount =
      pct > 0 ? Math.round(subtotal * pct) : Math.min(subtotal, localPriceCents('5.00', rate));
  }
  const free = !plan.express && subtotal - discount >= 50 * rate * 100;
  const shipping = free ? 0 : localPriceCents(plan.express ? '14.95' : '4.95', rate);
  const deliveryMethod = deliveryMethodOf(plan.channel, plan.express, free);

  const taxLines: OrderMoney['taxLines'] = [];
  let tax: number;
  let added = country.tax.added;
  if (plan.country === 'US') {
    const taxRate = US_STATE_TAX[provinceCode ?? ''] ?? 0.06;
    tax = Math.round((subtotal - discount) * taxRate);
    taxLines.push({
      title: `${provinceCode ?? 'US'} State Tax`,
      rate: taxRate,
      price: money(tax / 100),
    });
  } else if (plan.country === 'CA') {
    const [title, taxRate] = CA_PROVINCE_TAX[provinceCode ?? ''] ?? ['GST', 0.05];
    tax = Math.round((subtotal - discount + shipping) * taxRate);
    taxLines.push({ title, rate: taxRate, price: money(tax / 100) });
  } else {
    added = false;
    const gross = subtotal - discount + shipping;
    tax = Math.round((gross * country.tax.rate) / (1 + country.tax.rate));
    taxLines.push({ title: country.tax.title, rate: country.tax.rate, price: money(tax / 100) });
  }
  const total = subtotal - discount + shipping + (added ? tax : 0);

  let refunded = 0;
  if (plan.paymentStatus === 'refunded') refunded = total;
  else if (plan.paymentStatus === 'partially_refunded')
    refunded = Math.round(total * (0.1 + r.next() * 0.4));
  const outstanding =
    plan.paymentStatus === 'pending' || plan.paymentStatus === 'authorized' ? total : 0;
  const duties = duty(plan.country, r.chance(0.3), subtotal);

  return {
    currency: country.currency,
    subtotal: money(subtotal / 100),
    shipping: money(shipping / 100),
    tax: money(tax / 100),
    discount: money(discount / 100),
    total: money(total / 100),
    refunded: money(refunded / 100),
    outstanding: money(outstanding / 100),
    duties,
    discountCode,
    deliveryMethod,
    taxLines,
  };
}

function deliveryMethodOf(channel: Channel, express: boolean, free: boolean): string {
  if (express) return channel.delivery[1];
  if (free && channel.name === 'Shopify') return 'Free Shipping';
  if (free && channel.name === 'WooCommerce') return 'Free shipping';
  return channel.delivery[0];
}

/** Only cross-border-prone markets report duties, and mostly as zero. */
function duty(country: CountryCode, charged: boolean, subtotal: number): string | null {
  if (country !== 'CA' && country !== 'AU' && country !== 'GB') return null;
  return money(charged ? Math.round(subtotal * 0.05) / 100 : 0);
}
