/**
 * The words for one plain value of an open-shaped field, and for its key: pure, so every
 * rule is tested without a DOM. A key reads as words ("refund_id" → "Refund ID"); a date as a
 * date in the person's locale; an amount (by its key) with its currency; a code under a key
 * that holds codes ("state": "pending") as a word; everything else as the API gave it (store
 * credit codes, SKUs and names must not be reworded).
 */
import type { Formatters } from './formatters';

export interface ScalarContext {
  format: Formatters;
  /** The key the value sits under ('' at the top). */
  key: string;
  currency: string | null;
}

/** Parts of a key that are abbreviations, spelled as people write them. */
const ACRONYMS: Record<string, string> = {
  id: 'ID',
  ids: 'IDs',
  url: 'URL',
  sku: 'SKU',
  gtin: 'GTIN',
  rma: 'RMA',
  co2e: 'CO₂e',
  kg: '(kg)',
  api: 'API',
  sla: 'SLA',
  ts: 'time',
};

/** "refund_id" → "Refund ID"; "lineItems" → "Line items"; "" stays "". */
export function keyLabel(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s_-]+/)
    .filter((w) => w !== '')
    .map((w) => ACRONYMS[w.toLowerCase()] ?? w.toLowerCase());
  if (words.length === 0) return key;
  const first = words[0] ?? '';
  words[0] = first.charAt(0).toUpperCase() + first.slice(1);
  return words.join(' ');
}

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const DECIMAL = /^[-+]?\d+(\.\d+)?$/;
/** Keys whose values are amounts of money. */
const MONEY_KEY = /(^|_)(amount|price|total|refund|credit|cost|fee|value|subtotal|tax)$/i;
/** Keys whose values are codes of a closed set, shown as words. */
const CODE_KEY = /(^|_)(status|state|type|kind|reason|source|resolution|partner|event)$/i;
/** Keys whose numbers are identifiers, never amounts to group ("9300136", not "9,300,136"). */
const ID_KEY = /(^|_)(id|number|code|ref|reference|no)$/i;
const CODE = /^[A-Za-z][A-Za-z0-9]*(_[A-Za-z0-9]+)*$/;

/** "IN_TRANSIT" → "In transit", "sent" → "Sent". */
export function codeAsWords(code: string): string {
  const words = code.replace(/_+/g, ' ').toLowerCase().trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A plain value as text, or null for "nothing" (null, undefined, blank). */
export function readableScalar(value: unknown, ctx: ScalarContext): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') {
    if (ID_KEY.test(ctx.key) || /Id$/.test(ctx.key)) return String(value);
    if (MONEY_KEY.test(ctx.key) && ctx.currency) return ctx.format.money(value, ctx.currency);
    return Number.isFinite(value) ? ctx.format.number(value) : String(value);
  }
  if (typeof value !== 'string') return String(value);
  const text = value.trim();
  if (text === '') return null;
  if (ISO_DATE_TIME.test(text) || ISO_DATE.test(text)) {
    const shown = ctx.format.dateTime(text);
    return shown === '—' ? text : shown;
  }
  if (DECIMAL.test(text) && MONEY_KEY.test(ctx.key)) return ctx.format.money(text, ctx.currency);
  if (CODE_KEY.test(ctx.key) && CODE.test(text)) return codeAsWords(text);
  return text;
}
