/**
 * Connections as server state. Whenever the selected connection changes, every query of API
 * data is reset: what the old account showed must never be shown as the new one's.
 */
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ArgsOf } from '../../../../shared/contract/bridge-contract';
import type { ConnectionsView } from '../../../../shared/contract/values';
import { callBridge } from '../../query/bridge-call';
import { useBridge } from '../../query/bridge-context';
import { connectionsKey } from '../../query/connections';
import { useConnectivityStore } from '../../query/connectivity-store';
import { settingsKey } from '../preferences/use-settings';
import { type SaveConnectionInput, saveConnection, startSandbox } from './connection-setup';

/**
 * Query keys (their method) that hold the console's own state, not an account's data: kept
 * when the connection changes.
 */
const CONSOLE_STATE = new Set<unknown>([connectionsKey[0], settingsKey[0]]);

/** After a change of connection: the new list, and API data from the old one thrown away. */
export function connectionsChanged(queryClient: QueryClient, view: ConnectionsView): void {
  const before = queryClient.getQueryData<ConnectionsView>(connectionsKey);
  queryClient.setQueryData(connectionsKey, view);
  if (before?.selectedId !== view.selectedId) {
    useConnectivityStore.getState().reportReachable();
    void queryClient.resetQueries({ predicate: (q) => !CONSOLE_STATE.has(q.queryKey[0]) });
  }
}

/** Selecting or removing a connection: both name it by id and answer with the new list. */
function useConnectionById(method: 'connectionSelect' | 'connectionRemove') {
  const client = useBridge();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callBridge(client, method, { id }),
    onSuccess: (view) => connectionsChanged(queryClient, view),
  });
}

export const useSelectConnection = () => useConnectionById('connectionSelect');

export const useRemoveConnection = () => useConnectionById('connectionRemove');

export function useSaveConnection() {
  const client = useBridge();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveConnectionInput) => saveConnection(client, input),
    onSuccess: (outcome) => {
      // Saved without its key (no keychain): the list is left as it was until the person
      // chooses "this session only", or the first-run screen would give way to the shell
      // before they could.
      if (outcome.kind === 'saved') connectionsChanged(queryClient, outcome.connections);
    },
  });
}

export function useStartSandbox() {
  const client = useBridge();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => startSandbox(client),
    onSuccess: (view) => {
      connectionsChanged(queryClient, view);
      // The sandbox's key is new each run: refetch whatever still shows the old one.
      void queryClient.invalidateQueries({ queryKey: connectionsKey });
    },
  });
}

export function useTestConnection() {
  const client = useBridge();
  return useMutation({
    mutationFn: (target: { id: string } | { baseUrl: string; apiKey: string }) =>
      callBridge(client, 'connectionTest', target),
  });
}

export function useSetKey() {
  const client = useBridge();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ArgsOf<'keySet'>) => callBridge(client, 'keySet', input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: connectionsKey }),
    onSuccess: (_status, input) => {
      // A new key for the connection in use: what failed with the old one is asked again.
      if (
        queryClient.getQueryData<ConnectionsView>(connectionsKey)?.selectedId !== input.connectionId
      )
        return;
      useConnectivityStore.getState().reportReachable();
      void queryClient.invalidateQueries({ predicate: (q) => q.state.status === 'error' });
    },
  });
}
