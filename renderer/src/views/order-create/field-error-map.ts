/**
 * Puts the API's field errors (`{ "city": [...], "items.0.qty": [...] }`, nested fields as
 * dotted paths) on the form fields they name. A path the form has no input for (an item key
 * the form does not edit, `tags.3`) goes to its nearest ancestor the form does show (the
 * items list, the tags field); what names nothing on the form (`non_field_errors`, unknown
 * fields) is returned for a message over the whole form, so no refusal is ever silent.
 */
import { BILLING_FIELDS, SCALAR_NAMES } from './order-form-fields';
import type { OrderFormValues } from './order-form-schema';

export interface MappedErrors {
  /** Form path → first message, ready for react-hook-form's setError. */
  fields: { path: string; message: string }[];
  /** Messages no form field can show. */
  general: string[];
}

const ITEM_KEYS = new Set(['sku', 'name', 'qty', 'price', 'weight_kg', 'vendor']);
const TAX_KEYS = new Set(['title', 'rate', 'price']);
const ATTRIBUTE_KEYS = new Set(['name', 'value']);
const BILLING_KEYS = new Set<string>(BILLING_FIELDS.map((f) => f.name));
const SCALARS = new Set<string>(SCALAR_NAMES);
const LISTS: Record<string, Set<string>> = {
  items: ITEM_KEYS,
  tax_lines: TAX_KEYS,
  note_attributes: ATTRIBUTE_KEYS,
};

/** The form path that shows an API field path, or null when the form has none. */
export function formPathFor(apiPath: string, values: OrderFormValues): string | null {
  const [head = '', ...rest] = apiPath.split('.');
  if (SCALARS.has(head) || head === 'status' || head === 'accepts_marketing' || head === 'tags') {
    // `tags.2` and the like: the tags are one text field.
    return head;
  }
  const listKeys = LISTS[head];
  if (listKeys) {
    const list = values[head as 'items' | 'tax_lines' | 'note_attributes'];
    const [index, key] = rest;
    const row = index === undefined ? Number.NaN : Number(index);
    if (Number.isInteger(row) && row >= 0 && row < list.length && key && listKeys.has(key)) {
      return `${head}.${row}.${key}`;
    }
    // The list as a whole (`items`), or a row/key the form does not edit.
    return `${head}.root`;
  }
  if (head === 'billing_address') {
    const key = rest[0];
    if (values.has_billing_address && key && BILLING_KEYS.has(key)) return `billing_address.${key}`;
    return 'billing_address.root';
  }
  return null;
}

/** Splits the bridge's `fieldErrors` into field errors and form-wide messages. */
export function mapFieldErrors(
  fieldErrors: Record<string, readonly string[]> | undefined,
  values: OrderFormValues,
): MappedErrors {
  const fields: MappedErrors['fields'] = [];
  const general: string[] = [];
  const taken = new Set<string>();
  for (const [apiPath, messages] of Object.entries(fieldErrors ?? {})) {
    const message = messages.find((m) => typeof m === 'string' && m.trim() !== '');
    if (!message) continue;
    const path = formPathFor(apiPath, values);
    if (path === null) {
      general.push(apiPath === 'non_field_errors' ? message : `${apiPath}: ${message}`);
      continue;
    }
    // An ancestor shown for a nested path says which part it was about.
    const shown =
      path.endsWith('.root') && apiPath.includes('.') ? `${apiPath}: ${message}` : message;
    if (taken.has(path)) continue;
    taken.add(path);
    fields.push({ path, message: shown });
  }
  return { fields, general };
}
