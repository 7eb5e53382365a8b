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
});
