/**
 * A view's saved state (settings.views[viewId]) as a hook, for the views of issue 6: read
 * from the settings query, changed optimistically (the list follows a filter change at once)
 * and written through the bridge as a JSON merge patch. As in the Orders view, when writes
 * overlap only the last answer replaces the cache, so a quick second change is never undone
 * by the first one's reply. `read` repairs whatever is stored; `write` gives complete pieces.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import type { SettingsView } from '../../../../shared/contract/settings-schema';
import { callBridge } from '../../app/bridge-call';
import { useBridge } from '../../app/bridge-context';
import { toast } from '../../ui/toast-store';
import { settingsKey, useSettings } from '../preferences/use-settings';

export interface SavedViewState<T> {
  /** True once the settings have answered (or failed: defaults then). */
  loaded: boolean;
  value: T;
  update(next: T): void;
}

export function useSavedViewState<T>(
  viewId: string,
  viewLabel: string,
  read: (raw: unknown) => T,
  write: (value: T) => Record<string, unknown>,
): SavedViewState<T> {
  const client = useBridge();
  const queryClient = useQueryClient();
  const settings = useSettings();
  const mutationKey = ['settings', 'views', viewId];
  // The person's latest choice, held locally from the moment it is made: the cache's optimistic
  // copy lands only after cancelQueries resolves, and a second change made before that (a
  // status picked, then a channel typed and Enter) would otherwise be built on the old value
  // and undo the first.
  const [local, setLocal] = useState<{ value: T } | undefined>(undefined);
  const mutation = useMutation({
    mutationKey,
    // One write at a time, in the order made: each carries the view's whole state, so a first
    // write answered (or applied by the bridge) after a second would put back the old filters.
    scope: { id: `settings-view-${viewId}` },
    mutationFn: (next: T) =>
      callBridge(client, 'settingsUpdate', { patch: { views: { [viewId]: write(next) } } }),
    onMutate: async (next) => {
      await queryClient.cancelQueries({ queryKey: settingsKey });
      const before = queryClient.getQueryData<SettingsView>(settingsKey);
      if (before) {
        const views = { ...before.settings.views, [viewId]: write(next) };
        queryClient.setQueryData(settingsKey, {
          ...before,
          settings: { ...before.settings, views },
        });
      }
    },
    onError: (error) => {
      // The view keeps what the person chose for this session; only keeping it failed.
      toast(`The ${viewLabel} view’s state was not saved`, {
        tone: 'warning',
        description: error.message,
      });
    },
    onSuccess: (view) => {
      if (queryClient.isMutating({ mutationKey }) <= 1) {
        queryClient.setQueryData(settingsKey, view);
      }
    },
    onSettled: () => {
      // The last write is answered: the cache now holds the choice (the answer, or on failure
      // the optimistic copy, kept for this session), so the local copy can go.
      if (queryClient.isMutating({ mutationKey }) <= 1) setLocal(undefined);
    },
  });
  const raw = settings.data?.settings.views?.[viewId];
  // biome-ignore lint/correctness/useExhaustiveDependencies: `read` is a pure module function
  const saved = useMemo(() => read(raw), [raw]);
  const value = local ? local.value : saved;
  const { mutate } = mutation;
  const update = useCallback(
    (next: T) => {
      setLocal({ value: next });
      mutate(next);
    },
    [mutate],
  );
  return { loaded: settings.isSuccess || settings.isError, value, update };
}
