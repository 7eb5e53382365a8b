/**
 * Client-side filter, search and sort of the in-memory shipments list, as pure functions.
 * At 100,000 rows each must stay well under a frame budget of work per change: sorting is
 * done once per sort key over the whole list (memoised by the view) and filtering then walks
 * the sorted list, so a filter change never sorts again and the order is stable.
 */

import { SHIPMENT_LIST_SLA_STATUS } from '../../../../shared/api/enums.gen';
import { type RowKey, reverseSorted, sortRows } from '../../ui/list/row-sort';
import { savedChoice } from '../preferences/saved-values';
import type { ShipmentRow } from './shipment-rows';

export const SHIPMENT_STATUSES = [
  'schedule_pickup',
  'pickup_scheduled',
  'waiting_for_dropoff',
  'fulfilling',
  'action_required',
  'completed',
] as const;
/** The spec's SLA statuses (generated from shared/api/openapi.yaml: npm run api:gen). */
export const SLA_STATUSES = SHIPMENT_LIST_SLA_STATUS;
export const SLA_LABELS: Record<string, string> = { MET: 'Met', MISS: 'Missed', PND: 'Pending' };
/** The reasons of the spec, and '' for "no reason recorded" (the field may be blank). */
export const SELECTION_REASONS = ['COST', 'SLA', 'CO2', 'CAP', 'MAN', ''] as const;
export const REASON_LABELS: Record<string, string> = {
  COST: 'Cost',
  SLA: 'SLA',
  CO2: 'CO₂',
  CAP: 'Capacity',
  MAN: 'Manual',
  '': 'None recorded',
};

export interface ShipmentFilters {
  carrier: string[];
  status: string[];
  sla: string[];
  reason: string[];
  q: string;
}

export const EMPTY_SHIPMENT_FILTERS: ShipmentFilters = {
  carrier: [],
  status: [],
  sla: [],
  reason: [],
  q: '',
};

export const SORT_COLUMNS = [
  'id',
  'createdMs',
  'carrier',
  'service',
  'tracking',
  'status',
  'sla',
  'missProb',
  'reason',
  'recipient',
  'destination',
  'packages',
] as const;
export type SortColumn = (typeof SORT_COLUMNS)[number];

export interface ShipmentSort {
  column: SortColumn;
  desc: boolean;
}

/** The API's own order is newest first: the default sort says so. */
export const DEFAULT_SORT: ShipmentSort = { column: 'createdMs', desc: true };

const NUMERIC: ReadonlySet<SortColumn> = new Set(['createdMs', 'missProb', 'packages']);

/** Sorted copies already made, per list and sort: going back to a sort costs nothing. */
const sortCache = new WeakMap<readonly ShipmentRow[], Map<string, ShipmentRow[]>>();

/** A column's sort key; null for a missing value (null, NaN, ''), which sorts last. */
export function shipmentSortKey(column: SortColumn): RowKey<ShipmentRow> {
  if (NUMERIC.has(column))
    return (r) => {
      const v = r[column] as number | null;
      return v === null || Number.isNaN(v) ? null : v;
    };
  const lower = column === 'recipient' || column === 'destination';
  return (r) => {
    const v = r[column] as string;
    return v === '' ? null : lower ? v.toLowerCase() : v;
  };
}

/**
 * A sorted copy. Missing values (null, '') go last whichever the direction. Numbers sort as
 * numbers; strings by code unit, not by locale: ids, codes and tracking numbers are ASCII, and
 * a locale compare costs several times more at 100,000 rows (names and places are compared
 * lower-cased). Ties keep the API's order. A column of few values is counted rather than
 * compared, and the other direction of a sort already made is read back from it
 * (ui/list/row-sort.ts: both without a comparison sort).
 */
export function sortShipments(rows: readonly ShipmentRow[], sort: ShipmentSort): ShipmentRow[] {
  const { column, desc } = sort;
  const cacheKey = `${column}:${desc ? 'desc' : 'asc'}`;
  let cache = sortCache.get(rows);
  const hit = cache?.get(cacheKey);
  if (hit) return hit;
  const key = shipmentSortKey(column);
  const other = cache?.get(`${column}:${desc ? 'asc' : 'desc'}`);
  const result = other ? reverseSorted(other, key) : sortRows(rows, key, desc);
  if (!cache) {
    cache = new Map();
    sortCache.set(rows, cache);
  }
  cache.set(cacheKey, result);
  return result;
}

/** The rows matching every filter in force (an empty list filter matches everything). */
export function filterShipments(
  rows: readonly ShipmentRow[],
  filters: ShipmentFilters,
): ShipmentRow[] {
  const carrier = filters.carrier.length > 0 ? new Set(filters.carrier) : null;
  const status = filters.status.length > 0 ? new Set(filters.status) : null;
  const sla = filters.sla.length > 0 ? new Set(filters.sla) : null;
  const reason = filters.reason.length > 0 ? new Set(filters.reason) : null;
  const q = filters.q.trim().toLowerCase();
  if (!carrier && !status && !sla && !reason && q === '') return rows as ShipmentRow[];
  return rows.filter(
    (r) =>
      (!carrier || carrier.has(r.carrier)) &&
      (!status || status.has(r.status)) &&
      (!sla || sla.has(r.sla)) &&
      (!reason || reason.has(r.reason)) &&
      (q === '' || r.search.includes(q)),
  );
}

export function hasFilters(filters: ShipmentFilters): boolean {
  return (
    filters.carrier.length + filters.status.length + filters.sla.length + filters.reason.length >
      0 || filters.q.trim() !== ''
  );
}

const stringList = (v: unknown, max = 50): string[] =>
  Array.isArray(v)
    ? [...new Set(v.filter((x): x is string => typeof x === 'string' && x.length <= 64))].slice(
        0,
        max,
      )
    : [];

/** settings.views.shipments as the view uses it; anything broken becomes a default. */
export function readShipmentsSettings(views: Record<string, unknown> | undefined): {
  filters: ShipmentFilters;
  sort: ShipmentSort;
} {
  const raw = views?.shipments;
  const r =
    typeof raw === 'object' && raw !== null && !Array.isArray(raw)
      ? (raw as Record<string, unknown>)
      : {};
  const f =
    typeof r.filters === 'object' && r.filters !== null
      ? (r.filters as Record<string, unknown>)
      : {};
  const s =
    typeof r.sort === 'object' && r.sort !== null ? (r.sort as Record<string, unknown>) : {};
  const column = savedChoice<SortColumn>(s.column, SORT_COLUMNS, DEFAULT_SORT.column);
  return {
    filters: {
      carrier: stringList(f.carrier),
      status: stringList(f.status),
      sla: stringList(f.sla),
      reason: stringList(f.reason),
      q: typeof f.q === 'string' ? f.q.slice(0, 200) : '',
    },
    sort: { column, desc: typeof s.desc === 'boolean' ? s.desc : DEFAULT_SORT.desc },
  };
}
