/**
 * The exceptions board's server state: the locations, their units on hand, a count per
 * location and measure (background calls, one cached query each, so a new horizon asks only
 * for the expiring column) and the exceptions walk. Cached per connection by the query layer
 * and kept fresh for a while: the board says how old its counts are and has a refresh.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { callBridge } from '../../query/bridge-call';
import { useBridge } from '../../query/bridge-context';
import { invalidateMethods, useBridgeQueries, useBridgeQuery } from '../../query/bridge-query';
import { useApiConnection } from '../../query/connections';
import { NOT_AN_API_ANSWER } from '../../query/query-client';
import { bridgeQueryKey } from '../../query/query-options';
import { useLocations } from '../locations/use-locations-queries';
import {
  type BoardMeasure,
  type BoardRow,
  boardRows,
  countKey,
  countRequests,
} from './exceptions-board';
import { withKeptCounts } from './kept-board';
import { usePulledMarks } from './use-pulled-marks';
import { isCancelled, useWalkQuery } from './use-walk';

/** A board is a snapshot: re-asked on refresh or after this long, not on every visit. */
const BOARD_FRESH_MS = 10 * 60_000;
const BOARD_KEEP_MS = 60 * 60_000;
const CACHING = { staleTime: BOARD_FRESH_MS, gcTime: BOARD_KEEP_MS, refetchOnWindowFocus: false };

export interface ExceptionsBoard {
  /** What the board shows: a count not in yet is the last board's, when one was kept. */
  rows: BoardRow[];
  /** The counts read in this session only (exports take these). */
  liveRows: BoardRow[];
  /** When the kept counts shown were read (ms), while any cell shows one; else null. */
  keptAt: number | null;
  /** The counts shown were kept for the next launch (their countedAt), once the store said so. */
  savedAt: number | null;
  /** When the oldest count shown was read (ms), once everything has answered. */
  countedAt: number | null;
  loading: boolean;
  fetching: boolean;
  error: Error | null;
  refresh(): void;
  /** True when the count in this cell could not be read (said as "—", not "…" forever). */
  failed(measure: BoardMeasure, locationId: number | null): boolean;
  /** The exceptions walk behind the expired and recall columns: its progress and cancel. */
  walk: Walk;
}

export type Walk = ReturnType<typeof useInventoryExceptions>;

export function useExceptionsBoard(days: number, enabled: boolean): ExceptionsBoard {
  const queryClient = useQueryClient();
  const locations = useLocations();
  const totals = useBridgeQuery('inventoryLocationStock', {}, CACHING);
  const walk = useInventoryExceptions();
  const found = walk.query;
  // What was pulled off the shelf comes off the expired and recall counts.
  const marks = usePulledMarks();
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
  const liveRows = boardRows({
    locations: places,
    totals: totals.data,
    count: (key) => byKey.get(key),
    found: found.data,
    marks,
    now: Date.now(),
  });
  const done = all.every((q) => q.isSuccess);
  // The last board painted whole, one small local read: its counts fill the cells not in yet
  // (the large kept walk and the fresh counts come after), for the same horizon only.
  const kept = useKeptBoard().data?.board;
  const filled =
    !done && kept && kept.days === days
      ? withKeptCounts(liveRows, kept, locations.isSuccess)
      : null;
  const rows = filled?.rows ?? liveRows;
  const countedAt = done ? Math.min(...all.map((q) => q.dataUpdatedAt)) : null;
  const keptNow = useKeepBoard(countedAt, days, liveRows);
  const failedCounts = new Set<string>();
  requests.forEach((r, i) => {
    if (counts[i]?.isError) failedCounts.add(countKey(r.measure, r.locationId));
  });
  const walkFailed = found.isError && found.data === undefined;
  const failed = (measure: BoardMeasure, locationId: number | null) => {
    if (measure === 'onHand') return totals.isError && totals.data === undefined;
    if (measure === 'expired' || measure === 'voluntary' || measure === 'mandatory') {
      return walkFailed;
    }
    return failedCounts.has(countKey(measure, locationId)) || locations.isError;
  };
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
    liveRows,
    keptAt: filled?.used && kept ? Date.parse(kept.at) : null,
    savedAt: keptNow,
    countedAt,
    // isLoading, not isPending: counts that cannot be asked (no locations) are not "counting".
    loading: all.some((q) => q.isLoading),
    fetching: all.some((q) => q.isFetching),
    error: all.find((q) => q.error && !isCancelled(q.error))?.error ?? null,
    refresh,
    failed,
    walk,
  };
}

