/**
 * The Orders view's part of the settings file (settings.views.orders): its filters, page
 * size, column arrangement and saved views. Reading repairs anything damaged piece by piece;
 * writing produces the JSON merge patch the bridge's settingsUpdate takes (arrays are
 * replaced whole, objects merged), so every writer sends complete pieces.
 */

import { DEFAULT_PAGE_SIZE, PAGE_SIZES, pagerSettings } from '../../ui/list/pager';
import { savedChoice, savedObject } from '../preferences/saved-values';
import {
  type ColumnState,
  columnStateFromSettings,
  columnStateToSettings,
  defaultColumnState,
} from './column-state';
import {
  EMPTY_FILTERS,
  filtersFromSettings,
  filtersToSettings,
  type OrderViewFilters,
} from './order-filters';

/** The orders list's pager. */
export const ORDERS_PAGER = pagerSettings('orders', 'orders');

export interface SavedView {
  id: string;
  name: string;
  filters: OrderViewFilters;
}

export interface OrdersViewSettings {
  filters: OrderViewFilters;
  pageSize: number;
  columns: ColumnState;
  savedViews: SavedView[];
}

export const MAX_SAVED_VIEWS = 30;
export const MAX_VIEW_NAME = 60;

export function defaultViewSettings(): OrdersViewSettings {
  return {
    filters: { ...EMPTY_FILTERS },
    pageSize: DEFAULT_PAGE_SIZE,
    columns: defaultColumnState(),
    savedViews: [],
  };
}

function readSavedViews(raw: unknown): SavedView[] {
  if (!Array.isArray(raw)) return [];
  const views: SavedView[] = [];
  for (const item of raw) {
    if (typeof item !== 'object' || item === null) continue;
    const v = item as Record<string, unknown>;
    if (typeof v.id !== 'string' || typeof v.name !== 'string') continue;
    const name = v.name.trim().slice(0, MAX_VIEW_NAME);
    if (name === '' || views.some((s) => s.id === v.id)) continue;
    views.push({ id: v.id, name, filters: filtersFromSettings(v.filters) });
  }
  return views.slice(0, MAX_SAVED_VIEWS);
}

/** settings.views.orders as the view uses it; anything missing or broken is a default. */
export function readViewSettings(views: Record<string, unknown> | undefined): OrdersViewSettings {
  const r = savedObject(views?.orders);
  if (r === null) return defaultViewSettings();
  const pageSize = savedChoice(r.pageSize, PAGE_SIZES, DEFAULT_PAGE_SIZE);
  return {
    filters: 'filters' in r ? filtersFromSettings(r.filters) : { ...EMPTY_FILTERS },
    pageSize,
    columns: columnStateFromSettings(r.columns),
    savedViews: readSavedViews(r.savedViews),
  };
}

export type ViewSettingsChange =
  | { filters: OrderViewFilters }
  | { pageSize: number }
  | { columns: ColumnState }
  | { savedViews: SavedView[] };

/** The merge patch for one change: `{ views: { orders: { … } } }`. */
export function viewSettingsPatch(change: ViewSettingsChange): {
  views: { orders: Record<string, unknown> };
} {
  const orders: Record<string, unknown> = {};
  if ('filters' in change) orders.filters = filtersToSettings(change.filters);
  if ('pageSize' in change) orders.pageSize = change.pageSize;
  if ('columns' in change) orders.columns = columnStateToSettings(change.columns);
  if ('savedViews' in change) {
    orders.savedViews = change.savedViews.map((v) => ({
      id: v.id,
      name: v.name,
      filters: filtersToSettings(v.filters),
    }));
  }
  return { views: { orders } };
}

/** Adds a saved view, or replaces the one with the same name (case-insensitive). */
export function saveView(
  views: readonly SavedView[],
  name: string,
  filters: OrderViewFilters,
  newId: () => string,
): SavedView[] {
  const clean = name.trim().slice(0, MAX_VIEW_NAME);
  if (clean === '') return [...views];
  const existing = views.find((v) => v.name.toLowerCase() === clean.toLowerCase());
  if (existing) {
    return views.map((v) => (v === existing ? { ...v, name: clean, filters: { ...filters } } : v));
  }
  return [...views, { id: newId(), name: clean, filters: { ...filters } }].slice(-MAX_SAVED_VIEWS);
}

export function deleteView(views: readonly SavedView[], id: string): SavedView[] {
  return views.filter((v) => v.id !== id);
}
