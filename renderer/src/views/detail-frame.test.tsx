// @vitest-environment jsdom
import type { UseQueryResult } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BridgeCallError } from '../query/bridge-call';
import { DetailFrame } from './detail-frame';

afterEach(cleanup);

type Query = UseQueryResult<{ name: string }, Error>;
const query = (state: Partial<Query>) =>
  ({ isSuccess: false, isError: false, refetch: vi.fn(), ...state }) as unknown as Query;

const frame = (id: number | string, q: Query, enabled = true) =>
  render(
    <DetailFrame
      noun="order"
      id={id}
      back={<a href="/orders">Orders</a>}
      query={q}
      enabled={enabled}
    >
      {(record) => <p>Loaded {record.name}</p>}
    </DetailFrame>,
  );

describe('DetailFrame', () => {
  it('says at once that an id which is no whole number above 0 is not one', () => {
    frame(0, query({}));
    expect(screen.getByRole('alert').textContent).toBe('“0” is not an order number.');
    expect(document.title).toBe('Order not found · Packbench');
  });

  it('says it is loading, or that no connection is in use', () => {
    frame(7, query({}));
    expect(screen.getByText('Loading the order…')).toBeTruthy();
    expect(document.title).toBe('Order #7 · Packbench');
    cleanup();
    frame('shp_1', query({}), false);
    expect(screen.getByText('No connection with a key is in use.')).toBeTruthy();
    expect(document.title).toBe('Order shp_1 · Packbench');
  });

  it('tells "not in this account" from a failed read, and tries again', () => {
    const missing = new BridgeCallError('ordersGet', { code: 'not_found', message: 'gone' });
    const q = query({ isError: true, error: missing });
    frame(7, q);
    expect(screen.getByRole('alert').textContent).toContain('There is no order 7 in this account.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(q.refetch).toHaveBeenCalled();
    cleanup();
    frame(7, query({ isError: true, error: new Error('offline') }));
    expect(screen.getByRole('alert').textContent).toContain(
      'The order could not be loaded: offline',
    );
  });

  it('draws the page once the record is read', () => {
    frame(7, query({ isSuccess: true, data: { name: 'A' } }));
    expect(screen.getByText('Loaded A')).toBeTruthy();
  });
});
