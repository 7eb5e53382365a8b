/**
 * The stock levels view's filter state: every filter of the spec's inventory list (location,
 * low stock, out of stock, expiring within N days, search). One plain object, kept in the
 * settings file (settings.views.inventory.filters), turned into the bridge's
 * `inventoryFilters` shape and into a stable query key. Reading from settings is forgiving
 * value by value, so a damaged or older file loses one bad filter, never the view.
 */
import type { InventoryFilters } from '../../../../shared/contract/arg-schemas';
import { savedObject } from '../preferences/saved-values';

export interface InventoryViewFilters {
  /** A location id, or null for every location. */
  location: number | null;
  lowStock: boolean;
  outOfStock: boolean;
  /** Rows holding a batch that expires within this many days; null when not filtering. */
  expiringWithinDays: number | null;
  /** Searches SKU, GTIN, name or brand. */
  q: string;
}

export const EMPTY_INVENTORY_FILTERS: InventoryViewFilters = Object.freeze({
  location: null,
  lowStock: false,
  outOfStock: false,
  expiringWithinDays: null,
  q: '',
}) as InventoryViewFilters;

/** The bridge's limits (arg-schemas.ts): 0..3650 days, a search of at most 200 characters. */
export const MAX_EXPIRY_DAYS = 3650;
const MAX_QUERY_LENGTH = 200;

/** Quick choices for the expiry filter; any other whole number can be typed. */
export const EXPIRY_CHOICES = [7, 14, 30, 60, 90] as const;

/** A location id: any whole number (the spec allows 0 and below: a location like any other). */
function locationOf(value: unknown): number | null {
  return typeof value === 'number' && Number.isSafeInteger(value) ? value : null;
}

/** A location id as an address writes it: `-3`, `0`, `12`. */
const LOCATION_IN_ADDRESS = /^-?\d{1,15}$/;

/** The location an address names (`location=3`, `location=-2`), or null for every location. */
export function locationFromSearch(search: string): number | null {
  const text = new URLSearchParams(search).get('location') ?? '';
  return LOCATION_IN_ADDRESS.test(text) ? locationOf(Number(text)) : null;
}

/** The address's names for the filters; an address with any of them names the filters. */
const FILTER_PARAMS = ['location', 'low', 'out', 'expiring', 'q'] as const;

export function cleanDays(value: unknown): number | null {
  if (typeof value !== 'number' || !Number.isInteger(value)) return null;
  return value >= 0 && value <= MAX_EXPIRY_DAYS ? value : null;
}

/** Reads filters from the settings file, dropping what is not valid. */
export function inventoryFiltersFromSettings(raw: unknown): InventoryViewFilters {
  const r = savedObject(raw);
  if (r === null) return { ...EMPTY_INVENTORY_FILTERS };
  return {
    location: locationOf(r.location),
    lowStock: r.lowStock === true,
    outOfStock: r.outOfStock === true,
    expiringWithinDays: cleanDays(r.expiringWithinDays),
    q: typeof r.q === 'string' ? r.q.slice(0, MAX_QUERY_LENGTH) : '',
  };
}

/**
 * The filters as stored. Every key is written (null for "no location", which the JSON merge
 * patch removes and reading brings back as null): a key left out would keep its old value.
 */
export function inventoryFiltersToSettings(filters: InventoryViewFilters): Record<string, unknown> {
  return {
    location: filters.location,
    lowStock: filters.lowStock,
    outOfStock: filters.outOfStock,
    expiringWithinDays: filters.expiringWithinDays,
    q: filters.q,
  };
}

/**
 * The bridge's filter shape. The booleans are sent only when set: the API reads
 * `low_stock=false` as "rows that are not low", which no one asks for from a checkbox.
 */
export function toInventoryBridgeFilters(filters: InventoryViewFilters): InventoryFilters {
  const out: InventoryFilters = {};
  const location = locationOf(filters.location);
  if (location !== null) out.location = location;
  if (filters.lowStock) out.low_stock = true;
  if (filters.outOfStock) out.out_of_stock = true;
  const days = cleanDays(filters.expiringWithinDays);
  if (days !== null) out.expiring_within_days = days;
  const q = filters.q.trim();
  if (q !== '') out.q = q.slice(0, MAX_QUERY_LENGTH);
  return out;
}

/** A stable text for the filters, for query keys and to tell when they changed. */
export function inventoryFiltersKey(filters: InventoryViewFilters): string {
  const bridge = toInventoryBridgeFilters(filters);
  return JSON.stringify(
    Object.fromEntries(Object.entries(bridge).sort(([a], [b]) => a.localeCompare(b))),
  );
}

/** How many filters are set (the filter bar's "Clear filters (3)"). */
export function activeInventoryFilterCount(filters: InventoryViewFilters): number {
  return Object.keys(toInventoryBridgeFilters(filters)).length;
}

/**
 * Low stock means "above zero and at or below the reorder point", out of stock means "zero
 * or less": no row is both, so asking for both can only answer nothing. Said before asking.
 */
export function inventoryFilterProblem(filters: InventoryViewFilters): string | null {
  if (filters.lowStock && filters.outOfStock) {
    return 'A row is never both low and out of stock: low stock means some is still available.';
  }
  return null;
}

/**
 * The filters as the view's address (`location=3&low=1&expiring=30&q=tea`), so a list can be
 * bookmarked and a board count can link to it. `location` is always written (`all` for every
 * location): an address with it means "exactly these filters", one without it none at all.
 */
export function inventoryFiltersToSearch(filters: InventoryViewFilters): string {
  const params = new URLSearchParams();
  params.set('location', filters.location === null ? 'all' : String(filters.location));
  if (filters.lowStock) params.set('low', '1');
  if (filters.outOfStock) params.set('out', '1');
  const days = cleanDays(filters.expiringWithinDays);
  if (days !== null) params.set('expiring', String(days));
  const q = filters.q.trim();
  if (q !== '') params.set('q', q.slice(0, MAX_QUERY_LENGTH));
  return params.toString();
}

/**
 * The filters an address names, or null when it names none: an address with any filter in it
 * (`?q=GFT-0078` alone too) is exactly those filters, the others cleared; only a bare
 * `#/inventory` takes the saved ones.
 */
export function inventoryFiltersFromSearch(search: string): InventoryViewFilters | null {
  const params = new URLSearchParams(search);
  if (!FILTER_PARAMS.some((name) => params.has(name))) return null;
  const location = params.get('location') ?? 'all';
  const flag = (name: string) => params.get(name) === '1' || params.get(name) === 'true';
  const days = params.get('expiring');
  return {
    location: LOCATION_IN_ADDRESS.test(location) ? locationOf(Number(location)) : null,
    lowStock: flag('low'),
    outOfStock: flag('out'),
    expiringWithinDays: days !== null && /^\d{1,4}$/.test(days) ? cleanDays(Number(days)) : null,
    q: (params.get('q') ?? '').slice(0, MAX_QUERY_LENGTH),
  };
}
