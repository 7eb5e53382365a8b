/**
 * The locations server state: the locations, one location, and the stock totals per location
 * (the chart's data). Keys hold the connection, as the inventory queries' do.
 */
import { useQuery } from '@tanstack/react-query';
import { callBridge } from '../../app/bridge-call';
import { useBridge } from '../../app/bridge-context';
import { INVENTORY_KEY, useConnectionReady, validId } from '../inventory/use-inventory-queries';

export const LOCATIONS_KEY = 'locations';

export function useLocationStockTotals() {
  const client = useBridge();
  const { connectionId, ready } = useConnectionReady();
  return useQuery({
    queryKey: [INVENTORY_KEY, 'location-stock', connectionId] as const,
    queryFn: () => callBridge(client, 'inventoryLocationStock', {}),
    enabled: ready,
  });
}

export function useLocations() {
  const client = useBridge();
  const { connectionId, ready } = useConnectionReady();
  return useQuery({
    queryKey: [LOCATIONS_KEY, 'list', connectionId] as const,
    queryFn: () => callBridge(client, 'locationsList', {}),
    enabled: ready,
    // Locations change rarely (a new store opens); the filter's choices may be minutes old.
    staleTime: 5 * 60_000,
  });
}

export function useLocation(id: number) {
  const client = useBridge();
  const { connectionId, ready } = useConnectionReady();
  return useQuery({
    queryKey: [LOCATIONS_KEY, 'one', connectionId, id] as const,
    queryFn: () => callBridge(client, 'locationsGet', { id }),
    enabled: ready && validId(id),
  });
}
