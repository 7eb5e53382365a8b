/**
 * Verifying an order's items by scanning, as pure functions (tested without a browser): the
 * lines to pack from the order's items, which line a scanned code is, and what one scan or
 * one confirmation by key does to the counts. Nothing here asks the API: codes the lines do
 * not know go to the scan router (use-pack-scans.ts), which finds out what they are.
 */
import { openJson } from '../../ui/format/open-json';

export interface PackLine {
  /** The SKU, upper-cased: lines with the same SKU are one line. */
  key: string;
  sku: string;
  name: string;
  /** Units to pack (0 when the quantity is malformed). */
  qty: number;
  /** When the item names its product (the API's items may; otherwise found by SKU). */
  productId: number | null;
  gtin: string | null;
  /**
   * Why the quantity the API sent cannot be counted ("a fraction (0.4)"); null when it is a
   * whole number of units. Such a line counts nothing and blocks completion until overridden:
   * guessing 0 or 1 would ship the wrong parcel.
   */
  problem: string | null;
}

export interface LineCount {
  scanned: number;
  byHand: number;
  /** Units counted by a number typed after a scan (a multi-unit line); absent: none. */
  typed?: number;
}

export type Counts = Readonly<Record<string, LineCount>>;

export type PackVerdict =
  | { kind: 'counted'; line: PackLine; byHand: boolean; complete: boolean }
  /** The line is full already: nothing counted. */
  | { kind: 'over'; line: PackLine }
  /** An item of this order whose quantity cannot be read: nothing counted. */
  | { kind: 'malformed'; line: PackLine }
  /** Not an item of this order, as far as the lines know. */
  | { kind: 'unknown'; code: string };

/** Largest quantity taken as meant; more is a typing error in the shop, not a parcel. */
const MAX_QTY = 10_000;

/**
 * An item's quantity: a whole number, or one sent as a numeric string ("3"); anything else is
 * a problem named in words (fractions, negatives, 0, text, nothing at all).
 */
export function quantityOf(value: unknown): { qty: number } | { problem: string } {
  if (value === undefined || value === null) return { problem: 'no quantity given' };
  let n: number;
  if (typeof value === 'number') n = value;
  else if (typeof value === 'string' && /^\s*\+?\d+\s*$/.test(value)) n = Number(value);
  else if (typeof value === 'string') {
    const shown = value.length > 20 ? `${value.slice(0, 20)}…` : value;
    const num = Number(value);
    if (value.trim() !== '' && Number.isFinite(num)) return quantityOf(num);
    return { problem: `not a number ("${shown}")` };
  } else return { problem: 'not a number' };
  if (!Number.isFinite(n)) return { problem: 'not a number' };
  if (!Number.isInteger(n)) return { problem: `a fraction (${n})` };
  if (n < 0) return { problem: `a negative quantity (${n})` };
  if (n === 0) return { problem: 'a quantity of 0' };
  if (n > MAX_QTY) return { problem: `an implausible quantity (${n})` };
  return { qty: n };
}

/** The order's items as lines to pack: tolerant of any shape (items are open-shaped). */
export function linesOf(items: unknown): PackLine[] {
  const lines = new Map<string, PackLine>();
  for (const item of openJson.objects(items)) {
    const sku = openJson.text(item.sku)?.trim() ?? '';
    const parsed = quantityOf(item.qty !== undefined ? item.qty : item.quantity);
    const key = sku.toUpperCase() || `item-${lines.size + 1}`;
    const before = lines.get(key);
    const productId = openJson.number(item.product_id);
    const gtin = openJson.text(item.gtin);
    const problem = 'problem' in parsed ? parsed.problem : null;
    const qty = 'qty' in parsed ? parsed.qty : 0;
    if (before) {
      // One unreadable quantity makes the whole line's count unknown.
      before.problem = before.problem ?? problem;
      before.qty = before.problem ? 0 : before.qty + qty;
      continue;
    }
    lines.set(key, {
      key,
      sku,
      name: openJson.text(item.name) ?? openJson.text(item.title) ?? sku,
      qty,
      productId:
        productId !== null && Number.isInteger(productId) && productId > 0 ? productId : null,
      gtin,
      problem,
    });
  }
  return [...lines.values()];
}

/** The lines whose quantity cannot be counted. */
export function malformedLines(lines: readonly PackLine[]): PackLine[] {
  return lines.filter((line) => line.problem !== null);
}

/** What the product lookup learnt about a line (its product and barcode). */
export interface LineProduct {
  productId: number;
  gtin: string | null;
}

/** The lines with what the lookups found filled in (the item's own values win). */
export function withProducts(
  lines: readonly PackLine[],
  found: ReadonlyMap<string, LineProduct>,
): PackLine[] {
  return lines.map((line) => {
    const product = found.get(line.key);
    if (!product) return line;
    return {
      ...line,
      productId: line.productId ?? product.productId,
      gtin: line.gtin ?? product.gtin,
    };
  });
}

