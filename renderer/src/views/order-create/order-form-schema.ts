/**
 * The create-order form's values and their validation (zod, for react-hook-form's resolver).
 * Every input is kept as the text the person typed (decimals stay strings, so "0.10" is never
 * a float); `toOrderRequest` turns valid values into the API's OrderRequest, leaving out what
 * was left empty rather than sending nulls.
 */
import { z } from 'zod';
import {
  BILLING_FIELDS,
  type BillingKey,
  SCALAR_FIELDS,
  type ScalarField,
  type ScalarName,
  STATUSES,
} from './order-form-fields';

/** D(8,2) from the spec: optional minus, up to 8 integer digits, up to 2 decimals. */
export const DECIMAL_8_2 = /^-?\d{1,8}(\.\d{1,2})?$/;
const COUNTRY = /^[A-Za-z]{2}$/;
const CURRENCY = /^[A-Za-z]{3}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const UNSIGNED_NUMBER = /^\d{1,6}(\.\d{1,3})?$/;
const WHOLE = /^\d{1,15}$/;

const decimalMessage = 'A decimal such as 12.50: up to 8 digits, then up to 2 decimals.';
const tooLong = (max: number) => `At most ${max} characters.`;

const DATE_TIME = { test: (v: string) => !Number.isNaN(new Date(v).getTime()) };

/** Each kind's format and what is said when the text does not have it (plain text: none). */
const FORMATS: Partial<
  Record<ScalarField['kind'], { pattern: { test(v: string): boolean }; message: string }>
> = {
  decimal: { pattern: DECIMAL_8_2, message: decimalMessage },
  country: { pattern: COUNTRY, message: 'Two letters (ISO 3166), e.g. US or DE.' },
  currency: { pattern: CURRENCY, message: 'Three letters (ISO 4217), e.g. USD or EUR.' },
  email: { pattern: EMAIL, message: 'An email address such as name@example.com.' },
  datetime: { pattern: DATE_TIME, message: 'A date and time.' },
  weight: { pattern: UNSIGNED_NUMBER, message: 'Kilograms, e.g. 1.25 (up to 3 decimals).' },
  integer: { pattern: WHOLE, message: 'A whole number.' },
};

/** A text input's rule: empty is allowed unless required; bounds and format otherwise. */
function scalarRule(field: ScalarField & { max?: number }): z.ZodString {
  return z.string().superRefine((raw, ctx) => {
    // What is sent is trimmed, so the bounds apply to the trimmed text.
    const value = field.kind === 'multiline' ? raw : raw.trim();
    const fail = (message: string) => ctx.addIssue({ code: 'custom', message });
    if (value.trim() === '') {
      if (field.required) fail(`${field.label} is required.`);
      return;
    }
    if (field.max !== undefined && value.length > field.max) return fail(tooLong(field.max));
    const format = FORMATS[field.kind];
    if (format && !format.pattern.test(value)) fail(format.message);
  });
}

const optionalDecimal = z
  .string()
  .refine((v) => v.trim() === '' || DECIMAL_8_2.test(v.trim()), decimalMessage);

export const itemSchema = z.object({
  sku: z.string().trim().min(1, 'Give the SKU.').max(64, tooLong(64)),
  name: z.string().max(255, tooLong(255)),
  qty: z
    .string()
    .trim()
    .regex(/^\d{1,6}$/, 'A whole quantity.')
    .refine((v) => Number(v) >= 1, 'At least 1.'),
  price: optionalDecimal,
  weight_kg: z.string().trim().regex(UNSIGNED_NUMBER, 'Kilograms, e.g. 0.25 (up to 3 decimals).'),
  vendor: z.string().max(255, tooLong(255)),
});

export const taxLineSchema = z.object({
  title: z.string().trim().min(1, 'Give the tax’s title.').max(255, tooLong(255)),
  rate: z
    .string()
    .trim()
    .regex(/^(0(\.\d{1,6})?|1(\.0{1,6})?)$/, 'A rate from 0 to 1, e.g. 0.0625 for 6.25%.'),
  price: z.string().trim().regex(DECIMAL_8_2, decimalMessage),
});

export const noteAttributeSchema = z.object({
  name: z.string().trim().min(1, 'Give the attribute’s name.').max(255, tooLong(255)),
  value: z.string().max(1000, tooLong(1000)),
});

// Plain strings here: the billing editor may hold text while it is switched off, and only
// an address that is sent is checked (in the refinement below).
const billingShape = Object.fromEntries(
  BILLING_FIELDS.map((f) => [f.name, z.string()]),
) as unknown as Record<BillingKey, z.ZodString>;

