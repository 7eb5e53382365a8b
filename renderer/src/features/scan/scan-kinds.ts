/**
 * What a scanned code can name, and in which order the console looks: pure, so the order is
 * tested without a browser. Each kind costs one API request to look up (the shipments list
 * already in memory costs none), and the first kind with an exact match wins, so the order
 * decides how many requests a scan spends:
 *
 * - where the person is says what they most likely scanned: Returns → a return first,
 *   Inventory and Locations → a product, Shipments and Tracking → a shipment; anywhere else
 *   (Orders, the pack bench) → an order. An order scan at a pack station is then one lookup
 *   plus the order's own load: two requests, the budget a floor of stations shares;
 * - a code's shape moves one kind to the front where it is unmistakable: "RMA-…" is a return,
 *   "shp_…" a shipment id, a 13/14-digit number with a valid GS1 check digit a product's GTIN.
 *   Shape only reorders, it never skips a kind, so an odd code still finds its match.
 */

export type ScanKind = 'order' | 'return' | 'product' | 'shipment';

export const SCAN_KINDS: readonly ScanKind[] = ['order', 'return', 'product', 'shipment'];

/** One thing a code names exactly. */
export interface ScanHit {
  kind: ScanKind;
  /** The id its page is opened by: order/return/product number, or the shipment id. */
  id: string;
  /** What a person calls it: "#EU3042", "RMA-2026-000007", "BAR-0108 Barista kettle". */
  title: string;
  /** A second line to tell several apart: customer, location count, carrier. */
  detail: string;
  /** Which field equalled the code ("tracking number", "GTIN"). */
  field: string;
}

const NOUNS: Record<ScanKind, string> = {
  order: 'order',
  return: 'return',
  product: 'product',
  shipment: 'shipment',
};

export function kindNoun(kind: ScanKind): string {
  return NOUNS[kind];
}

/** The kind the current page is about, from its route ("/returns/7" → return). */
export function contextKind(path: string): ScanKind {
  if (/^\/returns(\/|$)/.test(path)) return 'return';
  if (/^\/(inventory|locations)(\/|$)/.test(path)) return 'product';
  if (/^\/(shipments|tracking)(\/|$)/.test(path)) return 'shipment';
  return 'order';
}

/** GS1 check digit (GTIN-8/12/13/14): the last digit from the others, weights 3,1 from the right. */
export function isGtin(code: string): boolean {
  if (!/^\d{8}$|^\d{12,14}$/.test(code)) return false;
  const digits = [...code].map(Number);
  const check = digits.pop() ?? 0;
  const sum = digits.reverse().reduce((s, d, i) => s + d * (i % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === check;
}

/** The kind a code's shape names beyond doubt, or null. */
export function shapeKind(code: string): ScanKind | null {
  const c = code.trim();
  if (/^RMA[-\s]?\d/i.test(c)) return 'return';
  if (/^shp_[A-Za-z0-9]+$/.test(c)) return 'shipment';
  // 13/14 digits: EAN-13 and GTIN-14 on products; carriers' 12-digit numbers are left alone.
  if (/^\d{13,14}$/.test(c) && isGtin(c)) return 'product';
  return null;
}

/** The order to look a code up in: its shape's kind, the page's kind, then the rest. */
export function lookupOrder(code: string, path: string): ScanKind[] {
  const first = [shapeKind(code), contextKind(path)].filter((k): k is ScanKind => k !== null);
  return [...new Set<ScanKind>([...first, ...SCAN_KINDS])];
}
