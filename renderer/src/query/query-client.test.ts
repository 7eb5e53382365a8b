import { afterEach, describe, expect, it } from 'vitest';
import { BridgeCallError } from './bridge-call';
import { useConnectivityStore } from './connectivity-store';
import { createQueryClient, NOT_AN_API_ANSWER, retryDelay, shouldRetry } from './query-client';

const fail = (code: ConstructorParameters<typeof BridgeCallError>[1]['code']) =>
  new BridgeCallError('ordersList', { code, message: `${code} happened` });

afterEach(() => useConnectivityStore.setState({ unreachable: null }));

describe('query retry policy', () => {
  it('retries transient bridge errors at most twice', () => {
    for (const code of ['network', 'timeout', 'server_error', 'rate_limited'] as const) {
      expect(shouldRetry(0, fail(code)), code).toBe(true);
      expect(shouldRetry(1, fail(code)), code).toBe(true);
      expect(shouldRetry(2, fail(code)), code).toBe(false);
    }
  });

  it('never retries errors that answer the same every time', () => {
    for (const code of [
      'unauthorized',
      'forbidden',
      'not_found',
      'invalid_arguments',
      'invalid_input',
      'no_connection',
      'no_key',
      'cancelled',
      'outcome_unknown',
    ] as const) {
      expect(shouldRetry(0, fail(code)), code).toBe(false);
    }
    expect(shouldRetry(0, new Error('a bug'))).toBe(false);
  });

  it('backs off 1 s, 2 s, 4 s, capped at 8 s', () => {
    expect([0, 1, 2, 3, 10].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 8000]);
  });
});

describe('query client and the connectivity store', () => {
  it('marks the API unreachable on network errors and reachable on an API answer', async () => {
    const client = createQueryClient();
    await client
      .fetchQuery({
        queryKey: ['orders'],
        queryFn: () => Promise.reject(fail('network')),
        retry: false,
      })
      .catch(() => {});
    expect(useConnectivityStore.getState().unreachable?.message).toBe('network happened');

    // A local answer (settings, a probe's verdict) proves nothing about the API.
    await client.fetchQuery({ queryKey: ['settings'], queryFn: () => 1, meta: NOT_AN_API_ANSWER });
    expect(useConnectivityStore.getState().unreachable).not.toBeNull();

    await client.fetchQuery({ queryKey: ['orders', 2], queryFn: () => 2 });
    expect(useConnectivityStore.getState().unreachable).toBeNull();
  });

  it('does not call a refused key "unreachable"', async () => {
    const client = createQueryClient();
    await client
      .fetchQuery({ queryKey: ['o'], queryFn: () => Promise.reject(fail('unauthorized')) })
      .catch(() => {});
    expect(useConnectivityStore.getState().unreachable).toBeNull();
  });
});
