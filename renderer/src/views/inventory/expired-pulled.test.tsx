// @vitest-environment jsdom
/**
 * The expired list per batch, against a fixed clock: each batch past its date is a row at the
 * location holding it, with that location's bins and a "Pulled…" mark as on the recall list;
 * the CSV carries the bins and the marks; a walk kept from before the batches were read shows
 * its stock rows and says the batches come with the next count.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  AMS,
  heldAtAms,
  pulledListClient,
  pulledMarkSetByAna,
  walkAt,
} from '../../test-support/pulled-marks';
import { renderWith, type StubAnswer } from '../../test-support/stub-bridge';
import { fixedDateEachTest } from '../../test-support/test-hooks';
import { ExpiredView } from './expired-view';

const NOW = new Date(2026, 10, 28, 10, 50);
fixedDateEachTest(NOW);

const row = {
  product_id: 9,
  sku: 'JAM-9',
  name: 'Jam, plum',
  location: AMS,
  recall: null,
  earliest_expiry: '2026-11-01T00:00:00Z',
  on_hand: 7,
  committed: 0,
  reserved: 0,
  available: 7,
};
const batch = (id: number, code: string, expiresAt: string, onHand: number) => ({
  batch: { id, batch_code: code, recall_state: 'none', expires_at: expiresAt },
  on_hand: onHand,
  committed: 0,
  available: onHand,
});
const exceptions = walkAt(NOW, {
  rows: [row],
  expired: [
    heldAtAms(
      { id: 9, sku: 'JAM-9', name: 'Jam, plum' },
      [4, 3],
      [
        batch(91, 'JAM-OLD', '2026-11-01T00:00:00Z', 4),
        batch(92, 'JAM-NEW', '2027-03-01T00:00:00Z', 3),
      ],
    ),
  ],
  requests: 2,
});

describe('the expired list’s batches', () => {
  it('lists each expired batch with its bins, records a pull and exports both', async () => {
    const pulledMarkSet = pulledMarkSetByAna();
    const tableExport = vi.fn<StubAnswer<'tableExport'>>(async () => ({
      ok: true,
      value: { path: '/tmp/expired.csv', rows: 1, bytes: 100 } as never,
    }));
    renderWith(pulledListClient(exceptions, { pulledMarkSet, tableExport }), <ExpiredView />);
    // A timeout guards a hang on a busy machine.
    await waitFor(
      () =>
        expect(screen.getByTestId('expired-summary').textContent).toBe(
          '1 expired batch held, 4 units on hand: do not ship them.',
        ),
      { timeout: 10_000 },
    );
    // The batch still in date is left out.
    const grid = screen.getByTestId('expired-grid');
    expect(within(grid).getAllByRole('row')).toHaveLength(2);
    const first = within(grid).getAllByRole('row')[1]!;
    expect(first.querySelector('[data-field="batch"]')?.textContent).toBe('JAM-OLD');
    expect(first.querySelector('[data-field="bins"]')?.textContent).toBe('A-01, B-04');
    expect(first.querySelector('[data-field="on-shelf"]')?.textContent).toBe('On shelf: 4');

    const user = userEvent.setup();
    await user.click(within(first).getByRole('button', { name: 'Pulled… JAM-OLD at WH-AMS-01' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pulled JAM-OLD' });
    const units = within(dialog).getByLabelText('Units pulled');
    await user.clear(units);
    await user.type(units, '3');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(pulledMarkSet).toHaveBeenCalledWith(
      expect.objectContaining({ batchId: 91, locationId: 1, binId: 11, quantity: 3 }),
    );
    const after = within(screen.getByTestId('expired-grid')).getAllByRole('row')[1]!;
    expect(after.querySelector('[data-field="on-shelf"]')?.textContent).toBe('On shelf: 1');

    await user.click(screen.getByRole('button', { name: /Export CSV/ }));
    const save = await screen.findByRole('button', { name: /^(Save|Export)/ });
    await user.click(save);
    await waitFor(() => expect(tableExport).toHaveBeenCalled());
    const args = tableExport.mock.calls[0]![0];
    expect(args.name).toBe('expired');
    const col = (name: string) => args.header.indexOf(name);
    expect(args.rows).toHaveLength(1);
    expect(args.rows[0]![col('batch_code')]).toBe('JAM-OLD');
    expect(args.rows[0]![col('bins')]).toBe('A-01 B-04');
    expect(args.rows[0]![col('pulled')]).toBe(3);
    expect(args.rows[0]![col('pulled_by')]).toBe('Ana');
    expect(args.rows[0]![col('on_shelf')]).toBe(1);
  });

  it('shows a kept walk’s stock rows until the batches are read', async () => {
    const { expired: _, ...kept } = exceptions;
    renderWith(pulledListClient(kept), <ExpiredView />);
    // A timeout guards a hang on a busy machine (the default second was not enough there).
    await waitFor(
      () =>
        expect(screen.getByTestId('expired-summary').textContent).toBe(
          '1 stock row holds expired stock: do not ship it. Its batches and bins come with the next count.',
        ),
      { timeout: 10_000 },
    );
    expect(screen.queryByTestId('expired-grid')).toBeNull();
  });
});
