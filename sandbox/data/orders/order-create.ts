/**
 * Orders created through `POST /api/orders/`. The request is already validated; it is stored
 * as given, with every field the response always carries filled in. Choices for absent
 * fields (see sandbox/README.md): status "unknown", nullable fields null, lists empty, weight_kg
 * summed from the items, customer_locale from the country.
 */
import { nullableProperties } from '../../../shared/api/schema-properties';
import type { Order, OrderRequest, OrderRow } from '../types';
import { defaultLocale } from './geography';
import { OWNER_ID } from './order-materialise';
import { stageOf } from './stage';

/** Nullable writable fields (as the API description marks them) that default to null. */
const NULLABLE_FIELDS = nullableProperties('OrderRequest');

export function createdOrder(id: number, request: OrderRequest, createdAt: Date): Order {
  const defaults: Record<string, unknown> = {};
  for (const key of NULLABLE_FIELDS) defaults[key] = null;
  const items = request.items ?? [];
  return {
    id,
    shipments: [],
    storefront_fulfillments: [],
    fulfillments: [],
    carrier_shipment: null,
    address_check_summary: null,
    checkout_method: 'api',
    label_purchase: null,
    label_caution: null,
    storefront_order_id: null,
    shop_id: null,
    ...defaults,
    ...request,
    items,
    weight_kg: request.weight_kg ?? weightOf(items),
    tax_lines: request.tax_lines ?? [],
    tags: request.tags ?? [],
    note_attributes: request.note_attributes ?? [],
    status: request.status ?? 'unknown',
    created_at: createdAt.toISOString(),
    customer_locale: defaultLocale(request.country),
    shipping_overrides: {},
    label_automation: null,
    address_check: null,
    owner: OWNER_ID,
  } as Order;
}

/** Σ qty × weight_kg of items that carry both, to the gram; 0 when there are none. */
function weightOf(items: unknown): number {
  if (!Array.isArray(items)) return 0;
  let grams = 0;
  for (const item of items) {
    if (item === null || typeof item !== 'object') continue;
    const { qty, weight_kg: kg } = item as { qty?: unknown; weight_kg?: unknown };
    const q = typeof qty === 'number' ? qty : 1;
    if (typeof kg === 'number' && Number.isFinite(kg)) grams += Math.round(kg * 1000) * q;
  }
  return grams / 1000;
}

export function createdRow(order: Order): OrderRow {
  const placed = order.order_date ?? order.created_at;
  const ms = Date.parse(placed);
  const day = Number.isNaN(ms) ? placed.slice(0, 10) : new Date(ms).toISOString().slice(0, 10);
  const search = [
    order.order_name,
    order.customer_name,
    order.recipient_name,
    order.address1,
    order.address2,
    order.city,
    order.postal_code,
    order.phone,
    order.order_phone,
    order.company,
    order.customer_email,
  ]
    .filter((s): s is string => typeof s === 'string' && s !== '')
    .join('\n')
    .toLowerCase();
  return {
    id: order.id,
    day,
    stage: stageOf(order.status, [], false),
    channel: order.channel ?? null,
    payment_status: order.payment_status ?? null,
    fulfillment_status: order.fulfillment_status ?? null,
    address_status: null,
    attention: [],
    search,
  };
}
