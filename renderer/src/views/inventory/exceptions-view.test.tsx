// @vitest-environment jsdom
/**
 * The exceptions board from the bridge's answers: a row per location and the total, each
 * count a link to its rows, the recall counted where the batch is held, "…" until a count
 * has answered (never a false zero), a new horizon asked for and kept in settings, and the
 * walk kept from the last session shown at once, with its age, until the fresh one answers.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AMS } from '../../test-support/board-counts';
import { ok, okUntyped, type StubAnswer } from '../../test-support/stub-bridge';
import { cleanUpAfterEach } from '../../test-support/test-hooks';
import { cell, renderBoard } from './test-support/exceptions-board';

cleanUpAfterEach();

const LEJ = { id: 2, code: 'WH-LEJ-01', name: 'Leipzig' };
const today = new Date().toISOString().slice(0, 10);
const exceptions = {
  rows: [
    { product_id: 7, location: AMS, recall: 'mandatory', earliest_expiry: null },
    { product_id: 7, location: LEJ, recall: 'mandatory', earliest_expiry: '2020-01-01T00:00:00Z' },
  ],
  recalled: [
    {
      product: { id: 7 },
      levels: [
        {
          location: AMS,
          batch_breakdown: [{ batch: { id: 71, recall_state: 'mandatory' }, on_hand: 3 }],
        },
        {
          location: LEJ,
          batch_breakdown: [{ batch: { id: 72, recall_state: 'none' }, on_hand: 9 }],
        },
      ],
    },
  ],
  scanned: 2,
  requests: 2,
  at: `${today}T00:00:00Z`,
};

describe('the exceptions board', () => {
  it('shows each count as a link to its rows, recall only where the batch is held', async () => {
    // The low-stock count at Leipzig never answers: it reads "…", not 0.
    const inventoryCount = vi.fn<StubAnswer<'inventoryCount'>>(async ({ filters }) =>
      filters?.low_stock && filters.location === 2
        ? new Promise(() => {})
        : { ok: true, value: { count: (filters?.location ?? 10) * (filters?.low_stock ? 1 : 2) } },
    );
    const client = renderBoard({
      locationsList: okUntyped([AMS, LEJ]),
      inventoryLocationStock: ok({
        results: [
          { location_id: 1, units_on_hand: 1200, sku_count: 3, last_movement_at: null },
          { location_id: 2, units_on_hand: 34, sku_count: 1, last_movement_at: null },
        ],
      }),
      inventoryCount,
      inventoryExceptions: okUntyped(exceptions),
    });
    await waitFor(() => expect(cell('mandatory@1')?.textContent).toBe('1'));
    const board = screen.getByTestId('exceptions-board');
    expect(within(board).getAllByRole('row')).toHaveLength(4);
    expect(within(board).getByRole('columnheader', { name: 'Expiring ≤ 14 days' })).toBeTruthy();
    expect(cell('mandatory@2')?.textContent).toBe('0');
    expect(cell('expired@2')?.textContent).toBe('1');
    expect(cell('onHand@all')?.textContent).toBe('1,234');
    await waitFor(() => expect(cell('out@1')?.textContent).toBe('2'));
    expect(cell('low@2')?.textContent).toBe('…Counting');
    expect(cell('low@all')?.textContent).toBe('10');
    const link = screen.getByRole('link', {
      name: '1 stock row under a mandatory recall at WH-AMS-01',
    });
    expect(link.getAttribute('href')).toBe('/inventory/recalls?location=1&state=mandatory');
    expect(
      screen
        .getByRole('link', { name: '2 stock rows out of stock at WH-AMS-01' })
        .getAttribute('href'),
    ).toBe('/inventory?location=1&out=1');
    expect(inventoryCount).toHaveBeenCalledWith({
      filters: { location: 1, expiring_within_days: 14 },
    });

    // Another horizon: the expiring counts asked again, the choice kept.
    await userEvent.setup().selectOptions(screen.getByLabelText('Expiring within'), '7 days');
    await waitFor(() =>
      expect(inventoryCount).toHaveBeenCalledWith({ filters: { expiring_within_days: 7 } }),
    );
    await waitFor(() =>
      expect(client.storedViews()).toMatchObject({ inventory: { boardDays: 7 } }),
    );
    expect(screen.queryByRole('option', { name: 'Any expiry' })).toBeNull();
  });

  it('shows the walk kept from the last session at once, with its age, then the fresh one', async () => {
    let answer: (value: { ok: true; value: unknown }) => void = () => {};
    const inventoryExceptions = vi.fn(() => new Promise((resolve) => (answer = resolve)));
    const yesterday = new Date(Date.now() - 26 * 3_600_000).toISOString();
    renderBoard({
      locationsList: okUntyped([AMS, LEJ]),
      inventoryCount: ok({ count: 0 }),
      inventoryExceptionsKept: okUntyped({ kept: { ...exceptions, at: yesterday } }),
      inventoryExceptions: inventoryExceptions as unknown as StubAnswer<'inventoryExceptions'>,
    });
    await waitFor(() => expect(cell('mandatory@1')?.textContent).toBe('1'));
    expect(cell('expired@2')?.textContent).toBe('1');
    await waitFor(() =>
      expect(screen.getByTestId('board-age').textContent).toBe(
        'Counted 26 hours ago, counting again…',
      ),
    );
    // The fresh walk was asked for once the kept one was in, and replaces it when it answers.
    expect(inventoryExceptions).toHaveBeenCalledTimes(1);
    answer({
      ok: true,
      value: { ...exceptions, rows: [], recalled: [], at: new Date().toISOString() },
    });
    await waitFor(() => expect(cell('mandatory@1')?.textContent).toBe('0'));
    expect(cell('expired@2')?.textContent).toBe('0');
    await waitFor(() =>
      expect(screen.getByTestId('board-age').textContent).toBe('Counted just now'),
    );
  });

  it('counts what is still on the shelf once a batch is marked pulled, and says so', async () => {
    const mark = {
      productId: 7,
      sku: 'TEA-7',
      locationId: 1,
      binId: 4,
      binCode: 'A-01',
      batchId: 71,
      batchCode: 'TEA-1',
      quantity: 3,
      pulledAt: new Date().toISOString(),
      pulledBy: 'Ana',
    };
    renderBoard({
      locationsList: okUntyped([AMS, LEJ]),
      inventoryCount: ok({ count: 0 }),
      inventoryExceptions: okUntyped(exceptions),
      pulledMarksList: ok({ marks: [mark] }),
    });
    await waitFor(() =>
      expect(
        screen.getByRole('link', {
          name: '1 stock row under a mandatory recall, 0 still on the shelf at WH-AMS-01',
        }).textContent,
      ).toBe('0'),
    );
    expect(cell('mandatory@1')?.querySelector('[data-field="on-shelf"]')?.textContent).toBe(
      '1 held, 0 on shelf',
    );
    expect(cell('mandatory@all')?.querySelector('a')?.textContent).toBe('0');
    // Nothing pulled there: the count alone, no words beside it.
    expect(cell('expired@2')?.textContent).toBe('1');
  });
});
