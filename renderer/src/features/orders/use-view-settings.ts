/**
 * The Orders view's saved state as a hook: read from the settings query, changed
 * optimistically (the grid follows a filter change at once) and written through the bridge.
 * When several writes overlap, only the last answer replaces the cache, so a quick second
 * change is never undone by the first one's reply.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { SettingsView } from '../../../../shared/contract/settings-schema';
import { callBridge } from '../../app/bridge-call';
import { useBridge } from '../../app/bridge-context';
import { toast } from '../../ui/toast-store';
import { settingsKey, useSettings } from '../preferences/use-settings';
import {
  type OrdersViewSettings,
  readViewSettings,
  type ViewSettingsChange,
  viewSettingsPatch,
} from './view-settings';

const mutationKey = ['settings', 'views', 'orders'] as const;

function applyLocally(before: SettingsView, change: ViewSettingsChange): SettingsView {
  const patch = viewSettingsPatch(change).views.orders;
  const current = before.settings.views.orders;
  const orders =
    typeof current === 'object' && current !== null && !Array.isArray(current)
      ? { ...(current as Record<string, unknown>), ...patch }
      : patch;
  return {
    ...before,
    settings: { ...before.settings, views: { ...before.settings.views, orders } },
  };
}

export function useOrdersViewSettings(): {
  loaded: boolean;
  value: OrdersViewSettings;
  update(change: ViewSettingsChange): void;
} {
  const client = useBridge();
  const queryClient = useQueryClient();
  const settings = useSettings();
  const mutation = useMutation({
    mutationKey,
    mutationFn: (change: ViewSettingsChange) =>
      callBridge(client, 'settingsUpdate', { patch: viewSettingsPatch(change) }),
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: settingsKey });
      const before = queryClient.getQueryData<SettingsView>(settingsKey);
      if (before) queryClient.setQueryData(settingsKey, applyLocally(before, change));
      return { before };
    },
    onError: (error) => {
      // The view keeps what the person chose for this session; only keeping it failed.
      toast('The Orders view’s state was not saved', {
        tone: 'warning',
        description: error.message,
      });
    },
    onSuccess: (view) => {
      if (queryClient.isMutating({ mutationKey }) <= 1) {
        queryClient.setQueryData(settingsKey, view);
      }
    },
  });
  const views = settings.data?.settings.views;
  const value = useMemo(() => readViewSettings(views), [views]);
  const { mutate } = mutation;
  const update = useCallback((change: ViewSettingsChange) => mutate(change), [mutate]);
  // An unreadable settings file still leaves a working view (with defaults).
  return { loaded: settings.isSuccess || settings.isError, value, update };
}
