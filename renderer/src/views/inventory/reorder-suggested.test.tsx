// @vitest-environment jsdom
/**
 * The reorder list's suggested quantity: each row says how many to order to be back above
 * its reorder point by the margin (20 % until the supervisor changes it, then kept in the
 * settings file); a bad margin is refused in words; and "Export purchase list…" writes SKU,
 * product, suggested quantity and location for the rows that need ordering.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Api } from '../../../../shared/contract/values';
import {
  ok,
  okUntyped,
  renderWith,
  type StubAnswer,
  stubClient,
} from '../../test-support/stub-bridge';
import { fixedDateEachTest } from '../../test-support/test-hooks';
import { ReorderView } from './reorder-view';

fixedDateEachTest(new Date(2026, 10, 28, 10, 0));

const AMS = { id: 1, code: 'WH-AMS-01', name: 'Amsterdam' };
const level = (extra: Partial<Api['StockLevel']>) =>
  ({
    location: AMS,
    product_id: 9,
    sku: 'SOAP-9',
    name: 'Soap',
    available: 3,
    on_hand: 3,
    reorder_point: 10,
    reorder_point_source: 'manual',
    ...extra,
  }) as Api['StockLevel'];
const ROWS = [
  level({}),
  level({ product_id: 4, sku: 'TEA-4', name: 'Tea', available: 0, reorder_point: 1_000 }),
];

const suggested = () =>
  within(screen.getByTestId('reorder-grid'))
    .getAllByRole('row')
    .slice(1)
    .map((r) => r.querySelector('[data-field="suggested"]')?.textContent);

describe('the reorder list’s suggested quantity', () => {
  it('aims 20 % above the point, follows a new margin, keeps it and exports a purchase list', async () => {
    const tableExport = vi.fn<StubAnswer<'tableExport'>>(async () => ({
      ok: true,
      value: { path: '/x/purchase-list.csv', rows: 2, bytes: 60 },
    }));
    const client = stubClient({
      locationsList: okUntyped([AMS]),
      inventoryReorder: ok({ rows: ROWS, total: 2, leftOut: 0, at: new Date().toISOString() }),
      tableExport,
    });
    renderWith(client, <ReorderView />);
    // A timeout guards a hang: on a busy machine the rows come after the default second.
    await waitFor(() => expect(suggested()).toEqual(['9', '1,200']), { timeout: 10_000 });
    expect(
      within(screen.getByTestId('reorder-grid')).getByRole('columnheader', {
        name: 'Suggested order',
      }),
    ).toBeTruthy();

    const user = userEvent.setup();
    const margin = screen.getByLabelText('Margin above reorder point (%)');
    expect((margin as HTMLInputElement).value).toBe('20');
    await user.clear(margin);
    await user.type(margin, 'lots{Enter}');
    expect(screen.getByText('Type a whole percent from 0 to 500, for example 20.')).toBeTruthy();
    expect(suggested()).toEqual(['9', '1,200']);
    await user.clear(margin);
    await user.type(margin, '50{Enter}');
    await waitFor(() => expect(suggested()).toEqual(['12', '1,500']));
    await waitFor(() =>
      expect(client.storedViews()).toMatchObject({ inventory: { reorderMargin: 50 } }),
    );

    await user.click(screen.getByRole('button', { name: 'Export purchase list…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export purchase lines to CSV' });
    await user.click(within(dialog).getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(tableExport).toHaveBeenCalledTimes(1));
    expect(tableExport.mock.calls[0]![0]).toMatchObject({
      name: 'purchase-list',
      header: ['sku', 'product', 'suggested_quantity', 'location'],
      rows: [
        ['SOAP-9', 'Soap', 12, 'WH-AMS-01'],
        ['TEA-4', 'Tea', 1500, 'WH-AMS-01'],
      ],
    });
  });
});
