/**
 * The floor's settings and status as console state (not an account's data): read with
 * useLocalQuery, changed with mutations that put the answer straight into the cache.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FloorConnectionArgs } from '../../../../shared/contract/floor-values';
import { callBridge } from '../../query/bridge-call';
import { useBridge } from '../../query/bridge-context';
import { useLocalQuery } from '../../query/bridge-query';
import { localQueryKey } from '../../query/query-options';

/** How often the banner asks the main process how the floor is (a local call, no network). */
export const FLOOR_STATUS_EVERY_MS = 2000;

export const useFloorSettings = () => useLocalQuery('floorSettingsGet', {});

/**
 * How often a station with no floor asks: saving a floor here refetches at once (useSaveFloor),
 * so this only catches a floor set up from another window of this console. A station alone
 * asked every 2 s for nothing, a request and a render on every page all shift long.
 */
export const NO_FLOOR_STATUS_EVERY_MS = 30_000;

export const useFloorStatus = () =>
  useLocalQuery(
    'floorStatus',
    {},
    {
      refetchInterval: (query) =>
        query.state.data?.status === 'not-configured'
          ? NO_FLOOR_STATUS_EVERY_MS
          : FLOOR_STATUS_EVERY_MS,
    },
  );

export function useTestFloor() {
  const client = useBridge();
  return useMutation({
    mutationFn: (args: FloorConnectionArgs) => callBridge(client, 'floorTest', args),
  });
}

export function useSaveFloor() {
  const client = useBridge();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (connection: FloorConnectionArgs | null) =>
      callBridge(client, 'floorSettingsSave', { connection }),
    onSuccess: (view) => {
      queryClient.setQueryData(localQueryKey('floorSettingsGet', {}), view);
      void queryClient.invalidateQueries({ queryKey: localQueryKey('floorStatus', {}) });
    },
  });
}

/** The floor's claim rules (one idle time for every station), read from the floor. */
export const useClaimSettings = () => useLocalQuery('floorClaimSettingsGet', {});

export function useSaveClaimSettings() {
  const client = useBridge();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (claimIdleMinutes: number) =>
      callBridge(client, 'floorClaimSettingsSave', { claimIdleMinutes }),
    onSuccess: (view) => {
      queryClient.setQueryData(localQueryKey('floorClaimSettingsGet', {}), view);
    },
  });
}
