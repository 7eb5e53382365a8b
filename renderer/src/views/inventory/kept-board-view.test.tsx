// @vitest-environment jsdom
/**
 * The board kept from the last launch (issue 32): while nothing of this launch has answered
 * (the locations, the counts and the walk all still out), the board paints every cell from the
 * small kept record with its age; once every count is in, the board shows only this launch's
 * counts and keeps them as the record for the next launch.
 */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { KeptBoard } from '../../../../shared/contract/kept-board';
import { AMS, boardCounts } from '../../test-support/board-counts';
import { ok, okUntyped, type StubAnswer } from '../../test-support/stub-bridge';
import { cleanUpAfterEach } from '../../test-support/test-hooks';
import { cell, renderBoard } from './test-support/exceptions-board';

cleanUpAfterEach();

const kept: KeptBoard = {
  at: new Date(Date.now() - 2 * 3_600_000).toISOString(),
  days: 14,
  rows: [
    { location: AMS, counts: boardCounts(1) },
    { location: null, counts: boardCounts(1) },
  ],
};
const never = () => new Promise<never>(() => {});

describe('the board kept from the last launch', () => {
  it('paints every count from the kept record while nothing has answered, with its age', async () => {
    renderBoard({
      inventoryBoardKept: ok({ board: kept }),
      locationsList: never,
      inventoryLocationStock: never,
      inventoryCount: never,
      inventoryExceptions: never,
    });
    await waitFor(() => expect(cell('mandatory@1')?.textContent).toBe('6'));
    for (const [measure, value] of Object.entries({ expired: '4', voluntary: '5', low: '1' })) {
      expect(cell(`${measure}@1`)?.textContent).toBe(value);
    }
    expect(screen.getByTestId('board-age').textContent).toBe(
      'Showing the counts of 2 hours ago; counting afresh…',
    );
  });

  it('is not used for another horizon', async () => {
    renderBoard({
      inventoryBoardKept: ok({ board: { ...kept, days: 30 } }),
      locationsList: okUntyped([AMS]),
      inventoryLocationStock: never,
      inventoryCount: never,
      inventoryExceptions: never,
    });
    await waitFor(() => expect(cell('mandatory@1')).not.toBeNull());
    expect(cell('mandatory@1')?.textContent).toMatch(/^…/);
    expect(screen.getByTestId('board-age').textContent).toBe('Counting…');
  });

  it('keeps this launch’s counts once every one is in', async () => {
    const keep = vi.fn<StubAnswer<'inventoryBoardKeep'>>(async () => ({
      ok: true,
      value: { kept: true },
    }));
    renderBoard({
      inventoryBoardKept: ok({ board: kept }),
      inventoryBoardKeep: keep,
      locationsList: okUntyped([AMS]),
      inventoryLocationStock: ok({
        results: [{ location_id: 1, units_on_hand: 50, sku_count: 1, last_movement_at: null }],
      }),
      inventoryCount: ok({ count: 0 }),
      inventoryExceptions: okUntyped({
        rows: [],
        recalled: [],
        scanned: 0,
        requests: 1,
        at: new Date().toISOString(),
      }),
    });
    await waitFor(() => expect(keep).toHaveBeenCalledTimes(1));
    const board = keep.mock.calls[0]![0].board;
    expect(board.days).toBe(14);
    expect(board.rows).toEqual([
      {
        location: AMS,
        counts: { onHand: 50, low: 0, out: 0, expiring: 0, expired: 0, voluntary: 0, mandatory: 0 },
      },
      {
        location: null,
        counts: { onHand: 50, low: 0, out: 0, expiring: 0, expired: 0, voluntary: 0, mandatory: 0 },
      },
    ]);
    // This launch's counts only: the kept ones are gone from the cells.
    expect(cell('mandatory@1')?.textContent).toBe('0');
    expect(screen.getByTestId('board-age').textContent).toMatch(/^Counted /);
  });
});
