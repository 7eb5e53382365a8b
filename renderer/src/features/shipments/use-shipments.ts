/**
 * The Shipments view's server state: the whole list (one request, compacted on arrival so the
 * raw objects are never cached), one shipment's detail and its label, keyed by connection so a
 * switch of account never shows the other account's shipments. Its filters and sort live in
 * settings.views.shipments (useViewState), as the Orders view's do, so they survive a restart.
 */
import { useQuery } from '@tanstack/react-query';
import { callBridge } from '../../app/bridge-call';
import { useBridge } from '../../app/bridge-context';
import { useSelectedConnection } from '../connections/use-connections';
import { useViewState, type ViewState } from '../preferences/use-view-state';
import { readShipmentsSettings, type ShipmentFilters, type ShipmentSort } from './shipment-filters';
import { toShipmentRows } from './shipment-rows';

export const shipmentsKey = (connectionId: string | undefined) =>
  ['shipments', connectionId] as const;

export function useShipmentRows() {
  const client = useBridge();
  const connection = useSelectedConnection();
  return useQuery({
    queryKey: [...shipmentsKey(connection?.id), 'list'],
    queryFn: async () => toShipmentRows(await callBridge(client, 'shipmentsList', {})),
    enabled: connection?.key.hasKey === true,
    // A 100,000-row list is one large request: not refetched on every focus of the window.
    staleTime: 60_000,
    refetchOnWindowFocus: false,
  });
}

export function useShipmentDetail(shipmentId: string) {
  const client = useBridge();
  const connection = useSelectedConnection();
  const enabled = shipmentId !== '' && connection?.key.hasKey === true;
  const base = [...shipmentsKey(connection?.id), 'detail', shipmentId] as const;
  const shipment = useQuery({
    queryKey: base,
    queryFn: () => callBridge(client, 'shipmentsGet', { shipmentId }),
    enabled,
  });
  const events = useQuery({
    queryKey: [...base, 'events'],
    queryFn: () => callBridge(client, 'trackingEventsList', { filters: { shipment: shipmentId } }),
    enabled,
  });
  return { shipment, events, enabled };
}

export function useShipmentLabel(shipmentId: string, wanted: boolean) {
  const client = useBridge();
  const connection = useSelectedConnection();
  return useQuery({
    queryKey: [...shipmentsKey(connection?.id), 'label', shipmentId],
    queryFn: () => callBridge(client, 'shipmentsLabel', { shipmentId }),
    enabled: wanted && shipmentId !== '' && connection?.key.hasKey === true,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export type ShipmentsSettings = ReturnType<typeof readShipmentsSettings>;

export interface ShipmentsSettingsChange {
  filters?: ShipmentFilters;
  sort?: ShipmentSort;
}

const SHIPMENTS_VIEW = {
  viewId: 'shipments',
  label: 'Shipments',
  read: readShipmentsSettings,
  apply: (value: ShipmentsSettings, change: ShipmentsSettingsChange) => ({ ...value, ...change }),
  patch: (change: ShipmentsSettingsChange) => ({ ...change }),
};

export function useShipmentsSettings(): ViewState<ShipmentsSettings, ShipmentsSettingsChange> {
  return useViewState(SHIPMENTS_VIEW);
}
