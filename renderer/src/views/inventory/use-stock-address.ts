/**
 * The stock list's filters and sort, kept in the view's address (`#/inventory?location=3&low=1
 * &sort=name`) so a list can be bookmarked and the exceptions board links to exactly its rows.
 * The filters are also the settings file's: opened from a link or a bookmark, those filters
 * become the saved ones; opened plainly, the saved filters go into the address, so what is on
 * screen can be bookmarked as it is. Every change replaces the address (Back leaves the view,
 * it does not step through filter changes).
 */
import { useEffect, useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import {
  type InventoryViewFilters,
  inventoryFiltersFromSearch,
  inventoryFiltersKey,
  inventoryFiltersToSearch,
} from '../../features/inventory/inventory-filters';
import {
  type StockSort,
  stockSortFromSearch,
  withStockSort,
} from '../../features/inventory/stock-sort';
import type { useInventorySettings } from '../../features/inventory/use-inventory-settings';

export function useStockAddress(settings: ReturnType<typeof useInventorySettings>) {
  const [path, navigate] = useLocation();
  const search = useSearch();
  const fromAddress = useMemo(() => inventoryFiltersFromSearch(search), [search]);
  const filters = fromAddress ?? settings.value.filters;
  const sort = useMemo(() => stockSortFromSearch(search), [search]);
  const go = (f: InventoryViewFilters, s: StockSort | null) =>
    navigate(`/inventory?${withStockSort(inventoryFiltersToSearch(f), s)}`, { replace: true });

  const { loaded, update } = settings;
  const saved = settings.value.filters;
  const savedKey = inventoryFiltersKey(saved);
  useEffect(() => {
    // Only while the address is the stock list's own: on the way to another inventory page
    // (#/inventory/recalls) this view may render once more with that page's empty search,
    // and writing the saved filters then would send the person back to the stock list (seen
    // on a loaded machine: the Recalls link "did nothing").
    if (!loaded || path !== '/inventory') return;
    if (!fromAddress) {
      navigate(`/inventory?${inventoryFiltersToSearch(saved)}`, { replace: true });
    } else if (inventoryFiltersKey(fromAddress) !== savedKey) {
      update({ filters: fromAddress });
    }
  }, [loaded, path, fromAddress, saved, savedKey, update, navigate]);

  return {
    filters,
    sort,
    setFilters: (next: InventoryViewFilters) => {
      go(next, sort);
      update({ filters: next });
    },
    setSort: (next: StockSort | null) => go(filters, next),
  };
}
