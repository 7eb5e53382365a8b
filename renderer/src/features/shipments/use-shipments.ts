/**
 * The Shipments view's server state: the whole list (one request, compacted on arrival so the
 * raw objects are never cached), one shipment's detail and its label, keyed by connection so a
 * switch of account never shows the other account's shipments. Its filters and sort live in
 * settings.views.shipments, changed optimistically and written through the bridge, as the
 * Orders view does, so they survive a restart.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { SettingsView } from '../../../../shared/contract/settings-schema';
import { callBridge } from '../../app/bridge-call';
import { useBridge } from '../../app/bridge-context';
import { toast } from '../../ui/toast-store';
import { useSelectedConnection } from '../connections/use-connections';
import { settingsKey, useSettings } from '../preferences/use-settings';
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

export interface ShipmentsSettingsChange {
  filters?: ShipmentFilters;
  sort?: ShipmentSort;
}

const mutationKey = ['settings', 'views', 'shipments'] as const;

export function useShipmentsSettings() {
  const client = useBridge();
  const queryClient = useQueryClient();
  const settings = useSettings();
  const mutation = useMutation({
    mutationKey,
    mutationFn: (change: ShipmentsSettingsChange) =>
      callBridge(client, 'settingsUpdate', { patch: { views: { shipments: { ...change } } } }),
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: settingsKey });
      const before = queryClient.getQueryData<SettingsView>(settingsKey);
      if (before) {
        const current = before.settings.views.shipments;
        const merged = {
          ...(typeof current === 'object' && current !== null ? current : {}),
          ...change,
        };
        queryClient.setQueryData<SettingsView>(settingsKey, {
          ...before,
          settings: { ...before.settings, views: { ...before.settings.views, shipments: merged } },
        });
      }
    },
    onError: (error) =>
      toast('The Shipments view’s filters were not saved', {
        tone: 'warning',
        description: error.message,
      }),
    onSuccess: (view) => {
      // Only the last of overlapping writes replaces the cache (a quick second change stays).
      if (queryClient.isMutating({ mutationKey }) <= 1) queryClient.setQueryData(settingsKey, view);
    },
  });
  const views = settings.data?.settings.views;
  const value = useMemo(() => readShipmentsSettings(views), [views]);
  const { mutate } = mutation;
  const update = useCallback((change: ShipmentsSettingsChange) => mutate(change), [mutate]);
  return { loaded: settings.isSuccess || settings.isError, value, update };
}