const scalarShape = Object.fromEntries(SCALAR_FIELDS.map((f) => [f.name, scalarRule(f)])) as Record<
  ScalarName,
  z.ZodString
>;

export const orderFormSchema = z
  .object({
    ...scalarShape,
    status: z.enum(['', ...STATUSES]),
    accepts_marketing: z.enum(['', 'yes', 'no']),
    /** Comma-separated, as people write tags. */
    tags: z.string().max(2000, tooLong(2000)),
    items: z.array(itemSchema).max(200, 'At most 200 items.'),
    tax_lines: z.array(taxLineSchema).max(50),
    note_attributes: z.array(noteAttributeSchema).max(50),
    has_billing_address: z.boolean(),
    billing_address: z.object(billingShape),
  })
  .superRefine((values, ctx) => {
    if (!values.has_billing_address) return;
    for (const f of BILLING_FIELDS) {
      const value = values.billing_address[f.name];
      const path = ['billing_address', f.name];
      if (value.length > f.max) ctx.addIssue({ code: 'custom', path, message: tooLong(f.max) });
      else if (f.name === 'country_code' && value.trim() !== '' && !COUNTRY.test(value.trim())) {
        ctx.addIssue({ code: 'custom', path, message: 'Two letters (ISO 3166), e.g. US or DE.' });
      }
    }
  });

export type OrderFormValues = z.infer<typeof orderFormSchema>;
export type ItemValues = z.infer<typeof itemSchema>;

export const emptyItem: ItemValues = {
  sku: '',
  name: '',
  qty: '1',
  price: '',
  weight_kg: '',
  vendor: '',
};

export function emptyOrderForm(): OrderFormValues {
  const scalars = Object.fromEntries(SCALAR_FIELDS.map((f) => [f.name, ''])) as Record<
    ScalarName,
    string
  >;
  const billing = Object.fromEntries(BILLING_FIELDS.map((f) => [f.name, ''])) as Record<
    BillingKey,
    string
  >;
  return {
    ...scalars,
    status: '',
    accepts_marketing: '',
    tags: '',
    items: [],
    tax_lines: [],
    note_attributes: [],
    has_billing_address: false,
    billing_address: billing,
  };
}

const present = (value: string) => value.trim() !== '';

/** Valid form values → the OrderRequest body (empty fields left out, codes upper-cased). */
export function toOrderRequest(values: OrderFormValues): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of SCALAR_FIELDS) {
    const value = values[field.name].trim();
    if (value === '') continue;
    if (field.kind === 'country' || field.kind === 'currency')
      body[field.name] = value.toUpperCase();
    else if (field.kind === 'datetime') body[field.name] = new Date(value).toISOString();
    else if (field.kind === 'weight' || field.kind === 'integer') body[field.name] = Number(value);
    // The note keeps its line breaks and inner blanks; other texts are trimmed.
    else body[field.name] = field.kind === 'multiline' ? values[field.name] : value;
  }
  if (values.status) body.status = values.status;
  if (values.accepts_marketing) body.accepts_marketing = values.accepts_marketing === 'yes';
  const tags = values.tags
    .split(',')
    .map((t) => t.trim())
    .filter(present);
  if (tags.length > 0) body.tags = tags;
  if (values.items.length > 0) {
    body.items = values.items.map((item) => ({
      sku: item.sku.trim(),
      qty: Number(item.qty),
      weight_kg: Number(item.weight_kg),
      ...(present(item.name) ? { name: item.name.trim() } : {}),
      ...(present(item.price) ? { price: item.price.trim() } : {}),
      ...(present(item.vendor) ? { vendor: item.vendor.trim() } : {}),
    }));
  }
  if (values.tax_lines.length > 0) {
    body.tax_lines = values.tax_lines.map((t) => ({
      title: t.title.trim(),
      rate: Number(t.rate),
      price: t.price.trim(),
    }));
  }
  if (values.note_attributes.length > 0) {
    body.note_attributes = values.note_attributes.map((a) => ({
      name: a.name.trim(),
      value: a.value,
    }));
  }
  if (values.has_billing_address) {
    const billing: Record<string, string> = {};
    for (const f of BILLING_FIELDS) {
      const value = values.billing_address[f.name].trim();
      if (value !== '') billing[f.name] = f.name === 'country_code' ? value.toUpperCase() : value;
    }
    if (Object.keys(billing).length > 0) body.billing_address = billing;
  }
  return body;
}
