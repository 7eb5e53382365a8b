/**
 * The settings file as server state: read once (it changes only through this console), and
 * UI preferences changed optimistically so a theme switch is instant; the bridge's answer
 * then replaces the guess (or the old value comes back if the write failed).
 */
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  SettingsView,
  settingsPatchSchema,
  UiPreferences,
} from '../../../../shared/contract/settings-schema';
import { callBridge } from '../../query/bridge-call';
import { useBridge } from '../../query/bridge-context';
import { useLocalQuery } from '../../query/bridge-query';
import { localQueryKey } from '../../query/query-options';
import { toast } from '../../ui/toast-store';

export const settingsKey = localQueryKey('settingsGet', {});

const uiMutationKey = ['settings', 'ui'] as const;

export const DEFAULT_UI: UiPreferences = { theme: 'system', density: 'comfortable', locale: null };

export function useSettings() {
  return useLocalQuery('settingsGet', {}, { staleTime: Number.POSITIVE_INFINITY });
}

export function useUiPreferences(): UiPreferences {
  return useSettings().data?.settings.ui ?? DEFAULT_UI;
}

type SettingsPatch = z.input<typeof settingsPatchSchema>;

/**
 * A change to one part of the settings (printing, station, scanner) that a form saves and waits for:
 * the bridge's answer becomes the settings query's data; `after` says what else it changes.
 */
export function useUpdateSettingsPart<K extends 'printing' | 'station' | 'scanner'>(
  part: K,
  after?: (queryClient: QueryClient) => void,
) {
  const client = useBridge();
  const queryClient = useQueryClient();
  return useMutation({
    // Writes of one part in the order made (useUpdateUi says why).
    scope: { id: `settings-${part}` },
    mutationFn: (value: NonNullable<SettingsPatch[K]>) =>
      callBridge(client, 'settingsUpdate', { patch: { [part]: value } }),
    onSuccess: (view: SettingsView) => {
      queryClient.setQueryData(settingsKey, view);
      after?.(queryClient);
    },
  });
}

export function useUpdateUi() {
  const client = useBridge();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: uiMutationKey,
    // One write at a time, in the order made: two requests in flight may arrive in either
    // order (the browser's transport sends each on a connection of its own), and a slow
    // "light" landing after "dark" stored light (a browser suite saw it under load). Each
    // choice still shows at once (onMutate runs before the write waits its turn).
    scope: { id: 'settings-ui' },
    mutationFn: (ui: Partial<UiPreferences>) =>
      callBridge(client, 'settingsUpdate', { patch: { ui } }),
    onMutate: async (ui) => {
      await queryClient.cancelQueries({ queryKey: settingsKey });
      const before = queryClient.getQueryData<SettingsView>(settingsKey);
      if (before) {
        queryClient.setQueryData<SettingsView>(settingsKey, {
          ...before,
          settings: { ...before.settings, ui: { ...before.settings.ui, ...ui } },
        });
      }
      return { before };
    },
    onError: (error, _ui, context) => {
      if (context?.before) queryClient.setQueryData(settingsKey, context.before);
      toast('The preference was not saved', { tone: 'error', description: error.message });
    },
    onSuccess: (view) => {
      // Quick clicks (dark, then compact) overlap: an earlier answer lacks the later change,
      // so only the last one to finish replaces the optimistic state.
      if (queryClient.isMutating({ mutationKey: uiMutationKey }) <= 1) {
        queryClient.setQueryData(settingsKey, view);
      }
    },
  });
}
