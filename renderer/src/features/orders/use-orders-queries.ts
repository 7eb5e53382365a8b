/**
 * The Orders view's server state: one page of orders (the previous one kept on screen while
 * the next loads, the page after prefetched so "Next" is instant), the count per stage tab
 * (one pageSize=1 list call each, cached), and the facets (filter values in use). Every key
 * holds the connection, so another account's orders are never shown as this one's.
 */
import {
  keepPreviousData,
  type QueryClient,
  useQueries,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useEffect } from 'react';
import { callBridge } from '../../app/bridge-call';
import { useBridge } from '../../app/bridge-context';
import type { PackbenchClient } from '../../bridge';
import { useSelectedConnection } from '../connections/use-connections';
import {
  filtersKey,
  ORDER_STAGES,
  type OrderStage,
  type OrderViewFilters,
  toBridgeFilters,
  withoutStage,
} from './order-filters';

/** Every orders query starts with this, so bulk work can invalidate them all at once. */
export const ORDERS_KEY = 'orders';

interface PageArgs {
  filters: OrderViewFilters;
  page: number;
  pageSize: number;
}

export const ordersPageKey = (connectionId: string | undefined, args: PageArgs) =>
  [ORDERS_KEY, 'page', connectionId, filtersKey(args.filters), args.page, args.pageSize] as const;

function pageOptions(client: PackbenchClient, connectionId: string | undefined, args: PageArgs) {
  return {
    queryKey: ordersPageKey(connectionId, args),
    queryFn: () =>
      callBridge(client, 'ordersList', {
        filters: toBridgeFilters(args.filters),
        page: args.page,
        pageSize: args.pageSize,
      }),
  };
}

function useConnectionReady() {
  const connection = useSelectedConnection();
  return { connectionId: connection?.id, ready: connection?.key.hasKey === true };
}

export function useOrdersPage(args: PageArgs, enabled: boolean) {
  const client = useBridge();
  const queryClient = useQueryClient();
  const { connectionId, ready } = useConnectionReady();
  const query = useQuery({
    ...pageOptions(client, connectionId, args),
    enabled: enabled && ready,
    // Keep the rows shown while the next page or filter loads: no flash of an empty grid.
    placeholderData: keepPreviousData,
  });
  const hasNext = !query.isPlaceholderData && query.data?.next != null;
  const { filters, page, pageSize } = args;
  useEffect(() => {
    if (hasNext)
      prefetchPage(queryClient, client, connectionId, { filters, page: page + 1, pageSize });
  }, [hasNext, queryClient, client, connectionId, filters, page, pageSize]);
  return query;
}

/** Warms the cache for a page (the next one), so changing page shows it at once. */
export function prefetchPage(
  queryClient: QueryClient,
  client: PackbenchClient,
  connectionId: string | undefined,
  args: PageArgs,
): Promise<void> {
  return queryClient.prefetchQuery({
    ...pageOptions(client, connectionId, args),
    staleTime: 30_000,
  });
}

export type StageTab = OrderStage | 'all';
export const STAGE_TABS: readonly StageTab[] = [...ORDER_STAGES, 'all'];

/**
 * The count of each stage under the other filters: the tabs say how many orders each holds
 * for what the person is looking for, not for the whole account.
 */
export function useStageCounts(filters: OrderViewFilters, enabled: boolean) {
  const client = useBridge();
  const { connectionId, ready } = useConnectionReady();
  const base = withoutStage(filters);
  const key = filtersKey(base);
  const results = useQueries({
    queries: STAGE_TABS.map((tab) => {
      const stageFilters = { ...base, stage: tab === 'all' ? null : tab };
      return {
        queryKey: [ORDERS_KEY, 'count', connectionId, key, tab] as const,
        queryFn: async () =>
          (
            await callBridge(client, 'ordersList', {
              filters: toBridgeFilters(stageFilters),
              pageSize: 1,
            })
          ).count,
        enabled: enabled && ready,
        placeholderData: keepPreviousData,
        staleTime: 60_000,
      };
    }),
  });
  const counts: Partial<Record<StageTab, number>> = {};
  STAGE_TABS.forEach((tab, i) => {
    const data = results[i]?.data;
    if (typeof data === 'number') counts[tab] = data;
  });
  return counts;
}

export function useOrderFacets(enabled: boolean) {
  const client = useBridge();
  const { connectionId, ready } = useConnectionReady();
  return useQuery({
    queryKey: [ORDERS_KEY, 'facets', connectionId] as const,
    queryFn: () => callBridge(client, 'ordersFacets', {}),
    enabled: enabled && ready,
    // Filter values in use change rarely; a new channel shows up within minutes.
    staleTime: 5 * 60_000,
  });
}
