/**
 * The supervisor's exceptions board as pure functions: which counts to ask the API for (a
 * filtered list's count where a filter exists), the board's rows (one per location and a
 * total) from those counts, the location totals and the exceptions walk (expired and recall,
 * which no filter finds), and where each count leads. A count not known yet is null, so the
 * board says "…" rather than a wrong zero.
 */
import type { PulledMark } from '../../../../shared/contract/action-values';
import type { InventoryFilters } from '../../../../shared/contract/arg-schemas';
import type { Api, InventoryExceptions } from '../../../../shared/contract/values';
import { isPastExpiry } from '../../../../shared/stock-expiry';
import { type InventoryViewFilters, inventoryFiltersToSearch } from './inventory-filters';
import { onShelf, pulledAtLocation } from './pulled-marks';
import { expiredEntries, type HeldBatch, recallEntries } from './recall-list';
import { type OpenRecall, type ProductStock, recallAtLocation } from './stock-facts';

/** What the API counts for the board through a filter. */
export type CountedMeasure = 'low' | 'out' | 'expiring';
/** What the walk counts (no filter exists for it). */
export type WalkedMeasure = 'expired' | 'voluntary' | 'mandatory';
export type BoardMeasure = 'onHand' | CountedMeasure | WalkedMeasure;

export const BOARD_MEASURES: readonly BoardMeasure[] = [
  'onHand',
  'low',
  'out',
  'expiring',
  'expired',
  'voluntary',
  'mandatory',
];

export interface BoardLocation {
  id: number;
  code: string;
  name: string;
}

export interface BoardRow {
  /** null on the total row. */
  location: BoardLocation | null;
  /** For expired and recalls: the rows with stock still on the shelf (pulled marks taken off). */
  counts: Record<BoardMeasure, number | null>;
  /** For expired and recalls: every row the walk found, pulled off the shelf or not. */
  held?: Record<WalkedMeasure, number | null>;
}

export interface CountRequest {
  measure: CountedMeasure;
  locationId: number | null;
  filters: InventoryFilters;
}

/** The counts to ask for: each counted measure at each location and over all of them. */
export function countRequests(locationIds: readonly number[], days: number): CountRequest[] {
  const out: CountRequest[] = [];
  for (const locationId of [...locationIds, null]) {
    const at = locationId === null ? {} : { location: locationId };
    out.push({ measure: 'low', locationId, filters: { ...at, low_stock: true } });
    out.push({ measure: 'out', locationId, filters: { ...at, out_of_stock: true } });
    out.push({ measure: 'expiring', locationId, filters: { ...at, expiring_within_days: days } });
  }
  return out;
}

export const countKey = (measure: CountedMeasure, locationId: number | null) =>
  `${measure}@${locationId ?? 'all'}`;

type WalkCounts = Record<WalkedMeasure, number>;

/** Per location: what the walk found held there, and what of it is still on the shelf. */
export interface WalkCells {
  held: WalkCounts;
  onShelf: WalkCounts;
}

const zero = (): WalkCounts => ({ expired: 0, voluntary: 0, mandatory: 0 });
const placeKey = (productId: number, locationId: number) => `${productId}@${locationId}`;

/**
 * Per product and location, whether any of these batches is still on the shelf once the
 * pulled marks are taken off (false only when every one was pulled in full).
 */
function shelfIndex(entries: readonly HeldBatch[], marks: readonly PulledMark[]) {
  const index = new Map<string, boolean>();
  for (const e of entries) {
    const key = placeKey(e.product.id, e.location.id);
    const pulled = pulledAtLocation(marks, e.batch.id, e.location.id).quantity;
    index.set(key, (index.get(key) ?? false) || onShelf(e.onHand, pulled) > 0);
  }
  return index;
}

/**
 * Expired and recalled rows per location from the walk. A row counts under the strictest
 * recall of the batches its location holds (the product stock's batch_breakdown there), so a
 * product recalled at one location is not counted at its others; a recalled product whose
 * stock was not read falls back to the row's product-wide recall. A row stays on the shelf
 * until every recalled (or expired) batch of it there is marked pulled in full; a row whose
 * batches were not read stays on the shelf, as nothing says it left.
 */
