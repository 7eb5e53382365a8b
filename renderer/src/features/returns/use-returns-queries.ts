/**
 * The Returns worklist's server state: one page of returns (the previous one kept on screen
 * while the next loads), one return, and the order facets for the channel suggestions. Every
 * key holds the connection, so another account's returns are never shown as this one's.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callBridge } from '../../app/bridge-call';
import { useBridge } from '../../app/bridge-context';
import { useSelectedConnection } from '../connections/use-connections';
import { type ReturnViewFilters, returnFiltersKey, toReturnBridgeFilters } from './return-filters';

export const RETURNS_KEY = 'returns';

function useConnectionReady() {
  const connection = useSelectedConnection();
  return { connectionId: connection?.id, ready: connection?.key.hasKey === true };
}

export function useReturnsPage(
  args: { filters: ReturnViewFilters; page: number; pageSize: number },
  enabled: boolean,
) {
  const client = useBridge();
  const { connectionId, ready } = useConnectionReady();
  const { filters, page, pageSize } = args;
  return useQuery({
    queryKey: [RETURNS_KEY, 'page', connectionId, returnFiltersKey(filters), page, pageSize],
    queryFn: () =>
      callBridge(client, 'returnsList', {
        filters: toReturnBridgeFilters(filters),
        page,
        pageSize,
      }),
    enabled: enabled && ready,
    // Keep the rows shown while the next page or filter loads: no flash of an empty list.
    placeholderData: keepPreviousData,
  });
}

export function useReturn(id: number) {
  const client = useBridge();
  const { connectionId, ready } = useConnectionReady();
  const valid = Number.isInteger(id) && id > 0;
  const query = useQuery({
    queryKey: [RETURNS_KEY, 'detail', connectionId, id],
    queryFn: () => callBridge(client, 'returnsGet', { id }),
    enabled: valid && ready,
  });
  return { query, enabled: valid && ready };
}

/** Channels in use (the order facets): suggestions for the channel filter, never a limit. */
export function useChannelSuggestions(enabled: boolean): string[] {
  const client = useBridge();
  const { connectionId, ready } = useConnectionReady();
  const facets = useQuery({
    queryKey: ['orders', 'facets', connectionId],
    queryFn: () => callBridge(client, 'ordersFacets', {}),
    enabled: enabled && ready,
    staleTime: 5 * 60_000,
  });
  return facets.data?.channel ?? [];
}
