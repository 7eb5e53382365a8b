/**
 * The stock levels view's saved state as a hook, as the Orders view keeps its own: read from
 * the settings query, changed optimistically (the grid follows a filter at once) and written
 * through the bridge. When writes overlap only the last answer replaces the cache, so a quick
 * second change is never undone by the first one's reply.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import type { SettingsView } from '../../../../shared/contract/settings-schema';
import { callBridge } from '../../app/bridge-call';
import { useBridge } from '../../app/bridge-context';
import { toast } from '../../ui/toast-store';
import { settingsKey, useSettings } from '../preferences/use-settings';
import {
  type InventorySettingsChange,
  type InventoryViewSettings,
  inventorySettingsPatch,
  readInventorySettings,
} from './inventory-settings';

const mutationKey = ['settings', 'views', 'inventory'] as const;

export function applyInventoryChange(
  before: SettingsView,
  change: InventorySettingsChange,
): SettingsView {
  const patch = inventorySettingsPatch(change).views.inventory;
  const current = before.settings.views.inventory;
  const inventory =
    typeof current === 'object' && current !== null && !Array.isArray(current)
      ? { ...(current as Record<string, unknown>), ...patch }
      : patch;
  return {
    ...before,
    settings: { ...before.settings, views: { ...before.settings.views, inventory } },
  };
}

export function useInventorySettings(): {
  loaded: boolean;
  value: InventoryViewSettings;
  update(change: InventorySettingsChange): void;
} {
  const client = useBridge();
  const queryClient = useQueryClient();
  const settings = useSettings();
  const { mutate } = useMutation({
    mutationKey,
    mutationFn: (change: InventorySettingsChange) =>
      callBridge(client, 'settingsUpdate', { patch: inventorySettingsPatch(change) }),
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: settingsKey });
      const before = queryClient.getQueryData<SettingsView>(settingsKey);
      if (before) queryClient.setQueryData(settingsKey, applyInventoryChange(before, change));
    },
    onError: (error) => {
      // The view keeps what the person chose for this session; only keeping it failed.
      toast('The Inventory view’s filters were not saved', {
        tone: 'warning',
        description: error.message,
      });
    },
    onSuccess: (view) => {
      if (queryClient.isMutating({ mutationKey }) <= 1) queryClient.setQueryData(settingsKey, view);
    },
  });
  const views = settings.data?.settings.views;
  const saved = useMemo(() => readInventorySettings(views), [views]);
  // What this screen chose, shown at once: the optimistic cache update above lands a task
  // later (TanStack notifies on a timer), and a checkbox must not flicker back meanwhile.
  const [chosen, setChosen] = useState<InventoryViewSettings | null>(null);
  const value = chosen ?? saved;
  const update = useCallback(
    (change: InventorySettingsChange) => {
      setChosen((current) => ({ ...(current ?? saved), ...change }));
      mutate(change);
    },
    [mutate, saved],
  );
  // An unreadable settings file still leaves a working view (with defaults).
  return { loaded: settings.isSuccess || settings.isError, value, update };
}
