/**
 * The Shipments view's server state: the whole list (one request read as it arrives, compacted
 * chunk by chunk so the raw objects are never cached), one shipment's detail and its label, keyed by connection so a
 * switch of account never shows the other account's shipments. Its filters and sort live in
 * settings.views.shipments (useViewState), as the Orders view's do, so they survive a restart.
 */
import { useBridgeQuery } from '../../query/bridge-query';
import { useApiConnection } from '../../query/connections';
import { useStreamedList } from '../../query/streamed-list';
import { useViewState, type ViewState } from '../preferences/use-view-state';
import { readShipmentsSettings, type ShipmentFilters, type ShipmentSort } from './shipment-filters';
import { toShipmentRow } from './shipment-rows';

const SHIPMENT_STREAM = { start: 'shipmentsStream', read: 'shipmentsStreamRead' } as const;

/**
 * The whole list, as compact rows (the raw objects are never cached), growing as it arrives
 * (streamed-list.ts): the grid shows the first rows while the rest load.
 */
export function useShipmentRows() {
  // A 100,000-row list is one large request: not refetched on every focus of the window.
  return useStreamedList(SHIPMENT_STREAM, toShipmentRow, {
    staleTime: 60_000,
    cap: SHIPMENTS_HELD,
  });
}

/**
 * The most shipments the view holds (issue 32): 100,000 compact rows are within the
 * renderer's memory budget (shipment-rows.ts); an account with more stops reading there and
 * says how many were left, rather than growing without bound.
 */
export const SHIPMENTS_HELD = 100_000;

export function useShipmentDetail(shipmentId: string) {
  const valid = shipmentId !== '';
  const { ready } = useApiConnection();
  const shipment = useBridgeQuery('shipmentsGet', { shipmentId }, { enabled: valid });
  const events = useBridgeQuery(
    'trackingEventsList',
    { filters: { shipment: shipmentId } },
    { enabled: valid },
  );
  return { shipment, events, enabled: valid && ready };
}

export function useShipmentLabel(shipmentId: string, wanted: boolean) {
  return useBridgeQuery(
    'shipmentsLabel',
    { shipmentId },
    { enabled: wanted && shipmentId !== '', staleTime: Number.POSITIVE_INFINITY },
  );
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
