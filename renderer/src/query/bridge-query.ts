/**
 * The one way the renderer reads through the bridge: hooks over TanStack Query, typed from the
 * contract (ArgsOf / ResultOf), keyed by method, connection and arguments (query-options.ts).
 *
 * - `useBridgeQuery('ordersList', args, extras)`: API data of the selected connection. Its key
 *   holds the connection's id, so another account's answer is never shown as this one's, and
 *   nothing is asked until a connection with a key is selected.
 * - `useLocalQuery('settingsGet', {})`: the console's own state (settings, connections,
 *   printers, print jobs). No connection in the key, and its answers do not count as the API
 *   answering (the "unreachable" banner ignores them).
 *
 * `extras` are TanStack's own options: retries follow the query client's policy unless a
 * caller says otherwise, and a list that keeps its rows on screen while the next page loads
 * passes `placeholderData: keepPreviousData`.
 */
import {
  type QueryClient,
  type UseQueryResult,
  useQueries,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useCallback } from 'react';
import type { ArgsOf, BridgeMethod, ResultOf } from '../../../shared/contract/bridge-contract';
import { useBridge } from './bridge-context';
import { useApiConnection } from './connections';
import { NOT_AN_API_ANSWER } from './query-client';
import {
  type BridgeQueryExtras,
  bridgeQueryOptions,
  type CompactQueryExtras,
  compactQueryOptions,
  localQueryOptions,
} from './query-options';

/** API data for the selected connection; waits (disabled) until it has a key. */
export function useBridgeQuery<M extends BridgeMethod, T = ResultOf<M>>(
  method: M,
  args: ArgsOf<M>,
  extras: BridgeQueryExtras<M, T> = {},
): UseQueryResult<T, Error> {
  const client = useBridge();
  const connection = useApiConnection();
  return useQuery(bridgeQueryOptions(client, connection, method, args, extras));
}

/** One method with several argument sets at once (a query each), the results in that order. */
export function useBridgeQueries<M extends BridgeMethod, T = ResultOf<M>>(
  method: M,
  argsList: readonly ArgsOf<M>[],
  extras: BridgeQueryExtras<M, T> = {},
): UseQueryResult<T, Error>[] {
  const client = useBridge();
  const connection = useApiConnection();
  return useQueries({
    queries: argsList.map((args) => bridgeQueryOptions(client, connection, method, args, extras)),
  }) as UseQueryResult<T, Error>[];
}

/**
 * API data reduced before it is cached (compactQueryOptions): a whole large list kept as
 * compact rows. `compact` should be a module function (it is not part of the key).
 */
export function useCompactQuery<M extends BridgeMethod, C>(
  method: M,
  args: ArgsOf<M>,
  compact: (answer: ResultOf<M>) => C,
  extras: CompactQueryExtras<M, C> = {},
): UseQueryResult<C, Error> {
  const client = useBridge();
  const connection = useApiConnection();
  return useQuery(compactQueryOptions(client, connection, method, args, compact, extras));
}

/**
 * What the console keeps for the connection in use (review marks, line dispositions): read once
 * as a whole and kept (their mutations update the cache), shaped by `select`; `empty` until read.
 */
export function useKeptForConnection<M extends BridgeMethod, T>(
  method: M,
  args: ArgsOf<M>,
  select: (view: ResultOf<M>) => T,
  empty: T,
): T {
  const query = useBridgeQuery(method, args, {
    meta: NOT_AN_API_ANSWER,
    staleTime: Number.POSITIVE_INFINITY,
    select,
  });
  return query.data ?? empty;
}

/** The console's own state through the bridge (no connection needed). */
export function useLocalQuery<M extends BridgeMethod, T = ResultOf<M>>(
  method: M,
  args: ArgsOf<M>,
  extras: BridgeQueryExtras<M, T> = {},
): UseQueryResult<T, Error> {
  const client = useBridge();
  return useQuery(localQueryOptions(client, method, args, extras));
}

/**
 * Warms the cache for an API call (the next page), so showing it later is instant. The
 * function is stable for a connection, so it may sit in an effect's dependencies.
 */
export function useBridgePrefetch(): <M extends BridgeMethod>(
  method: M,
  args: ArgsOf<M>,
  extras?: BridgeQueryExtras<M>,
) => Promise<void> {
  const client = useBridge();
  const queryClient = useQueryClient();
  const { connectionId, ready } = useApiConnection();
  return useCallback(
    (method, args, extras = {}) =>
      ready
        ? queryClient.prefetchQuery(
            bridgeQueryOptions(client, { connectionId, ready }, method, args, extras),
          )
        : Promise.resolve(),
    [client, queryClient, connectionId, ready],
  );
}

/** Marks every cached answer of these methods stale (those on screen are asked again). */
export async function invalidateMethods(
  queryClient: QueryClient,
  methods: readonly BridgeMethod[],
): Promise<void> {
  await Promise.all(methods.map((method) => queryClient.invalidateQueries({ queryKey: [method] })));
}

/** Every answer of one method now in the cache (any connection, any arguments). */
export function cachedAnswers<M extends BridgeMethod>(
  queryClient: QueryClient,
  method: M,
): ResultOf<M>[] {
  return queryClient
    .getQueriesData<ResultOf<M>>({ queryKey: [method] })
    .flatMap(([key, data]) => (data === undefined || key.length !== 3 ? [] : [data]));
}

/**
 * A paged list's count, known only once the answer is for the filters asked: while the next
 * filters' page loads, the previous answer stays on screen (placeholder data) but its count
 * is not said as theirs.
 */
export function knownCount(query: {
  isPlaceholderData: boolean;
  data?: { count?: number | null } | undefined;
}): number | undefined {
  return query.isPlaceholderData ? undefined : (query.data?.count ?? undefined);
}
