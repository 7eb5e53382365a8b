/**
 * The stock levels view's part of the settings file (settings.views.inventory): its filters,
 * page size, the exceptions board's expiry horizon and the reorder list's margin, so a supervisor finds the view as they
 * left it after a restart. Reading
 * repairs anything damaged piece by piece; writing produces the JSON merge patch the bridge's
 * settingsUpdate takes, always with complete pieces.
 */

import { DEFAULT_PAGE_SIZE, PAGE_SIZES, pagerSettings } from '../../ui/list/pager';
import { savedChoice, savedObject } from '../preferences/saved-values';
import {
  cleanDays,
  EMPTY_INVENTORY_FILTERS,
  type InventoryViewFilters,
  inventoryFiltersFromSettings,
  inventoryFiltersToSettings,
} from './inventory-filters';
import { cleanMargin, DEFAULT_REORDER_MARGIN } from './reorder-suggestion';

/** The stock list's pager. */
export const STOCK_PAGER = pagerSettings('stock rows', 'inventory');

export interface InventoryViewSettings {
  filters: InventoryViewFilters;
  pageSize: number;
  /** The exceptions board's expiry horizon in days. */
  boardDays: number;
  /** The reorder list's margin above the reorder point, in percent (its suggested quantity). */
  reorderMargin: number;
}

/** The exceptions board's "expiring within N days" until the person picks another N. */
export const DEFAULT_BOARD_DAYS = 30;

export function defaultInventorySettings(): InventoryViewSettings {
  return {
    filters: { ...EMPTY_INVENTORY_FILTERS },
    pageSize: DEFAULT_PAGE_SIZE,
    boardDays: DEFAULT_BOARD_DAYS,
    reorderMargin: DEFAULT_REORDER_MARGIN,
  };
}

/** settings.views.inventory as the view uses it; anything missing or broken is a default. */
export function readInventorySettings(
  views: Record<string, unknown> | undefined,
): InventoryViewSettings {
  const r = savedObject(views?.inventory);
  if (r === null) return defaultInventorySettings();
  const pageSize = savedChoice(r.pageSize, PAGE_SIZES, DEFAULT_PAGE_SIZE);
  return {
    filters: inventoryFiltersFromSettings(r.filters),
    pageSize,
    boardDays: cleanDays(r.boardDays) ?? DEFAULT_BOARD_DAYS,
    reorderMargin: cleanMargin(r.reorderMargin) ?? DEFAULT_REORDER_MARGIN,
  };
}

export type InventorySettingsChange =
  | { filters: InventoryViewFilters }
  | { pageSize: number }
  | { boardDays: number }
  | { reorderMargin: number };

/** The merge patch for one change: `{ views: { inventory: { … } } }`. */
export function inventorySettingsPatch(change: InventorySettingsChange): {
  views: { inventory: Record<string, unknown> };
} {
  const inventory: Record<string, unknown> = {};
  if ('filters' in change) inventory.filters = inventoryFiltersToSettings(change.filters);
  if ('pageSize' in change) inventory.pageSize = change.pageSize;
  if ('boardDays' in change) inventory.boardDays = change.boardDays;
  if ('reorderMargin' in change) inventory.reorderMargin = change.reorderMargin;
  return { views: { inventory } };
}
