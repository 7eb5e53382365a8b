/**
 * A view's saved state (settings.views[viewId]: filters, sort, page size…) as a hook, shared by
 * every view that keeps its state across restarts (Orders, Shipments, Tracking, Returns,
 * Inventory). Read from the settings query, changed optimistically (the list follows a filter
 * change at once) and written through the bridge as a JSON merge patch of that view's entry.
 *
 * Three races are closed here, each once found in a view under load:
 * - A second change made before the first reached the cache (the optimistic copy lands only
 *   after cancelQueries resolves) was built on the old value and undid the first: the latest
 *   choice is held locally from the moment it is made, and a change applies to it.
 * - Overlapping writes answered out of order put old filters back: writes of one view go one
 *   at a time, in the order made (a mutation scope).
 * - A slow answer to an earlier write replaced the cache after a later change: only the last
 *   pending write's answer replaces it.
 *
 * And one loss: changes still queued behind a write when the page goes away (a reload right
 * after a filter click) were never sent. On `pagehide` they go as one composed patch; a write
 * already sent finishes on its own (the browser transport sends settings writes with
 * keepalive, and Electron's main process answers an IPC call whatever its page does).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { SettingsView } from '../../../../shared/contract/settings-schema';
import { composeMergePatches, mergePatch } from '../../../../shared/merge-patch';
import { callBridge } from '../../query/bridge-call';
import { useBridge } from '../../query/bridge-context';
import { toast } from '../../ui/toast-store';
import { settingsKey, useSettings } from './use-settings';

export interface ViewStateSpec<T, C> {
  /** The key under settings.views. */
  viewId: string;
  /** The view's name in the warning when a write fails ("The Orders view’s state…"). */
  label: string;
  /** The view's state from settings.views (repairing whatever is stored). */
  read(views: Record<string, unknown> | undefined): T;
  /** The state after a change, for the screen at once. */
  apply(value: T, change: C): T;
  /** The merge patch of settings.views[viewId] that stores a change. */
  patch(change: C): Record<string, unknown>;
}

export interface ViewState<T, C> {
  /** True once the settings have answered (or failed: defaults then). */
  loaded: boolean;
  value: T;
  /**
   * A change, or a function of the latest value giving one: use the function when the change
   * depends on the value (a width one step wider), so quick repeats each build on the last
   * even before the screen has rendered it.
   */
  update(change: C | ((latest: T) => C)): void;
}

/** The settings with one view's entry patched exactly as the bridge will store it. */
function withViewPatch(
  before: SettingsView,
  viewId: string,
  patch: Record<string, unknown>,
): SettingsView {
  const views = mergePatch(before.settings.views, { [viewId]: patch }) as Record<string, unknown>;
  return { ...before, settings: { ...before.settings, views } };
}

export function useViewState<T, C>(spec: ViewStateSpec<T, C>): ViewState<T, C> {
  const { viewId, label } = spec;
  const client = useBridge();
  const queryClient = useQueryClient();
  const settings = useSettings();
  // The spec's functions are module functions in practice; a ref keeps a new object literal
  // per render from breaking the memos and callbacks below.
  const specRef = useRef(spec);
  specRef.current = spec;
  const mutationKey = ['settings', 'views', viewId];
  const [local, setLocal] = useState<{ value: T } | undefined>(undefined);
  // The same latest choice, readable at once by the next update (state is only read on render).
  const held = useRef<{ value: T } | undefined>(undefined);
  // Changes made and not yet handed to the bridge, oldest first: the writes of one view go one
  // at a time, so these wait behind the one being sent.
  const unsent = useRef<C[]>([]);
  const mutation = useMutation({
    mutationKey,
    scope: { id: `settings-view-${viewId}` },
    mutationFn: (change: C) => {
      // The scope runs the writes in the order made: this is the oldest unsent one.
      unsent.current.shift();
      return callBridge(client, 'settingsUpdate', {
        patch: { views: { [viewId]: specRef.current.patch(change) } },
      });
    },
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: settingsKey });
      const before = queryClient.getQueryData<SettingsView>(settingsKey);
      if (before) {
        queryClient.setQueryData(
          settingsKey,
          withViewPatch(before, viewId, specRef.current.patch(change)),
        );
      }
    },
    onError: (error) => {
      // The view keeps what the person chose for this session; only keeping it failed.
      toast(`The ${label} view’s state was not saved`, {
        tone: 'warning',
        description: error.message,
      });
    },
    onSuccess: (view) => {
      if (queryClient.isMutating({ mutationKey }) <= 1) queryClient.setQueryData(settingsKey, view);
    },
    onSettled: () => {
      // The last write is answered: the cache now holds the choice (the answer, or on failure
      // the optimistic copy, kept for this session), so the local copy can go.
      if (queryClient.isMutating({ mutationKey }) <= 1) {
        held.current = undefined;
        setLocal(undefined);
      }
    },
  });
  const views = settings.data?.settings.views;
  const saved = useMemo(() => specRef.current.read(views), [views]);
  const savedRef = useRef(saved);
  savedRef.current = saved;
  const { mutate } = mutation;
  const update = useCallback(
    (changeOrFn: C | ((latest: T) => C)) => {
      const latest = held.current ? held.current.value : savedRef.current;
      const change =
        typeof changeOrFn === 'function' ? (changeOrFn as (latest: T) => C)(latest) : changeOrFn;
      held.current = { value: specRef.current.apply(latest, change) };
      setLocal(held.current);
      unsent.current.push(change);
      mutate(change);
    },
    [mutate],
  );
  useEffect(() => {
    const sendQueued = () => {
      const queued = unsent.current;
      if (queued.length === 0) return;
      unsent.current = [];
      const patches = queued.map((change) => specRef.current.patch(change));
      const patch = patches.reduce<unknown>((a, b) => composeMergePatches(a, b), {});
      // Not awaited: the page is going away; its answer has nowhere to land.
      void client.settingsUpdate({ patch: { views: { [viewId]: patch } } });
    };
    window.addEventListener('pagehide', sendQueued);
    return () => window.removeEventListener('pagehide', sendQueued);
  }, [client, viewId]);
  return {
    loaded: settings.isSuccess || settings.isError,
    value: local ? local.value : saved,
    update,
  };
}
