// @vitest-environment jsdom
/**
 * The stock levels view and the product stock page fed every variant of their OpenAPI
 * schemas (every field, required only, nulls, empty arrays, unknown extra fields): they show
 * their heading and sections and never reach the error boundary. And the filters: the saved
 * ones are asked for first, each change asks the API for the right rows and is written to the
 * settings file; the badges tell the two recalls apart.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageOf, schemaSample, schemaVariants } from '../../test-support/schema-variants';
import {
  expectNoBoundary,
  ok,
  okUntyped,
  reactErrors,
  renderWith,
  type StubAnswer,
  stubClient,
} from '../../test-support/stub-bridge';
import { cleanUpAfterEach } from '../../test-support/test-hooks';
import { InventoryView } from './inventory-view';
import { ProductStockView } from './product-stock-view';

cleanUpAfterEach();
afterEach(() => {
  // The stock list writes its filters into the address: each test starts from none.
  window.history.replaceState(null, '', '/');
});

describe('Stock levels with schema variants', () => {
  const variants = schemaVariants('StockLevel');
  it('has variants to test', () => expect(variants.length).toBeGreaterThanOrEqual(4));
  for (const variant of variants) {
    it(`renders ${variant.label}`, async () => {
      const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
      renderWith(
        stubClient({
          inventoryList: ok(pageOf([variant.value], 1)),
          locationsList: ok(schemaVariants('Location').map((v) => v.value)),
        }),
        <InventoryView />,
      );
      expect(screen.getByRole('heading', { level: 1, name: 'Inventory' })).toBeTruthy();
      // A timeout guards a hang on a busy machine (the default second was not always enough).
      await waitFor(
        () => expect(screen.getByTestId('inventory-range').textContent).toBe('Stock rows 1–1 of 1'),
        { timeout: 10_000 },
      );
      const table = screen.getByRole('table', { name: 'Stock levels' });
      expect(within(table).getAllByRole('row')).toHaveLength(2);
      expect(screen.getByRole('region', { name: 'Filters' })).toBeTruthy();
      expectNoBoundary();
      expect(reactErrors(errors)).toEqual([]);
    });
  }
});

describe('Product stock with schema variants', () => {
  for (const variant of schemaVariants('ProductStock')) {
    it(`renders ${variant.label}`, async () => {
      const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
      renderWith(
        stubClient({ inventoryGet: ok(variant.value) }),
        <ProductStockView productId={7} />,
      );
      await screen.findByRole('heading', { level: 2, name: 'Product' });
      expect(screen.getByRole('heading', { level: 1 }).textContent).not.toBe('');
      for (const name of ['Stock per location', 'Recent movements']) {
        expect(screen.getByRole('heading', { level: 2, name })).toBeTruthy();
      }
      expectNoBoundary();
      expect(reactErrors(errors)).toEqual([]);
    });
  }

  it('shows bins with the stock not in a bin, batches soonest first, movements newest first', async () => {
    const stock = {
      product: { id: 7, sku: 'SKU-7', name: 'Seven', recall: 'mandatory' },
      levels: [
        {
          location: { id: 1, code: 'WH-1', name: 'One' },
          on_hand_total: 10,
          committed_total: 2,
          reserved_total: 1,
          available_total: 7,
          reorder_point: 8,
          bin_breakdown: [
            { bin: null, on_hand: 4, committed: 0, reserved: 0, available: 4 },
            { bin: { id: 1, code: 'A-1', zone: 'pick' }, on_hand: 6, available: 3 },
          ],
          batch_breakdown: [
            { batch: { id: 2, batch_code: 'LATE', days_until_expiry: 90, recall_state: 'none' } },
            {
              batch: { id: 3, batch_code: 'SOON', days_until_expiry: 5, recall_state: 'voluntary' },
            },
          ],
        },
      ],
      movements_recent: [
        { id: 1, delta: -2, occurred_at: '2026-11-01T10:00:00Z' },
        { id: 2, delta: 5, occurred_at: '2026-11-20T10:00:00Z' },
      ],
    };
    // Hand-written and partial (bins and batches without every field): not the contract's type.
    renderWith(stubClient({ inventoryGet: okUntyped(stock) }), <ProductStockView productId={7} />);
    await screen.findByRole('heading', { level: 1, name: 'Seven' });
    const product = screen.getByRole('region', { name: 'Product' });
    expect(product.querySelector('[data-badge="recall-mandatory"]')?.textContent).toBe(
      'Mandatory recall',
    );
    const level = screen.getByRole('region', { name: 'WH-1 — One' });
    expect(within(level).getByTestId('level-sum').textContent).toMatch(/= 7 available/);
    // 7 available against a reorder point of 8: low stock.
    within(level).getByText('Low stock');
    const bins = within(level).getByRole('table', { name: 'Bins' });
    const binRows = within(bins)
      .getAllByRole('rowheader')
      .map((r) => r.textContent);
    expect(binRows).toEqual(['A-1', 'Not in a bin']);
    const batches = within(level).getByRole('table', { name: /^Batches/ });
    const codes = [...batches.querySelectorAll('tr[data-batch-code]')].map((r) =>
      r.getAttribute('data-batch-code'),
    );
    expect(codes).toEqual(['SOON', 'LATE']);
    within(batches).getByText('Expires in 5 days');
    within(batches).getByText('Voluntary recall');
    const movements = screen.getByRole('table', { name: 'Recent movements' });
    const ids = [...movements.querySelectorAll('tr[data-movement-id]')].map((r) =>
      r.getAttribute('data-movement-id'),
    );
    expect(ids).toEqual(['2', '1']);
    within(movements).getByText('+5');
    within(movements).getByText('−2');
  });
});

describe('Stock filters', () => {
  it('ask first for the saved filters, then for each change, and keep it', async () => {
    const inventoryList = vi.fn<StubAnswer<'inventoryList'>>(ok(pageOf([], 0)));
    const locations = [
      { ...schemaSample('Location'), id: 3, code: 'WH-3', name: 'Three' },
      { ...schemaSample('Location'), id: 4, code: 'WH-4', name: 'Four' },
    ];
    const client = stubClient(
      { inventoryList, locationsList: ok(locations) },
      { inventory: { filters: { expiringWithinDays: 30 }, pageSize: 100 } },
    );
    renderWith(client, <InventoryView />);
    await waitFor(() => expect(inventoryList).toHaveBeenCalled());
    expect(inventoryList.mock.calls[0]?.[0]).toEqual({
      filters: { expiring_within_days: 30 },
      page: 1,
      pageSize: 100,
    });
    const user = userEvent.setup();
    await screen.findByRole('option', { name: 'WH-4 — Four' });
    await user.selectOptions(screen.getByLabelText('Location'), 'WH-4 — Four');
    await user.click(screen.getByLabelText('Low stock'));
    await waitFor(() =>
      expect(inventoryList).toHaveBeenLastCalledWith({
        filters: { expiring_within_days: 30, location: 4, low_stock: true },
        page: 1,
        pageSize: 100,
      }),
    );
    // Writes go one at a time: the second starts once the first has answered.
    await waitFor(() =>
      expect(client.settingsUpdate).toHaveBeenLastCalledWith({
        patch: {
          views: {
            inventory: {
              filters: {
                location: 4,
                lowStock: true,
                outOfStock: false,
                expiringWithinDays: 30,
                q: '',
              },
            },
          },
        },
      }),
    );
    await user.click(
      within(screen.getByRole('region', { name: 'Filters' })).getByRole('button', {
        name: 'Clear filters (3)',
      }),
    );
    await waitFor(() =>
      expect(inventoryList).toHaveBeenLastCalledWith({ filters: {}, page: 1, pageSize: 100 }),
    );
  });

  it('takes any whole number of days for the expiry filter, on Enter', async () => {
    const inventoryList = vi.fn<StubAnswer<'inventoryList'>>(ok(pageOf([], 0)));
    renderWith(stubClient({ inventoryList }), <InventoryView />);
    await waitFor(() => expect(inventoryList).toHaveBeenCalled());
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Expiring within'), 'Other…');
    const days = screen.getByLabelText('Days');
    await user.type(days, '4x');
    expect(days.getAttribute('aria-invalid')).toBe('true');
    await user.clear(days);
    await user.type(days, '45{Enter}');
    await waitFor(() =>
      expect(inventoryList).toHaveBeenLastCalledWith({
        filters: { expiring_within_days: 45 },
        page: 1,
        pageSize: 50,
      }),
    );
    // The typed horizon is now one of the choices, and selected.
    expect((screen.getByLabelText('Expiring within') as HTMLSelectElement).value).toBe('45');
    expect(screen.queryByLabelText('Days')).toBeNull();
  });

  it('badges a mandatory recall apart from a voluntary one, and out of stock', async () => {
    const row = schemaSample('StockLevel');
    const rows = [
      { ...row, product_id: 1, recall: 'mandatory' as const, available: 5, reorder_point: null },
      { ...row, product_id: 2, recall: 'voluntary' as const, available: 0, reorder_point: null },
    ];
    renderWith(stubClient({ inventoryList: ok(pageOf(rows, 2)) }), <InventoryView />);
    const table = await screen.findByRole('table', { name: 'Stock levels' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    const [first, second] = within(table).getAllByRole('row').slice(1);
    expect(within(first!).getByText('Mandatory recall').getAttribute('data-badge')).toBe(
      'recall-mandatory',
    );
    expect(within(first!).queryByText('Out of stock')).toBeNull();
    within(second!).getByText('Voluntary recall');
    within(second!).getByText('Out of stock');
  });
});
