/**
 * Locations as people read them: the spec's enums in words, the flags as short phrases, the
 * address on one line, and the stock chart's rows (the stock totals joined to the locations,
 * each bar's share of the largest). Pure functions over schema-valid values, where nearly
 * every field may be missing.
 */
import type { Api } from '../../../../shared/contract/values';

export type Location = Api['Location'];
export type LocationStockTotal = Api['LocationStockTotal'];

const TYPE_LABELS: Record<string, string> = {
  warehouse: 'Warehouse',
  store: 'Store',
  '3pl': '3PL',
  dropship: 'Dropship',
  transit: 'In transit',
  virtual: 'Virtual',
};

const STORAGE_LABELS: Record<string, string> = {
  ambient: 'Ambient',
  racked: 'Racked',
  bulk: 'Bulk',
  mezzanine: 'Mezzanine',
  automated: 'Automated',
  cross_dock: 'Cross-dock',
};

const TEMPERATURE_LABELS: Record<string, string> = {
  ambient: 'Ambient',
  chilled: 'Chilled',
  frozen: 'Frozen',
  controlled: 'Controlled',
};

/** An enum value in words; unknown values as given, blank or missing as null. */
const label = (labels: Record<string, string>, value: string | null | undefined) =>
  value ? (labels[value] ?? value) : null;

export const locationTypeLabel = (v: string | null | undefined) => label(TYPE_LABELS, v);
export const storageTypeLabel = (v: string | null | undefined) => label(STORAGE_LABELS, v);
export const temperatureLabel = (v: string | null | undefined) => label(TEMPERATURE_LABELS, v);

export interface LocationFlag {
  key: 'active' | 'fulfillable' | 'default';
  label: string;
  /** False flags are shown too ("Inactive"), as a supervisor needs to see them. */
  on: boolean;
}

/** The three flags, each only when the answer has it. */
export function locationFlags(location: Partial<Location>): LocationFlag[] {
  const flags: LocationFlag[] = [];
  if (typeof location.is_active === 'boolean') {
    flags.push({
      key: 'active',
      label: location.is_active ? 'Active' : 'Inactive',
      on: location.is_active,
    });
  }
  if (typeof location.is_fulfillable === 'boolean') {
    flags.push({
      key: 'fulfillable',
      label: location.is_fulfillable ? 'Fulfillable' : 'Not fulfillable',
      on: location.is_fulfillable,
    });
  }
  if (location.is_default === true) flags.push({ key: 'default', label: 'Default', on: true });
  return flags;
}

/** "Kabelweg 37, 1014 BA Amsterdam, NL", or null when nothing is known. */
export function addressLine(location: Partial<Location>): string | null {
  const town = [location.postal_code, location.city].filter(Boolean).join(' ');
  const parts = [location.address1, town, location.country].filter(
    (p): p is string => typeof p === 'string' && p.trim() !== '',
  );
  return parts.length > 0 ? parts.join(', ') : null;
}

export interface ChartRow {
  locationId: number;
  code: string;
  name: string;
  units: number;
  skus: number;
  lastMovementAt: string | null;
  /** 0..1 of the largest value among the rows, for the bar lengths. */
  unitsShare: number;
  skuShare: number;
}

const count = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : 0);

/**
 * The chart's rows: every total with a location id, named from the locations list (a total
 * for a location the list does not hold keeps its id as its name), most units first.
 */
export function chartRows(
  totals: readonly LocationStockTotal[],
  locations: readonly Partial<Location>[],
): ChartRow[] {
  const byId = new Map(locations.map((l) => [l.id, l]));
  const rows = totals
    .filter((t): t is LocationStockTotal & { location_id: number } => {
      return typeof t.location_id === 'number';
    })
    .map((t) => {
      const location = byId.get(t.location_id);
      return {
        locationId: t.location_id,
        code: location?.code || `#${t.location_id}`,
        name: location?.name || `Location ${t.location_id}`,
        units: count(t.units_on_hand),
        skus: count(t.sku_count),
        lastMovementAt: t.last_movement_at ?? null,
        unitsShare: 0,
        skuShare: 0,
      };
    });
  const maxUnits = Math.max(0, ...rows.map((r) => r.units));
  const maxSkus = Math.max(0, ...rows.map((r) => r.skus));
  for (const r of rows) {
    r.unitsShare = maxUnits > 0 ? r.units / maxUnits : 0;
    r.skuShare = maxSkus > 0 ? r.skus / maxSkus : 0;
  }
  return rows.sort((a, b) => b.units - a.units || a.code.localeCompare(b.code));
}

/** The stock totals of one location, or null when the answer has none for it. */
export function totalFor(
  totals: readonly LocationStockTotal[] | undefined,
  locationId: number,
): LocationStockTotal | null {
  return totals?.find((t) => t.location_id === locationId) ?? null;
}
