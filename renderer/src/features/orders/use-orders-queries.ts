/**
 * The Orders view's server state: one page of orders (the previous one kept on screen while
 * the next loads, the page after prefetched so "Next" is instant), the count per stage tab
 * (one pageSize=1 list call each, cached), and the facets (filter values in use). Keys and the
 * wait for a connection with a key are the query layer's (query/bridge-query.ts).
 */
import { keepPreviousData } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useBridgePrefetch, useBridgeQueries, useBridgeQuery } from '../../query/bridge-query';
import {
  ORDER_STAGES,
  type OrderStage,
  type OrderViewFilters,
  toBridgeFilters,
  withoutStage,
} from './order-filters';

/** Every orders read, so bulk work can mark them all stale at once. */
export const ORDER_READS = ['ordersList', 'ordersGet', 'ordersFacets'] as const;

interface PageArgs {
  filters: OrderViewFilters;
  page: number;
  pageSize: number;
}

const listArgs = ({ filters, page, pageSize }: PageArgs) => ({
  filters: toBridgeFilters(filters),
  page,
  pageSize,
});

export function useOrdersPage(args: PageArgs, enabled: boolean) {
  const query = useBridgeQuery('ordersList', listArgs(args), {
    enabled,
    // Keep the rows shown while the next page or filter loads: no flash of an empty grid.
    placeholderData: keepPreviousData,
  });
  const prefetch = useBridgePrefetch();
  const hasNext = !query.isPlaceholderData && query.data?.next != null;
  const { filters, page, pageSize } = args;
  useEffect(() => {
    if (hasNext) void prefetch('ordersList', listArgs({ filters, page: page + 1, pageSize }));
  }, [hasNext, prefetch, filters, page, pageSize]);
  return query;
}

export type StageTab = OrderStage | 'all';
export const STAGE_TABS: readonly StageTab[] = [...ORDER_STAGES, 'all'];

/**
 * The count of each stage under the other filters: the tabs say how many orders each holds
 * for what the person is looking for, not for the whole account.
 */
export function useStageCounts(filters: OrderViewFilters, enabled: boolean) {
  const base = withoutStage(filters);
  const results = useBridgeQueries(
    'ordersList',
    STAGE_TABS.map((tab) => ({
      filters: toBridgeFilters({ ...base, stage: tab === 'all' ? null : tab }),
      pageSize: 1,
    })),
    {
      enabled,
      select: (page) => page.count,
      placeholderData: keepPreviousData,
      staleTime: 60_000,
    },
  );
  const counts: Partial<Record<StageTab, number>> = {};
  STAGE_TABS.forEach((tab, i) => {
    const data = results[i]?.data;
    if (typeof data === 'number') counts[tab] = data;
  });
  return counts;
}

export function useOrderFacets(enabled: boolean) {
  return useBridgeQuery(
    'ordersFacets',
    {},
    // Filter values in use change rarely; a new channel shows up within minutes.
    { enabled, staleTime: 5 * 60_000 },
  );
}
