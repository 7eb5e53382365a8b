/**
 * An order found by a scan: only exact matches are hits, and each found order is put in the
 * query cache as its own read, so the page the scan opens paints without asking again.
 */
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { minimalOrder } from '../../../../shared/api/test-support/minimal-order';
import { bridgeQueryKey } from '../../query/query-options';
import { okUntyped, stubClient } from '../../test-support/stub-bridge';
import { resolveOrder } from './scan-resolvers';

describe('resolveOrder', () => {
  it('keeps exact matches and seeds their order reads', async () => {
    const exact = minimalOrder({ id: 41, order_name: '#EU3042' });
    const broad = minimalOrder({ id: 42, order_name: '#EU30421' });
    const client = stubClient({
      ordersList: okUntyped({ count: 2, next: null, previous: null, results: [exact, broad] }),
    });
    const queryClient = new QueryClient();
    const hits = await resolveOrder('#eu3042', { client, queryClient, connectionId: 'c1' });
    expect(hits.map((h) => h.id)).toEqual(['41']);
    expect(queryClient.getQueryData(bridgeQueryKey('ordersGet', 'c1', { id: 41 }))).toEqual(exact);
    expect(queryClient.getQueryData(bridgeQueryKey('ordersGet', 'c1', { id: 42 }))).toBeUndefined();
  });
});
