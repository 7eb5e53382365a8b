/**
 * The locations server state: the locations, one location, and the stock totals per location
 * (the chart's data), through the query layer (query/bridge-query.ts).
 */
import { useBridgeQuery } from '../../query/bridge-query';
import { validId } from '../inventory/use-inventory-queries';

export function useLocationStockTotals() {
  return useBridgeQuery('inventoryLocationStock', {});
}

export function useLocations() {
  // Locations change rarely (a new store opens); the filter's choices may be minutes old.
  return useBridgeQuery('locationsList', {}, { staleTime: 5 * 60_000 });
}

export function useLocation(id: number) {
  return useBridgeQuery('locationsGet', { id }, { enabled: validId(id) });
}
