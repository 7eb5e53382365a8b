/**
 * Reading the order's loosely typed parts safely. Many fields are `any` in the spec (their
 * shape is "not shown") and clients must tolerate missing or added fields, so the detail view
 * never assumes a shape: these helpers answer a value of the wanted type or nothing.
 */

export type Json = Record<string, unknown>;

export function asRecord(value: unknown): Json | null {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Json)
    : null;
}

export function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

export function asRecords(value: unknown): Json[] {
  return asArray(value)
    .map(asRecord)
    .filter((r): r is Json => r !== null);
}

/** A string to show, or null for null/empty; numbers and booleans are spelled out. */
export function asText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value.trim() === '' ? null : value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return null;
}

/** Any JSON value as short readable text, for fields whose shape the spec does not give. */
export function describeJson(value: unknown): string | null {
  const text = asText(value);
  if (text !== null) return text;
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) {
    if (value.length === 0) return null;
    if (value.every((v) => asText(v) !== null)) return value.map((v) => asText(v)).join(', ');
  }
  const record = asRecord(value);
  if (record && Object.keys(record).length === 0) return null;
  return JSON.stringify(value);
}

/** "label_purchased" → "Label purchased": API codes read as words. */
export function humanize(code: unknown): string | null {
  const text = asText(code);
  if (text === null) return null;
  const words = text.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The fields the detail view shows in its sections. Anything else the API sends (a field
 * added later) is listed under "Other fields", so nothing the API returns is hidden.
 */
export const SHOWN_FIELDS = new Set<string>([
  'id',
  'shipments',
  'storefront_fulfillments',
  'fulfillments',
  'carrier_shipment',
  'address_check_summary',
  'checkout_method',
  'label_purchase',
  'label_caution',
  'external_id',
  'storefront_order_id',
  'shop_id',
  'recipient_name',
  'address1',
  'city',
  'postal_code',
  'country',
  'phone',
  'items',
  'weight_kg',
  'status',
  'created_at',
  'order_name',
  'order_date',
  'customer_name',
  'channel',
  'total_amount',
  'currency',
  'payment_status',
  'fulfillment_status',
  'delivery_status',
  'delivery_method',
  'customer_locale',
  'customer_email',
  'order_phone',
  'accepts_marketing',
  'address2',
  'company',
  'province_code',
  'province_name',
  'billing_address',
  'subtotal_price',
  'total_shipping',
  'total_tax',
  'discount_amount',
  'total_refunded',
  'total_outstanding',
  'total_duties',
  'discount_code',
  'payment_method',
  'payment_reference',
  'payment_id',
  'paid_at',
  'payment_terms_name',
  'next_payment_due_at',
  'tax_lines',
  'tags',
  'shipping_overrides',
  'label_automation',
  'address_check',
  'note',
  'note_attributes',
  'cancelled_at',
  'fulfilled_at',
  'risk_level',
  'owner',
  'customer',
]);

export function otherFields(order: object): [string, unknown][] {
  return Object.entries(order).filter(([key]) => !SHOWN_FIELDS.has(key));
}