/**
 * Keeps the board's counts once every count is in (once per count), for the next launch;
 * answers the countedAt kept once the store has it.
 */
function useKeepBoard(countedAt: number | null, days: number, rows: BoardRow[]): number | null {
  const client = useBridge();
  const [saved, setSaved] = useState<number | null>(null);
  const keptFor = useRef<string | null>(null);
  const latest = useRef(rows);
  latest.current = rows;
  useEffect(() => {
    if (countedAt === null) return;
    const key = `${countedAt}@${days}`;
    if (keptFor.current === key) return;
    keptFor.current = key;
    const board = {
      at: new Date(countedAt).toISOString(),
      days,
      rows: latest.current.map((r) => ({ location: r.location, counts: r.counts })),
    };
    // Only a convenience for the next launch: a refusal changes nothing on screen.
    void callBridge(client, 'inventoryBoardKeep', { board }).then(
      () => setSaved(countedAt),
      () => {},
    );
  }, [client, countedAt, days]);
  return saved;
}

/**
 * The exceptions walk: one cache entry for the board, the recall list and the expired rows.
 * Before its first read on a connection, the walk kept from the last session (on disk, per
 * connection) goes into that entry with its own time, so it shows at once with its age while
 * a fresh walk runs behind it: on a large account the walk takes about 40 s, the board's other
 * counts about 3 s. A kept copy younger than the board's freshness is not read again.
 */
export function useInventoryExceptions() {
  const kept = useKeptWalk();
  // Asked once the kept copy is in (or known to be missing): never two walks at a launch.
  return useWalkQuery('inventoryExceptions', {}, { ...CACHING, enabled: !kept.isPending });
}

/**
 * Why the walk kept from the last session could not be shown (its file gone, cut short or
 * damaged), in words, or null: the views say what they lost while the fresh walk runs.
 */
export function useKeptWalkLost(): string | null {
  return useKeptWalk().data?.lost ?? null;
}

/**
 * Reads the walk kept from the last session as soon as any Inventory section opens (a local
 * read, no request), so the board opened next paints its expired and recall counts at once.
 */
export function usePrefetchKeptWalk(): void {
  useKeptWalk();
}

/**
 * The small kept board (kept-board.ts): read before the kept walk, whose parse in the main
 * process takes seconds on a large account and would hold this read up behind it.
 */
function useKeptBoard() {
  return useBridgeQuery(
    'inventoryBoardKept',
    {},
    {
      meta: NOT_AN_API_ANSWER,
      staleTime: Number.POSITIVE_INFINITY,
      gcTime: Number.POSITIVE_INFINITY,
      retry: false,
    },
  );
}

function useKeptWalk() {
  const client = useBridge();
  const connection = useApiConnection();
  const queryClient = useQueryClient();
  const board = useKeptBoard();
  const walkKey = bridgeQueryKey('inventoryExceptions', connection.connectionId, {});
  return useQuery({
    // The console's own disk, not the API answering (the "unreachable" banner ignores it).
    meta: NOT_AN_API_ANSWER,
    queryKey: bridgeQueryKey('inventoryExceptionsKept', connection.connectionId, {}),
    queryFn: async () => {
      const { kept, lost } = await callBridge(client, 'inventoryExceptionsKept', {});
      if (kept && queryClient.getQueryData(walkKey) === undefined) {
        queryClient.setQueryData(walkKey, kept, { updatedAt: Date.parse(kept.at) });
      }
      return { found: kept !== null, lost: lost ?? null };
    },
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
    // After the small kept board has answered (or failed): it paints first.
    enabled: connection.ready && !board.isPending,
  });
}
