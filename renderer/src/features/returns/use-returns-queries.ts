/**
 * The Returns worklist's server state: one page of returns (the previous one kept on screen
 * while the next loads), one return, and the order facets for the channel suggestions. Keys
 * and the wait for a connection with a key are the query layer's (query/bridge-query.ts).
 */
import { keepPreviousData } from '@tanstack/react-query';
import { useBridgeQuery } from '../../query/bridge-query';
import { useApiConnection } from '../../query/connections';
import { type ReturnViewFilters, toReturnBridgeFilters } from './return-filters';

export function useReturnsPage(
  args: { filters: ReturnViewFilters; page: number; pageSize: number },
  enabled: boolean,
) {
  const { filters, page, pageSize } = args;
  return useBridgeQuery(
    'returnsList',
    { filters: toReturnBridgeFilters(filters), page, pageSize },
    // Keep the rows shown while the next page or filter loads: no flash of an empty list.
    { enabled, placeholderData: keepPreviousData },
  );
}

export function useReturn(id: number) {
  const valid = Number.isInteger(id) && id > 0;
  const { ready } = useApiConnection();
  const query = useBridgeQuery('returnsGet', { id }, { enabled: valid });
  return { query, enabled: valid && ready };
}

/** Channels in use (the order facets): suggestions for the channel filter, never a limit. */
export function useChannelSuggestions(enabled: boolean): string[] {
  const facets = useBridgeQuery('ordersFacets', {}, { enabled, staleTime: 5 * 60_000 });
  return facets.data?.channel ?? [];
}
