/**
 * The exceptions board's server state: the locations, their units on hand, a count per
 * location and measure (background calls, one cached query each, so a new horizon asks only
 * for the expiring column) and the exceptions walk. Cached per connection by the query layer
 * and kept fresh for a while: the board says how old its counts are and has a refresh.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { invalidateMethods, useBridgeQueries, useBridgeQuery } from '../../query/bridge-query';
import { useLocations } from '../locations/use-locations-queries';
import { type BoardRow, boardRows, countKey, countRequests } from './exceptions-board';

/** A board is a snapshot: re-asked on refresh or after this long, not on every visit. */
const BOARD_FRESH_MS = 10 * 60_000;
const BOARD_KEEP_MS = 60 * 60_000;
const CACHING = { staleTime: BOARD_FRESH_MS, gcTime: BOARD_KEEP_MS, refetchOnWindowFocus: false };

export interface ExceptionsBoard {
  rows: BoardRow[];
  /** When the oldest count shown was read (ms), once everything has answered. */
  countedAt: number | null;
  loading: boolean;
  fetching: boolean;
  error: Error | null;
  refresh(): void;
}

export function useExceptionsBoard(days: number, enabled: boolean): ExceptionsBoard {
  const queryClient = useQueryClient();
  const locations = useLocations();
  const totals = useBridgeQuery('inventoryLocationStock', {}, CACHING);
  const found = useBridgeQuery('inventoryExceptions', {}, CACHING);
  const places = useMemo(
    () => (locations.data ?? []).map((l) => ({ id: l.id, code: l.code, name: l.name })),
    [locations.data],
  );
  const requests = useMemo(
    () =>
      countRequests(
        places.map((p) => p.id),
        days,
      ),
    [places, days],
  );
  const counts = useBridgeQueries(
    'inventoryCount',
    requests.map((r) => ({ filters: r.filters })),
    { ...CACHING, enabled: enabled && locations.isSuccess },
  );
  const byKey = new Map<string, number>();
  requests.forEach((r, i) => {
    const count = counts[i]?.data?.count;
    if (typeof count === 'number') byKey.set(countKey(r.measure, r.locationId), count);
  });
  const all = [locations, totals, found, ...counts];
  const rows = boardRows({
    locations: places,
    totals: totals.data,
    count: (key) => byKey.get(key),
    found: found.data,
    now: Date.now(),
  });
  const done = all.every((q) => q.isSuccess);
  const refresh = useCallback(() => {
    void invalidateMethods(queryClient, [
      'inventoryCount',
      'inventoryExceptions',
      'inventoryLocationStock',
      'locationsList',
    ]);
  }, [queryClient]);
  return {
    rows,
    countedAt: done ? Math.min(...all.map((q) => q.dataUpdatedAt)) : null,
    loading: all.some((q) => q.isPending),
    fetching: all.some((q) => q.isFetching),
    error: all.find((q) => q.error)?.error ?? null,
    refresh,
  };
}

/** The walk alone (the recall list and the expired rows read it from the same cache). */
export function useInventoryExceptions() {
  return useBridgeQuery('inventoryExceptions', {}, CACHING);
}
