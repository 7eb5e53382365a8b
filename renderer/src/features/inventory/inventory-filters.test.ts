import { describe, expect, it } from 'vitest';
import {
  activeInventoryFilterCount,
  EMPTY_INVENTORY_FILTERS,
  inventoryFilterProblem,
  inventoryFiltersFromSearch,
  inventoryFiltersFromSettings,
  inventoryFiltersKey,
  inventoryFiltersToSearch,
  inventoryFiltersToSettings,
  toInventoryBridgeFilters,
} from './inventory-filters';
import { inventorySettingsPatch, readInventorySettings } from './inventory-settings';

describe('inventory filters', () => {
  it('sends only what is set, booleans only when true', () => {
    expect(toInventoryBridgeFilters(EMPTY_INVENTORY_FILTERS)).toEqual({});
    expect(
      toInventoryBridgeFilters({
        location: 3,
        lowStock: true,
        outOfStock: false,
        expiringWithinDays: 0,
        q: '  bar ',
      }),
    ).toEqual({ location: 3, low_stock: true, expiring_within_days: 0, q: 'bar' });
  });

  it('round-trips through the settings file, and repairs damaged values one by one', () => {
    const filters = {
      location: 7,
      lowStock: false,
      outOfStock: true,
      expiringWithinDays: 30,
      q: 'gtin',
    };
    expect(inventoryFiltersFromSettings(inventoryFiltersToSettings(filters))).toEqual(filters);
    expect(
      inventoryFiltersFromSettings({
        location: 1.5,
        lowStock: 'yes',
        outOfStock: true,
        expiringWithinDays: 99_999,
        q: 5,
      }),
    ).toEqual({ ...EMPTY_INVENTORY_FILTERS, outOfStock: true });
    // A location id of 0 or below is a location like any other (the spec allows it).
    expect(inventoryFiltersFromSettings({ location: -1 }).location).toBe(-1);
    expect(inventoryFiltersFromSettings({ location: 0 }).location).toBe(0);
    expect(inventoryFiltersFromSettings('broken')).toEqual(EMPTY_INVENTORY_FILTERS);
    // A merge patch removes a null key: reading it back gives null again.
    expect(inventoryFiltersFromSettings({ q: 'x' }).location).toBeNull();
  });

  it('keys ignore order and blank search; counts the set filters', () => {
    const a = { ...EMPTY_INVENTORY_FILTERS, location: 2, q: ' ' };
    expect(inventoryFiltersKey(a)).toBe(inventoryFiltersKey({ ...a, q: '' }));
    expect(inventoryFiltersKey(a)).not.toBe(inventoryFiltersKey({ ...a, location: 3 }));
    expect(activeInventoryFilterCount({ ...a, lowStock: true, expiringWithinDays: 14 })).toBe(3);
  });

  it('says before asking that low and out of stock together match nothing', () => {
    expect(inventoryFilterProblem({ ...EMPTY_INVENTORY_FILTERS, lowStock: true })).toBeNull();
    expect(
      inventoryFilterProblem({ ...EMPTY_INVENTORY_FILTERS, lowStock: true, outOfStock: true }),
    ).toMatch(/never both/);
  });

  it('reads the view settings with defaults and writes complete patches', () => {
    expect(readInventorySettings(undefined).pageSize).toBe(50);
    expect(readInventorySettings({ inventory: { pageSize: 77 } }).pageSize).toBe(50);
    expect(readInventorySettings({ inventory: { pageSize: 250 } }).pageSize).toBe(250);
    // The board's horizon: kept when valid, else 30 days.
    expect(readInventorySettings(undefined).boardDays).toBe(30);
    expect(readInventorySettings({ inventory: { boardDays: 14 } }).boardDays).toBe(14);
    expect(readInventorySettings({ inventory: { boardDays: -1 } }).boardDays).toBe(30);
    expect(inventorySettingsPatch({ boardDays: 7 })).toEqual({
      views: { inventory: { boardDays: 7 } },
    });
    const patch = inventorySettingsPatch({ filters: { ...EMPTY_INVENTORY_FILTERS, location: 4 } });
    expect(patch.views.inventory.filters).toEqual({
      location: 4,
      lowStock: false,
      outOfStock: false,
      expiringWithinDays: null,
      q: '',
    });
  });
});

describe('inventory filters in the address', () => {
  it('round-trips every filter and tells "no filters named" from "all locations"', () => {
    const filters = {
      location: 3,
      lowStock: true,
      outOfStock: false,
      expiringWithinDays: 45,
      q: 'tea & honey',
    };
    const search = inventoryFiltersToSearch(filters);
    expect(search).toBe('location=3&low=1&expiring=45&q=tea+%26+honey');
    expect(inventoryFiltersFromSearch(search)).toEqual(filters);
    expect(inventoryFiltersFromSearch('')).toBeNull();
    expect(inventoryFiltersFromSearch('location=all')).toEqual(EMPTY_INVENTORY_FILTERS);
  });

  it('drops what is not valid in a typed or damaged address', () => {
    expect(inventoryFiltersFromSearch('location=x2&expiring=99999&low=yes&out=true')).toEqual({
      ...EMPTY_INVENTORY_FILTERS,
      outOfStock: true,
    });
  });

  it('reads an address naming any filter as exactly those filters (issue 32)', () => {
    // `?q=GFT-0078` typed over `?location=2&low=1`: the search alone, not the old filters.
    expect(inventoryFiltersFromSearch('q=GFT-0078')).toEqual({
      ...EMPTY_INVENTORY_FILTERS,
      q: 'GFT-0078',
    });
    expect(inventoryFiltersFromSearch('low=1')).toEqual({
      ...EMPTY_INVENTORY_FILTERS,
      lowStock: true,
    });
    expect(inventoryFiltersFromSearch('sort=name')).toBeNull();
    // Location ids of 0 and below round-trip.
    for (const location of [0, -3]) {
      const f = { ...EMPTY_INVENTORY_FILTERS, location };
      expect(inventoryFiltersFromSearch(inventoryFiltersToSearch(f))).toEqual(f);
      expect(toInventoryBridgeFilters(f)).toEqual({ location });
    }
  });
});
