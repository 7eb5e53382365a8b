/**
 * The locations server state: the locations, one location, and the stock totals per location
 * (the chart's data), through the query layer (query/bridge-query.ts).
 */
import { useBridgeQuery } from '../../query/bridge-query';

export function useLocationStockTotals() {
  return useBridgeQuery('inventoryLocationStock', {});
}

export function useLocations() {
  // Locations change rarely (a new store opens); the filter's choices may be minutes old.
  return useBridgeQuery('locationsList', {}, { staleTime: 5 * 60_000 });
}

export function useLocation(id: number) {
  // Any whole number: the spec's location ids may be 0 or below.
  return useBridgeQuery('locationsGet', { id }, { enabled: Number.isSafeInteger(id) });
}
