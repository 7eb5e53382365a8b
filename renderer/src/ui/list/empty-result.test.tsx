// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EmptyResult } from './empty-result';

afterEach(cleanup);

describe('EmptyResult', () => {
  it('says nothing matches once and offers to clear the filters', async () => {
    const onClear = vi.fn();
    render(<EmptyResult noun="open orders" filterCount={2} onClear={onClear} />);
    expect(screen.getAllByText(/match/)).toHaveLength(1);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Clear filters (2)' }));
    expect(onClear).toHaveBeenCalledTimes(1);
  });

  it('with no filter set, says the list is empty as it is, with nothing to clear', () => {
    render(<EmptyResult noun="returns" filterCount={0} onClear={() => undefined} />);
    expect(screen.getByRole('status').textContent).toBe('There are no returns here yet.');
    expect(screen.queryByRole('button')).toBeNull();
  });
});
