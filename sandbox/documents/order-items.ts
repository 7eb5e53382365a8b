/**
 * An order's `items` and money fields in a shape documents can print. `items` is free-form
 * JSON in the spec ("list of objects with sku, qty, weight_kg, optional name, price, vendor,
 * and other keys"), so every value is read defensively: a missing or odd value prints as a
 * dash or "?" and is left out of totals, rather than failing the whole print run.
 */
import type { Order } from './api-types';
import { lineOf } from './text-sanitize';

export interface OrderLine {
  sku: string;
  name: string;
  vendor: string;
  /** Units ordered, or null when the item does not say (printed as "?", not summed). */
  qty: number | null;
  /** Weight of one unit in kg, or null. */
  weightKg: number | null;
  /** Price of one unit in cents, or null. */
  unitCents: number | null;
  /** Tariff code from the item, or null (the invoice then prints a placeholder). */
  hsCode: string | null;
  /** Country of origin from the item, or null. */
  origin: string | null;
}

/** The order's items in their given order; anything that is not an item is skipped. */
export function orderLines(order: Order): OrderLine[] {
  const items: unknown = order.items;
  if (!Array.isArray(items)) return [];
  const lines: OrderLine[] = [];
  for (const item of items) {
    if (typeof item === 'string' && item.trim() !== '') {
      lines.push(emptyLine(item.trim()));
      continue;
    }
    if (typeof item !== 'object' || item === null || Array.isArray(item)) continue;
    const it = item as Record<string, unknown>;
    const sku = lineOf(it.sku);
    const name = lineOf(it.name) || lineOf(it.title) || sku;
    lines.push({
      sku,
      name,
      vendor: lineOf(it.vendor),
      qty: nonNegative(it.qty ?? it.quantity),
      weightKg: nonNegative(it.weight_kg),
      unitCents: cents(it.price),
      hsCode: lineOf(it.hs_code) || lineOf(it.harmonized_code) || null,
      origin: lineOf(it.country_of_origin) || lineOf(it.origin_country) || null,
    });
  }
  return lines;
}

function emptyLine(name: string): OrderLine {
  const none = { qty: null, weightKg: null, unitCents: null, hsCode: null, origin: null };
  return { sku: '', name, vendor: '', ...none };
}

/** A finite number (or numeric string) that is not negative, else null. */
export function nonNegative(value: unknown): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  if (typeof value === 'string' && value.trim() === '') return null;
  return Number.isFinite(n) && n >= 0 ? n : null;
}

/** A D(8,2) string (or a number) in whole cents; null for null, blanks and non-numbers. */
export function cents(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? Math.round(value * 100) : null;
  if (typeof value !== 'string') return null;
  const m = /^\s*(-?)(\d+)(?:\.(\d*))?\s*$/.exec(value);
  if (!m) return null;
  const whole = Number(m[2]);
  const frac = Math.round(Number(`0.${m[3] || '0'}`) * 100);
  const total = whole * 100 + frac;
  return m[1] === '-' ? -total : total;
}

/** "1,234.50 EUR"; a dash for an unknown amount. */
export function formatMoney(amount: number | null, currency: string): string {
  if (amount === null) return '-';
  const sign = amount < 0 ? '-' : '';
  const abs = Math.abs(amount);
  const whole = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const frac = String(abs % 100).padStart(2, '0');
  return `${sign}${whole}.${frac}${currency ? ` ${currency}` : ''}`;
}

/** "1.250 kg"; a dash when unknown. */
export function formatKg(kg: number | null): string {
  return kg === null ? '-' : `${kg.toFixed(3)} kg`;
}

/** "3", "1.5", or "?" for an unknown quantity. */
export function formatQty(qty: number | null): string {
  if (qty === null) return '?';
  return Number.isInteger(qty) ? String(qty) : String(Math.round(qty * 1000) / 1000);
}

/** The line's value (quantity x unit price) in cents, or null when either is unknown. */
export function lineCents(line: OrderLine): number | null {
  return line.qty === null || line.unitCents === null
    ? null
    : Math.round(line.qty * line.unitCents);
}

/** Sum of the known values; null when none is known. */
export function sumKnown(values: Array<number | null>): number | null {
  let total: number | null = null;
  for (const v of values) if (v !== null) total = (total ?? 0) + v;
  return total;
}

/** The order's currency code, upper case; empty when it has none. */
export function currencyOf(order: Order): string {
  return lineOf(order.currency).toUpperCase().slice(0, 3);
}

/** The order's weight: its own `weight_kg`, else the sum over its items. */
export function orderWeightKg(order: Order, lines = orderLines(order)): number | null {
  const own = nonNegative(order.weight_kg);
  if (own !== null && own > 0) return own;
  return sumKnown(
    lines.map((l) => (l.qty === null || l.weightKg === null ? null : l.qty * l.weightKg)),
  );
}

/** The order's display name: its order name ("#1001"), else its id. */
export function orderTitle(order: Order): string {
  return lineOf(order.order_name) || `#${order.id}`;
}