/** GTIN-8/12/13/14 are the same number with leading zeros: compare them without. */
function gtinDigits(code: string): string | null {
  return /^\d{8,14}$/.test(code) ? code.replace(/^0+/, '') : null;
}

/** The line a code names: its SKU (any case) or its GTIN (any length). */
export function lineForCode(lines: readonly PackLine[], raw: string): PackLine | undefined {
  const code = raw.trim();
  const upper = code.toUpperCase();
  const digits = gtinDigits(code);
  return lines.find(
    (line) =>
      (line.sku !== '' && line.sku.toUpperCase() === upper) ||
      (digits !== null && line.gtin !== null && gtinDigits(line.gtin) === digits),
  );
}

export function countOf(counts: Counts, key: string): LineCount {
  return counts[key] ?? { scanned: 0, byHand: 0 };
}

export function doneOf(counts: Counts, line: PackLine): number {
  const c = countOf(counts, line.key);
  return c.scanned + c.byHand + (c.typed ?? 0);
}

/** Units still to verify across the order (malformed lines have none to count). */
export function remaining(lines: readonly PackLine[], counts: Counts): number {
  return lines.reduce((sum, line) => sum + Math.max(0, line.qty - doneOf(counts, line)), 0);
}

/**
 * Every unit verified, and no malformed line left standing (`malformedPassed`: the packer
 * overrode them on purpose).
 */
export function isComplete(
  lines: readonly PackLine[],
  counts: Counts,
  malformedPassed = false,
): boolean {
  return (
    lines.length > 0 &&
    remaining(lines, counts) === 0 &&
    (malformedPassed || malformedLines(lines).length === 0)
  );
}

/** One unit of a line, scanned or confirmed by key; a full line counts nothing. */
export function countUnit(
  lines: readonly PackLine[],
  counts: Counts,
  line: PackLine,
  byHand: boolean,
  malformedPassed = false,
): { counts: Counts; verdict: PackVerdict } {
  if (line.problem !== null) return { counts, verdict: { kind: 'malformed', line } };
  if (doneOf(counts, line) >= line.qty) return { counts, verdict: { kind: 'over', line } };
  const before = countOf(counts, line.key);
  const next: Counts = {
    ...counts,
    [line.key]: byHand
      ? { ...before, byHand: before.byHand + 1 }
      : { ...before, scanned: before.scanned + 1 },
  };
  return {
    counts: next,
    verdict: {
      kind: 'counted',
      line,
      byHand,
      complete: isComplete(lines, next, malformedPassed),
    },
  };
}

/** A scanned code: counted on its line, refused as one too many, or unknown to the lines. */
export function applyScan(
  lines: readonly PackLine[],
  counts: Counts,
  code: string,
  malformedPassed = false,
): { counts: Counts; verdict: PackVerdict } {
  const line = lineForCode(lines, code);
  if (!line) return { counts, verdict: { kind: 'unknown', code: code.trim() } };
  return countUnit(lines, counts, line, false, malformedPassed);
}

export type TypedVerdict =
  /** The line now holds `total` units; `added` of them by this number. */
  | { kind: 'typed'; line: PackLine; total: number; added: number; complete: boolean }
  /** More than the line needs: the line is filled to its quantity, the rest refused. */
  | { kind: 'capped'; line: PackLine; typed: number; added: number; complete: boolean }
  /** No more than is counted already: nothing changes. */
  | { kind: 'not-more'; line: PackLine; typed: number; done: number };

/**
 * A number typed after a scan of a multi-unit line: how many of that item are in the box in
 * all (the scanned one included), so a line of 12 is one scan and "12", Enter. More than the
 * line's quantity fills it and says how many to take out; the extra is never counted.
 */
export function countTyped(
  lines: readonly PackLine[],
  counts: Counts,
  line: PackLine,
  typed: number,
  malformedPassed = false,
): { counts: Counts; verdict: TypedVerdict } {
  const done = doneOf(counts, line);
  if (line.problem !== null || typed <= done) {
    return { counts, verdict: { kind: 'not-more', line, typed, done } };
  }
  const total = Math.min(typed, line.qty);
  const added = total - done;
  const before = countOf(counts, line.key);
  const next: Counts = { ...counts, [line.key]: { ...before, typed: (before.typed ?? 0) + added } };
  const complete = isComplete(lines, next, malformedPassed);
  return {
    counts: next,
    verdict:
      typed > line.qty
        ? { kind: 'capped', line, typed, added, complete }
        : { kind: 'typed', line, total, added, complete },
  };
}

/** The next line that still needs a unit (for "confirm by key" on the active line). */
export function nextOpenLine(lines: readonly PackLine[], counts: Counts): PackLine | undefined {
  return lines.find((line) => doneOf(counts, line) < line.qty);
}
