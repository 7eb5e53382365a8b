/**
 * The saved connections as server state, and the one "may API data be asked for?" check:
 * a connection is selected and it has a key. Every API query waits on it (bridge-query.ts)
 * and carries the connection's id in its key.
 */
import { useQuery } from '@tanstack/react-query';
import type { ConnectionsView, ConnectionView } from '../../../shared/contract/values';
import { useBridge } from './bridge-context';
import { type ApiConnection, localQueryKey, localQueryOptions } from './query-options';

export const connectionsKey = localQueryKey('connectionsList', {});

export function useConnections() {
  const client = useBridge();
  // Changed only through this console (its mutations write their answers into the cache).
  return useQuery(
    localQueryOptions(client, 'connectionsList', {}, { staleTime: Number.POSITIVE_INFINITY }),
  );
}

export function selectedConnection(view: ConnectionsView | undefined): ConnectionView | null {
  return view?.connections.find((c) => c.id === view.selectedId) ?? null;
}

export function useSelectedConnection(): ConnectionView | null {
  return selectedConnection(useConnections().data);
}

export function useApiConnection(): ApiConnection {
  const connection = useSelectedConnection();
  return { connectionId: connection?.id ?? null, ready: connection?.key.hasKey === true };
}
