/**
 * Connections as server state. Whenever the selected connection changes, every query of API
 * data is reset: what the old account showed must never be shown as the new one's.
 */
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConnectionsView } from '../../../../shared/contract/values';
import { callBridge } from '../../app/bridge-call';
import { useBridge } from '../../app/bridge-context';
import { NOT_AN_API_ANSWER } from '../../app/query-client';
import { settingsKey } from '../preferences/use-settings';
import { useConnectivityStore } from '../status/connectivity-store';
import { type SaveConnectionInput, saveConnection, startSandbox } from './connection-setup';

export const connectionsKey = ['connections'] as const;

/** Query keys that hold the console's own state, not the API's data. */
const LOCAL_KEYS = new Set<unknown>([connectionsKey[0], settingsKey[0]]);

export function useConnections() {
  const client = useBridge();
  return useQuery({
    queryKey: connectionsKey,
    queryFn: () => callBridge(client, 'connectionsList', {}),
    meta: NOT_AN_API_ANSWER,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useSelectedConnection() {
  const { data } = useConnections();
  return data?.connections.find((c) => c.id === data.selectedId) ?? null;
}

/** After a change of connection: the new list, and API data from the old one thrown away. */
export function connectionsChanged(queryClient: QueryClient, view: ConnectionsView): void {
  const before = queryClient.getQueryData<ConnectionsView>(connectionsKey);
  queryClient.setQueryData(connectionsKey, view);
  if (before?.selectedId !== view.selectedId) {
    useConnectivityStore.getState().reportReachable();
    void queryClient.resetQueries({ predicate: (q) => !LOCAL_KEYS.has(q.queryKey[0]) });
  }
}

export function useSelectConnection() {
  const client = useBridge();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callBridge(client, 'connectionSelect', { id }),
    onSuccess: (view) => connectionsChanged(queryClient, view),
  });
}

export function useRemoveConnection() {
  const client = useBridge();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callBridge(client, 'connectionRemove', { id }),
    onSuccess: (view) => connectionsChanged(queryClient, view),
  });
}

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
    mutationFn: (input: {
      connectionId: string;
      apiKey: string;
      storage: 'keychain' | 'session';
    }) => callBridge(client, 'keySet', input),
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
