/**
 * The Returns worklist's part of the settings file (settings.views.returns): its filters and
 * page size. Reading repairs anything damaged piece by piece; writing gives both pieces whole
 * (settingsUpdate takes a JSON merge patch).
 */
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, pagerSettings } from '../../ui/list/pager';
import { savedChoice, savedObject } from '../preferences/saved-values';
import {
  DEFAULT_RETURN_FILTERS,
  type ReturnViewFilters,
  returnFiltersFromSettings,
  returnFiltersToSettings,
} from './return-filters';

/** The worklist's pager. */
export const RETURNS_PAGER = pagerSettings('returns', 'returns');

export interface ReturnsViewSettings {
  filters: ReturnViewFilters;
  pageSize: number;
}

export function readReturnsViewSettings(raw: unknown): ReturnsViewSettings {
  const r = savedObject(raw);
  if (r === null) return { filters: { ...DEFAULT_RETURN_FILTERS }, pageSize: DEFAULT_PAGE_SIZE };
  return {
    filters: returnFiltersFromSettings(r.filters),
    pageSize: savedChoice(r.pageSize, PAGE_SIZES, DEFAULT_PAGE_SIZE),
  };
}

export function writeReturnsViewSettings(value: ReturnsViewSettings): Record<string, unknown> {
  return { filters: returnFiltersToSettings(value.filters), pageSize: value.pageSize };
}
