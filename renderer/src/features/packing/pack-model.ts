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
  /** Units to pack. */
  qty: number;
  /** When the item names its product (the API's items may; otherwise found by SKU). */
  productId: number | null;
  gtin: string | null;
}

export interface LineCount {
  scanned: number;
  byHand: number;
}

export type Counts = Readonly<Record<string, LineCount>>;

export type PackVerdict =
  | { kind: 'counted'; line: PackLine; byHand: boolean; complete: boolean }
  /** The line is full already: nothing counted. */
  | { kind: 'over'; line: PackLine }
  /** Not an item of this order, as far as the lines know. */
  | { kind: 'unknown'; code: string };

/** The order's items as lines to pack: tolerant of any shape (items are open-shaped). */
export function linesOf(items: unknown): PackLine[] {
  const lines = new Map<string, PackLine>();
  for (const item of openJson.objects(items)) {
    const sku = openJson.text(item.sku)?.trim() ?? '';
    const qty = openJson.number(item.qty) ?? openJson.number(item.quantity) ?? 1;
    if (qty <= 0) continue;
    const key = sku.toUpperCase() || `item-${lines.size + 1}`;
    const before = lines.get(key);
    const productId = openJson.number(item.product_id);
    const gtin = openJson.text(item.gtin);
    if (before) {
      before.qty += Math.round(qty);
      continue;
    }
    lines.set(key, {
      key,
      sku,
      name: openJson.text(item.name) ?? openJson.text(item.title) ?? sku,
      qty: Math.round(qty),
      productId:
        productId !== null && Number.isInteger(productId) && productId > 0 ? productId : null,
      gtin,
    });
  }
  return [...lines.values()];
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
  return c.scanned + c.byHand;
}

/** Units still to verify across the order. */
export function remaining(lines: readonly PackLine[], counts: Counts): number {
  return lines.reduce((sum, line) => sum + Math.max(0, line.qty - doneOf(counts, line)), 0);
}

export function isComplete(lines: readonly PackLine[], counts: Counts): boolean {
  return lines.length > 0 && remaining(lines, counts) === 0;
}

/** One unit of a line, scanned or confirmed by key; a full line counts nothing. */
export function countUnit(
  lines: readonly PackLine[],
  counts: Counts,
  line: PackLine,
  byHand: boolean,
): { counts: Counts; verdict: PackVerdict } {
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
    verdict: { kind: 'counted', line, byHand, complete: isComplete(lines, next) },
  };
}

/** A scanned code: counted on its line, refused as one too many, or unknown to the lines. */
export function applyScan(
  lines: readonly PackLine[],
  counts: Counts,
  code: string,
): { counts: Counts; verdict: PackVerdict } {
  const line = lineForCode(lines, code);
  if (!line) return { counts, verdict: { kind: 'unknown', code: code.trim() } };
  return countUnit(lines, counts, line, false);
}

/** The next line that still needs a unit (for "confirm by key" on the active line). */
export function nextOpenLine(lines: readonly PackLine[], counts: Counts): PackLine | undefined {
  return lines.find((line) => doneOf(counts, line) < line.qty);
}
