// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ListFrame, type ListRead } from './list-frame';

afterEach(cleanup);

const read = (over: Partial<ListRead>): ListRead => ({
  data: undefined,
  error: null,
  isError: false,
  isPending: false,
  isSuccess: false,
  refetch: vi.fn(),
  ...over,
});

describe('ListFrame', () => {
  it('says a failed read with a Retry that reads again', async () => {
    const failed = read({ isError: true, error: new Error('offline') });
    render(
      <ListFrame label="Orders list" read={failed} what="The orders">
        <p>grid</p>
      </ListFrame>,
    );
    expect(screen.getByRole('alert').textContent).toContain('The orders could not be loaded');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(failed.refetch).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('region', { name: 'Orders list' })).toBeTruthy();
  });

  it('says "Loading…" only while there is no answer, and the empty result once there is', () => {
    const { rerender } = render(
      <ListFrame read={read({ isPending: true })} loading="Loading orders…" rowCount={0}>
        <p>grid</p>
      </ListFrame>,
    );
    expect(screen.getByText('Loading orders…')).toBeTruthy();
    rerender(
      <ListFrame
        read={read({ isSuccess: true, data: {} })}
        loading="Loading orders…"
        rowCount={0}
        filterCount={1}
        onClearFilters={() => undefined}
        emptyNoun="orders"
      >
        <p>grid</p>
      </ListFrame>,
    );
    expect(screen.queryByText('Loading orders…')).toBeNull();
    expect(screen.getByTestId('empty-result').textContent).toContain('No orders match');
  });

  it('says a streamed list’s progress from the read, and its failure with its noun', () => {
    const noun = { one: 'shipment', many: 'shipments', testId: 'shipments' };
    const arriving = {
      rows: [{}, {}],
      expected: 10_000,
      setAside: [],
      complete: false,
      keptAt: null,
    };
    const { rerender } = render(
      <ListFrame read={read({ isPending: true })} streamed={{ list: undefined, noun }}>
        <p>grid</p>
      </ListFrame>,
    );
    expect(screen.getByTestId('shipments-count').textContent).toBe('Loading shipments…');
    rerender(
      <ListFrame
        read={read({ isSuccess: true, isFetching: true, data: arriving })}
        streamed={{ list: arriving, noun, shown: 1 }}
      >
        <p>grid</p>
      </ListFrame>,
    );
    expect(screen.getByTestId('shipments-count').textContent).toBe(
      '1 of 2 shipments · Loading 2 of ~10,000… sorted and filtered within the 2 loaded so far',
    );
    rerender(
      <ListFrame
        read={read({ isError: true, error: new Error('reset'), data: arriving })}
        streamed={{ list: arriving, noun, shown: 2 }}
      >
        <p>grid</p>
      </ListFrame>,
    );
    expect(screen.getByRole('alert').textContent).toContain('The shipments could not be loaded');
    expect(screen.getByTestId('shipments-count').textContent).toBe(
      '2 of 2 shipments · only the 2 that arrived before the list broke off',
    );
  });
});
