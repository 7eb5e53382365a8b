// @vitest-environment jsdom
/**
 * The query layer against the typed stub bridge: API data waits for a connection with a
 * key, is keyed by method, connection and arguments (so a prefetch and a later read share
 * one entry, and another connection's answer is another entry), and invalidates by method.
 */
import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ConnectionsView } from '../../../shared/contract/values';
import { schemaSample } from '../test-support/schema-variants';
import { bridgeWrapper, ok, type StubAnswer, stubClient } from '../test-support/stub-bridge';
import {
  cachedAnswers,
  invalidateMethods,
  useBridgePrefetch,
  useBridgeQuery,
} from './bridge-query';
import { bridgeQueryKey } from './query-options';

const connections = (hasKey: boolean): ConnectionsView => ({
  connections: [
    {
      id: 'c7',
      name: 'Live',
      baseUrl: 'https://api.example.com',
      sandbox: false,
      key: { hasKey, last4: hasKey ? 'wxyz' : null, storage: null, keychainAvailable: true },
    },
  ],
  selectedId: 'c7',
});

const page = { count: 1, next: null, previous: null, results: [schemaSample('ReturnRequest')] };

describe('useBridgeQuery', () => {
  it('asks nothing until the selected connection has a key', async () => {
    const returnsList = vi.fn<StubAnswer<'returnsList'>>(ok(page));
    const client = stubClient({ returnsList, connectionsList: ok(connections(false)) });
    const { wrapper, queryClient } = bridgeWrapper(client);
    const hook = renderHook(() => useBridgeQuery('returnsList', { page: 1 }), { wrapper });
    await waitFor(() =>
      expect(queryClient.getQueryData(['connectionsList', null, {}])).toBeTruthy(),
    );
    expect(hook.result.current.fetchStatus).toBe('idle');
    expect(returnsList).not.toHaveBeenCalled();

    queryClient.setQueryData(['connectionsList', null, {}], connections(true));
    await waitFor(() => expect(hook.result.current.data?.count).toBe(1));
    expect(returnsList).toHaveBeenCalledWith({ page: 1 });
    expect(queryClient.getQueryData(bridgeQueryKey('returnsList', 'c7', { page: 1 }))).toEqual(
      page,
    );
  });

  it('shares one cache entry with a prefetch of the same call, and invalidates by method', async () => {
    const returnsList = vi.fn<StubAnswer<'returnsList'>>(ok(page));
    const client = stubClient({ returnsList, connectionsList: ok(connections(true)) });
    const { wrapper, queryClient } = bridgeWrapper(client);
    // As the console's client: answers stay fresh for 30 s.
    queryClient.setDefaultOptions({ queries: { retry: false, staleTime: 30_000 } });
    const prefetch = renderHook(() => useBridgePrefetch(), { wrapper });
    await waitFor(() =>
      expect(queryClient.getQueryData(['connectionsList', null, {}])).toBeTruthy(),
    );
    await prefetch.result.current('returnsList', { page: 2, pageSize: 25 });
    expect(returnsList).toHaveBeenCalledTimes(1);
    const hook = renderHook(() => useBridgeQuery('returnsList', { page: 2, pageSize: 25 }), {
      wrapper,
    });
    await waitFor(() => expect(hook.result.current.isSuccess).toBe(true));
    expect(returnsList).toHaveBeenCalledTimes(1);
    expect(cachedAnswers(queryClient, 'returnsList')).toEqual([page]);

    await invalidateMethods(queryClient, ['returnsList']);
    await waitFor(() => expect(returnsList).toHaveBeenCalledTimes(2));
  });
});
