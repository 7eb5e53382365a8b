// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { parseRouteId } from './id-route';
import { InventoryRoutes } from './inventory/inventory-routes';
import { LocationsRoutes } from './locations/locations-routes';
import { OrderRoutes } from './order-detail/order-routes';
import { ReturnRoutes } from './returns/return-routes';

afterEach(cleanup);

describe('parseRouteId', () => {
  it('takes whole numbers from 1 up, nothing else', () => {
    expect(['1', '42', '000123'].map((t) => parseRouteId(t))).toEqual([1, 42, 123]);
    expect(
      ['0', '-3', 'abc', '1.5', '1e3', '', ' ', '9'.repeat(20), undefined].map((t) =>
        parseRouteId(t),
      ),
    ).toEqual(Array(9).fill(null));
  });

  it('takes 0 and below where ids may be (a location)', () => {
    expect(['0', '-3', '7'].map((t) => parseRouteId(t, true))).toEqual([0, -3, 7]);
    expect(['-', '1.5', '--1'].map((t) => parseRouteId(t, true))).toEqual([null, null, null]);
  });
});

describe('an address with an id the API cannot have', () => {
  // No bridge is given: a page that asked for anything would fail, not spin.
  const at = (path: string, routes: ReactElement) =>
    render(<Router hook={memoryLocation({ path }).hook}>{routes}</Router>);

  it.each([
    ['/orders/abc', <OrderRoutes key="o" />, '“abc” is not an order number'],
    ['/orders/0', <OrderRoutes key="o" />, '“0” is not an order number'],
    ['/returns/-5', <ReturnRoutes key="r" />, '“-5” is not a return number'],
    ['/inventory/x1', <InventoryRoutes key="i" />, '“x1” is not a product number'],
    ['/locations/1.5', <LocationsRoutes key="l" />, '“1.5” is not a location number'],
  ])('%s says what is wrong at once', (path, routes, said) => {
    at(path, routes);
    expect(screen.getByRole('alert').textContent).toContain(said);
    expect(screen.queryByText(/NaN|Loading/)).toBeNull();
  });
});
