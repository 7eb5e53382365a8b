/**
 * The server-state layer. The bridge already retries network errors and 5xx with back-off
 * and waits out 429s itself, so the query layer adds at most two more tries, and only for
 * transient errors: a wrong key or a missing connection is shown at once instead of after a
 * minute of spinners. Mutations are never retried here (a create must not run twice).
 * Every query's outcome feeds the connectivity store, which drives the "unreachable" banner.
 */
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { BridgeCallError, isTransient, isUnreachable } from './bridge-call';
import { useConnectivityStore } from './connectivity-store';

/** The API refused the key (a 401): every view is told at once, not each on its own. */
function isKeyRefused(error: unknown): error is BridgeCallError {
  return error instanceof BridgeCallError && error.code === 'unauthorized';
}

export const MAX_QUERY_RETRIES = 2;

/** `meta` for queries whose success says nothing about the API (local state, probes). */
export const NOT_AN_API_ANSWER = { reachability: false } as const;

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { reachability?: boolean };
  }
}

export function shouldRetry(failureCount: number, error: unknown): boolean {
  return isTransient(error) && failureCount < MAX_QUERY_RETRIES;
}

/** 1 s, 2 s, … capped at 8 s: on top of the bridge's own back-off, no hammering. */
export function retryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 8000);
}

export function createQueryClient(): QueryClient {
  const connectivity = () => useConnectivityStore.getState();
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error) => {
        if (isUnreachable(error)) connectivity().reportUnreachable(error.error.message);
        if (isKeyRefused(error)) connectivity().reportKeyRefused(error.error.message);
      },
      // Only an answer from the API proves it reachable: the console's own state (settings,
      // connections) and the banner's probe (a verdict, even a failed one) do not.
      onSuccess: (_data, query) => {
        if (query.meta?.reachability !== false) connectivity().reportReachable();
      },
    }),
    mutationCache: new MutationCache({
      onError: (error) => {
        if (isUnreachable(error)) connectivity().reportUnreachable(error.error.message);
        if (isKeyRefused(error)) connectivity().reportKeyRefused(error.error.message);
      },
    }),
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        retryDelay,
        staleTime: 30_000,
        // Pack stations leave the console open all day: refresh what is shown when they
        // come back to it, not on a timer.
        refetchOnWindowFocus: true,
      },
      mutations: { retry: false },
    },
  });
}
