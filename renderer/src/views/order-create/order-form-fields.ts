/**
 * The scalar writable fields of OrderRequest (shared/spec/fulfillment-api.md, "Order"), each
 * with its bounds and the form section it is shown in. One table drives both the validation
 * schema and the form, so a field cannot be validated and forgotten on screen (or the other
 * way round). Lists and objects (items, billing address, tax lines, note attributes, tags,
 * status, accepts_marketing) have editors of their own.
 */

import { ORDER_REQUEST_STATUS } from '../../../../shared/api/enums.gen';

export type ScalarKind =
  | 'text'
  | 'multiline'
  /** D(8,2): a decimal carried as a string, "12.50". */
  | 'decimal'
  /** ISO 3166-1 alpha-2. */
  | 'country'
  /** ISO 4217: three letters. */
  | 'currency'
  | 'email'
  | 'phone'
  /** Entered in local time (datetime-local), sent as an ISO 8601 instant. */
  | 'datetime'
  /** A kilogram weight, sent as a JSON number. */
  | 'weight'
  /** A whole number (the customer id). */
  | 'integer';

export type FormSection = 'recipient' | 'order' | 'customer' | 'money' | 'payment' | 'notes';

export interface ScalarField {
  name: string;
  label: string;
  kind: ScalarKind;
  section: FormSection;
  /** Required in the create request. */
  required?: boolean;
  /** Maximum length from the spec (characters). */
  max?: number;
  hint?: string;
}

// biome-ignore format: one row per field reads as the spec's table
export const SCALAR_FIELDS = [
  // Recipient and shipping address (the five required fields of OrderRequest).
  { name: 'recipient_name', label: 'Recipient name', kind: 'text', section: 'recipient', required: true, max: 120 },
  { name: 'company', label: 'Company', kind: 'text', section: 'recipient', max: 200 },
  { name: 'address1', label: 'Address line 1', kind: 'text', section: 'recipient', required: true, max: 200 },
  { name: 'address2', label: 'Address line 2', kind: 'text', section: 'recipient', max: 200 },
  { name: 'city', label: 'City', kind: 'text', section: 'recipient', required: true, max: 120 },
  { name: 'postal_code', label: 'Postal code', kind: 'text', section: 'recipient', required: true, max: 40 },
  { name: 'province_code', label: 'Province code', kind: 'text', section: 'recipient', max: 10, hint: 'e.g. IL, ON, NSW' },
  { name: 'province_name', label: 'Province name', kind: 'text', section: 'recipient', max: 120 },
  { name: 'country', label: 'Country code', kind: 'country', section: 'recipient', required: true, max: 2, hint: 'Two letters, e.g. US, GB, DE.' },
  { name: 'phone', label: 'Shipping phone', kind: 'phone', section: 'recipient', max: 40 },
  // The order itself.
  { name: 'order_name', label: 'Order name', kind: 'text', section: 'order', max: 64, hint: 'The number people and barcodes use, e.g. #9042.' },
  { name: 'external_id', label: 'External id', kind: 'text', section: 'order', max: 64 },
  { name: 'order_date', label: 'Order date', kind: 'datetime', section: 'order' },
  { name: 'channel', label: 'Channel', kind: 'text', section: 'order', max: 80 },
  { name: 'fulfillment_status', label: 'Fulfillment status', kind: 'text', section: 'order', max: 40 },
  { name: 'delivery_status', label: 'Delivery status', kind: 'text', section: 'order', max: 40 },
  { name: 'delivery_method', label: 'Delivery method', kind: 'text', section: 'order', max: 255 },
  { name: 'weight_kg', label: 'Weight (kg)', kind: 'weight', section: 'order' },
  { name: 'risk_level', label: 'Risk level', kind: 'text', section: 'order', max: 20 },
  { name: 'fulfilled_at', label: 'Fulfilled at', kind: 'datetime', section: 'order' },
  { name: 'cancelled_at', label: 'Cancelled at', kind: 'datetime', section: 'order' },
  // Customer.
  { name: 'customer_name', label: 'Customer name', kind: 'text', section: 'customer', max: 120 },
  { name: 'customer_email', label: 'Customer email', kind: 'email', section: 'customer', max: 254 },
  { name: 'order_phone', label: 'Order phone', kind: 'phone', section: 'customer', max: 40, hint: 'The order-level phone, distinct from the shipping phone.' },
  { name: 'customer', label: 'Customer id', kind: 'integer', section: 'customer' },
  // Money, in the order's currency.
  { name: 'currency', label: 'Currency', kind: 'currency', section: 'money', max: 3, hint: 'Three letters, e.g. USD, EUR.' },
  { name: 'subtotal_price', label: 'Subtotal', kind: 'decimal', section: 'money' },
  { name: 'discount_amount', label: 'Discount', kind: 'decimal', section: 'money' },
  { name: 'discount_code', label: 'Discount code', kind: 'text', section: 'money', max: 255 },
  { name: 'total_shipping', label: 'Shipping', kind: 'decimal', section: 'money' },
  { name: 'total_tax', label: 'Tax', kind: 'decimal', section: 'money' },
  { name: 'total_duties', label: 'Duties', kind: 'decimal', section: 'money' },
  { name: 'total_amount', label: 'Total', kind: 'decimal', section: 'money' },
  { name: 'total_refunded', label: 'Refunded', kind: 'decimal', section: 'money' },
  { name: 'total_outstanding', label: 'Outstanding', kind: 'decimal', section: 'money' },
  // Payment.
  { name: 'payment_status', label: 'Payment status', kind: 'text', section: 'payment', max: 40 },
  { name: 'payment_method', label: 'Payment method', kind: 'text', section: 'payment', max: 255 },
  { name: 'payment_reference', label: 'Payment reference', kind: 'text', section: 'payment', max: 120 },
  { name: 'payment_id', label: 'Payment id', kind: 'text', section: 'payment', max: 120 },
  { name: 'paid_at', label: 'Paid at', kind: 'datetime', section: 'payment' },
  { name: 'payment_terms_name', label: 'Payment terms', kind: 'text', section: 'payment', max: 120 },
  { name: 'next_payment_due_at', label: 'Next payment due', kind: 'datetime', section: 'payment' },
  // Notes.
  { name: 'note', label: 'Note', kind: 'multiline', section: 'notes' },
] as const satisfies readonly ScalarField[];

export type ScalarName = (typeof SCALAR_FIELDS)[number]['name'];

export const SCALAR_NAMES: readonly ScalarName[] = SCALAR_FIELDS.map((f) => f.name);

/** The statuses an order may be created with (generated from the spec: npm run api:gen). */
export const STATUSES = ORDER_REQUEST_STATUS;

/** Keys of the billing address object (spec: `billing_address`), with the form's bounds. */
export const BILLING_FIELDS = [
  { name: 'name', label: 'Name', max: 120 },
  { name: 'first_name', label: 'First name', max: 120 },
  { name: 'last_name', label: 'Last name', max: 120 },
  { name: 'company', label: 'Company', max: 200 },
  { name: 'address1', label: 'Address line 1', max: 200 },
  { name: 'address2', label: 'Address line 2', max: 200 },
  { name: 'city', label: 'City', max: 120 },
  { name: 'zip', label: 'Postal code', max: 40 },
  { name: 'province', label: 'Province', max: 120 },
  { name: 'province_code', label: 'Province code', max: 10 },
  { name: 'country', label: 'Country', max: 120 },
  { name: 'country_code', label: 'Country code', max: 2 },
  { name: 'phone', label: 'Phone', max: 40 },
] as const;

export type BillingKey = (typeof BILLING_FIELDS)[number]['name'];
