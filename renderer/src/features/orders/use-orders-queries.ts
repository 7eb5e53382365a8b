/**
 * The Orders view's server state: one page of orders (the previous one kept on screen while
 * the next loads, the page after prefetched so "Next" is instant), the count per stage tab
 * (one pageSize=1 list call each, cached), and the facets (filter values in use). Keys and the
 * wait for a connection with a key are the query layer's (query/bridge-query.ts).
 */
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

/**
 * The rows on screen while the next page loads: the previous page's, but only under the same
 * filters. Another stage or filter has other rows and another count, so until its answer
 * comes the grid shows that it is loading, never the old rows under the new tab's name (or
 * the old "select all N").
 */
export function samePageFilters(previousKey: readonly unknown[] | undefined, args: PageArgs) {
  const previous = previousKey?.[2] as { filters?: unknown } | undefined;
  return JSON.stringify(previous?.filters) === JSON.stringify(toBridgeFilters(args.filters));
}

export function useOrdersPage(args: PageArgs, enabled: boolean) {
  const query = useBridgeQuery('ordersList', listArgs(args), {
    enabled,
    placeholderData: (previous, previousQuery) =>
      samePageFilters(previousQuery?.queryKey, args) ? previous : undefined,
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
    // No placeholder: a count under other filters is not this tab's count.
    { enabled, select: (page) => page.count, staleTime: 60_000 },
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