export function walkCounts(
  found: InventoryExceptions,
  now: number,
  marks: readonly PulledMark[] = [],
): Map<number, WalkCells> {
  const stockOf = new Map<number, ProductStock>();
  for (const stock of found.recalled) {
    if (typeof stock.product?.id === 'number') stockOf.set(stock.product.id, stock);
  }
  const recallShelf = shelfIndex(recallEntries(found.recalled), marks);
  const expiredShelf = shelfIndex(expiredEntries(found.expired ?? [], now), marks);
  const byLocation = new Map<number, WalkCells>();
  for (const row of found.rows) {
    const id = row.location?.id;
    if (typeof id !== 'number') continue;
    const cells = byLocation.get(id) ?? { held: zero(), onShelf: zero() };
    byLocation.set(id, cells);
    const key = placeKey(row.product_id, id);
    if (isPastExpiry(row.earliest_expiry, now)) {
      cells.held.expired += 1;
      if (expiredShelf.get(key) ?? true) cells.onShelf.expired += 1;
    }
    if (row.recall == null) continue;
    const stock = stockOf.get(row.product_id);
    const here: OpenRecall | null = stock ? recallAtLocation(stock, id) : row.recall;
    if (!here) continue;
    cells.held[here] += 1;
    if (recallShelf.get(key) ?? true) cells.onShelf[here] += 1;
  }
  return byLocation;
}

export interface BoardInputs {
  locations: readonly BoardLocation[];
  /** The API's per-location totals (units on hand), when answered. */
  totals?: Api['LocationStockTotals'];
  /** A count by countKey, when answered. */
  count(key: string): number | undefined;
  found?: InventoryExceptions;
  /** The pulled marks: what left the shelf comes off the expired and recall counts. */
  marks?: readonly PulledMark[];
  now: number;
}

const sumOrNull = (values: readonly (number | null)[]) =>
  values.some((v) => v === null) ? null : values.reduce<number>((a, v) => a + (v ?? 0), 0);

/** The board: a row per location (in the order given) and the total row last. */
export function boardRows(input: BoardInputs): BoardRow[] {
  const walked = input.found ? walkCounts(input.found, input.now, input.marks) : undefined;
  const units = new Map<number, number>();
  for (const t of input.totals?.results ?? []) {
    if (typeof t.location_id === 'number') units.set(t.location_id, t.units_on_hand ?? 0);
  }
  const rows: BoardRow[] = input.locations.map((location) => {
    const w = walked?.get(location.id);
    const known = walked !== undefined;
    return {
      location,
      counts: {
        onHand: input.totals ? (units.get(location.id) ?? 0) : null,
        low: input.count(countKey('low', location.id)) ?? null,
        out: input.count(countKey('out', location.id)) ?? null,
        expiring: input.count(countKey('expiring', location.id)) ?? null,
        expired: known ? (w?.onShelf.expired ?? 0) : null,
        voluntary: known ? (w?.onShelf.voluntary ?? 0) : null,
        mandatory: known ? (w?.onShelf.mandatory ?? 0) : null,
      },
      held: {
        expired: known ? (w?.held.expired ?? 0) : null,
        voluntary: known ? (w?.held.voluntary ?? 0) : null,
        mandatory: known ? (w?.held.mandatory ?? 0) : null,
      },
    };
  });
  // The walk's totals are over every row it kept, a location missing from the list included.
  const all = walked ? [...walked.values()] : undefined;
  const walkTotal = (m: WalkedMeasure, of: keyof WalkCells = 'onShelf') =>
    all ? all.reduce((a, c) => a + c[of][m], 0) : null;
  rows.push({
    location: null,
    counts: {
      onHand: input.totals
        ? (input.totals.results ?? []).reduce((a, t) => a + (t.units_on_hand ?? 0), 0)
        : sumOrNull(rows.map((r) => r.counts.onHand)),
      low: input.count(countKey('low', null)) ?? null,
      out: input.count(countKey('out', null)) ?? null,
      expiring: input.count(countKey('expiring', null)) ?? null,
      expired: walkTotal('expired'),
      voluntary: walkTotal('voluntary'),
      mandatory: walkTotal('mandatory'),
    },
    held: {
      expired: walkTotal('expired', 'held'),
      voluntary: walkTotal('voluntary', 'held'),
      mandatory: walkTotal('mandatory', 'held'),
    },
  });
  return rows;
}

/**
 * Where a count leads: the stock list with the same filters in its address for what the API
 * filters, the expired rows or the recall list (at that location) for what it does not.
 */
export function boardLink(measure: BoardMeasure, locationId: number | null, days: number): string {
  const at = locationId === null ? 'all' : String(locationId);
  if (measure === 'expired') return `/inventory/expired?location=${at}`;
  if (measure === 'voluntary' || measure === 'mandatory') {
    return `/inventory/recalls?location=${at}&state=${measure}`;
  }
  const filters: InventoryViewFilters = {
    location: locationId,
    lowStock: measure === 'low',
    outOfStock: measure === 'out',
    expiringWithinDays: measure === 'expiring' ? days : null,
    q: '',
  };
  return `/inventory?${inventoryFiltersToSearch(filters)}`;
}
