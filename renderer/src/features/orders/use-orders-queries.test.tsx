// @vitest-environment jsdom
import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ArgsOf } from '../../../../shared/contract/bridge-contract';
import { bridgeWrapper, stubClient } from '../../test-support/stub-bridge';
import { EMPTY_FILTERS, type OrderViewFilters } from './order-filters';
import { useOrdersPage } from './use-orders-queries';

const page = (ids: number[], count: number) => ({
  ok: true as const,
  value: { count, next: null, previous: null, results: ids.map((id) => ({ id })) } as never,
});

describe('useOrdersPage', () => {
  it('never shows the previous stage’s rows under a new stage while it loads (a slow API)', async () => {
    let answerCancelled: (value: ReturnType<typeof page>) => void = () => undefined;
    const client = stubClient({
      ordersList: (args: ArgsOf<'ordersList'>) => {
        if (args.filters?.stage === 'cancelled') {
          return new Promise((resolve) => {
            answerCancelled = resolve;
          });
        }
        return Promise.resolve(page(args.page === 2 ? [3, 4] : [1, 2], 120));
      },
    });
    const { wrapper } = bridgeWrapper(client);
    const open: OrderViewFilters = { ...EMPTY_FILTERS, stage: 'open' };
    const { result, rerender } = renderHook(
      ({ filters, n }: { filters: OrderViewFilters; n: number }) =>
        useOrdersPage({ filters, page: n, pageSize: 2 }, true),
      { wrapper, initialProps: { filters: open, n: 1 } },
    );
    await waitFor(() => expect(result.current.data?.results.map((o) => o.id)).toEqual([1, 2]));

    // The next page under the same filters: the rows stay while it loads (marked as such).
    rerender({ filters: open, n: 2 });
    expect(result.current.data?.results.map((o) => o.id) ?? []).not.toEqual([]);
    await waitFor(() => expect(result.current.data?.results.map((o) => o.id)).toEqual([3, 4]));

    // Another stage: nothing shown until its own answer, not the open orders and their count.
    rerender({ filters: { ...EMPTY_FILTERS, stage: 'cancelled' }, n: 1 });
    expect(result.current.data).toBeUndefined();
    expect(result.current.isPending).toBe(true);
    answerCancelled(page([9], 1));
    await waitFor(() => expect(result.current.data?.results.map((o) => o.id)).toEqual([9]));
    expect(result.current.data?.count).toBe(1);
  });
});
