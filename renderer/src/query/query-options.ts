/**
 * Query keys and options for bridge calls (the hooks are in bridge-query.ts). A key is the
 * method, the connection whose data it is (null for the console's own state) and the args:
 *
 *   ['ordersList', 'c1', { filters: {...}, page: 2, pageSize: 50 }]
 *
 * so `queryKey: ['ordersList']` matches every page, count and filter of one method.
 */
import type { UseQueryOptions } from '@tanstack/react-query';
import type { ArgsOf, BridgeMethod, ResultOf } from '../../../shared/contract/bridge-contract';
import type { PackbenchClient } from '../bridge';
import { callBridge } from './bridge-call';
import { NOT_AN_API_ANSWER } from './query-client';

/** Whose data API queries ask for, and whether they may ask yet (connections.ts). */
export interface ApiConnection {
  connectionId: string | null;
  /** A connection is selected and has a key. */
  ready: boolean;
}

export type BridgeQueryKey<M extends BridgeMethod> = readonly [M, string | null, ArgsOf<M>];

/** The key of one call: its method, the connection whose data it is (null: local), its args. */
export function bridgeQueryKey<M extends BridgeMethod>(
  method: M,
  connectionId: string | null,
  args: ArgsOf<M>,
): BridgeQueryKey<M> {
  return [method, connectionId, args] as const;
}

/**
 * What a caller may add to a bridge query: TanStack's own options, but `enabled` is a plain
 * flag (ANDed with "a connection with a key is selected" for API data).
 */
export type BridgeQueryExtras<M extends BridgeMethod, T = ResultOf<M>> = Omit<
  UseQueryOptions<ResultOf<M>, Error, T, BridgeQueryKey<M>>,
  'queryKey' | 'queryFn' | 'enabled'
> & { enabled?: boolean };

/** Options for one API call on a connection (for useQuery, useQueries, prefetchQuery). */
export function bridgeQueryOptions<M extends BridgeMethod, T = ResultOf<M>>(
  client: PackbenchClient,
  connection: ApiConnection,
  method: M,
  args: ArgsOf<M>,
  extras: BridgeQueryExtras<M, T> = {},
): UseQueryOptions<ResultOf<M>, Error, T, BridgeQueryKey<M>> {
  return {
    ...extras,
    queryKey: bridgeQueryKey(method, connection.connectionId, args),
    queryFn: () => callBridge(client, method, args),
    enabled: connection.ready && (extras.enabled ?? true),
  };
}

/** The console's own state as a "connection": none in the key, and always there to ask. */
const CONSOLE_ITSELF: ApiConnection = { connectionId: null, ready: true };

/** Options for a call on the console's own state (no connection in the key, not an API answer). */
export function localQueryOptions<M extends BridgeMethod, T = ResultOf<M>>(
  client: PackbenchClient,
  method: M,
  args: ArgsOf<M>,
  extras: BridgeQueryExtras<M, T> = {},
): UseQueryOptions<ResultOf<M>, Error, T, BridgeQueryKey<M>> {
  return bridgeQueryOptions(client, CONSOLE_ITSELF, method, args, {
    meta: NOT_AN_API_ANSWER,
    ...extras,
  });
}

/** The key of a local call, for writing its answer into the cache (setQueryData). */
export const localQueryKey = <M extends BridgeMethod>(method: M, args: ArgsOf<M>) =>
  bridgeQueryKey(method, null, args);

/** The key of an answer cached in a compact form of its own (see compactQueryOptions). */
export type CompactQueryKey<M extends BridgeMethod> = readonly [
  M,
  string | null,
  ArgsOf<M>,
  'compact',
];

export type CompactQueryExtras<M extends BridgeMethod, C> = Omit<
  UseQueryOptions<C, Error, C, CompactQueryKey<M>>,
  'queryKey' | 'queryFn' | 'enabled'
>;

/**
 * Options for an API call whose answer is reduced before it is cached: a 100,000-item list
 * kept as compact rows, so the raw objects are let go at once. The key ends in 'compact', so
 * it never passes for the method's plain answer, and still starts with the method.
 */
export function compactQueryOptions<M extends BridgeMethod, C>(
  client: PackbenchClient,
  connection: ApiConnection,
  method: M,
  args: ArgsOf<M>,
  compact: (answer: ResultOf<M>) => C,
  extras: Omit<
    UseQueryOptions<C, Error, C, CompactQueryKey<M>>,
    'queryKey' | 'queryFn' | 'enabled'
  >,
): UseQueryOptions<C, Error, C, CompactQueryKey<M>> {
  return {
    ...extras,
    queryKey: [method, connection.connectionId, args, 'compact'] as const,
    queryFn: async () => compact(await callBridge(client, method, args)),
    enabled: connection.ready,
  };
}
