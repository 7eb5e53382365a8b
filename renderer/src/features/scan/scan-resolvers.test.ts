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

describe('resolveOrder with the packable-orders index', () => {
  it('asks the index for a code the search has no exact match for', async () => {
    const asked: unknown[] = [];
    const client = stubClient({
      ordersList: okUntyped({ count: 0, next: null, previous: null, results: [] }),
      orderIndexFind: async (args: unknown) => {
        asked.push(args);
        return {
          ok: true,
          value: {
            hits: [
              {
                orderId: 2968,
                orderName: '#10968',
                recipient: 'Ada Lovelace',
                stage: 'labels' as const,
                field: 'storefront order id',
              },
            ],
            count: 172,
            refreshedAt: '2026-11-22T09:00:00.000Z',
          },
        };
      },
    });
    const hits = await resolveOrder(' 5200002968530 ', {
      client,
      queryClient: new QueryClient(),
      connectionId: 'c1',
    });
    expect(asked).toEqual([{ code: '5200002968530' }]);
    expect(hits).toEqual([
      {
        kind: 'order',
        id: '2968',
        title: '#10968',
        detail: 'Ada Lovelace',
        field: 'storefront order id',
      },
    ]);
  });

  it('does not ask the index when the search found the order', async () => {
    let asked = 0;
    const client = stubClient({
      ordersList: okUntyped({
        count: 1,
        next: null,
        previous: null,
        results: [minimalOrder({ id: 41, order_name: '#EU3042' })],
      }),
      orderIndexFind: async () => {
        asked += 1;
        return { ok: true, value: { hits: [], count: 0, refreshedAt: null } };
      },
    });
    await resolveOrder('#EU3042', { client, queryClient: new QueryClient(), connectionId: 'c1' });
    expect(asked).toBe(0);
  });
});
