// @vitest-environment jsdom
/**
 * The board's first frame, cold (issue 32: progress painted ≤ 300 ms after the tab opens):
 * the progress line and the table's head are drawn with no count, walk or kept board asked,
 * so nothing of theirs runs before the paint; the frame after, they are asked and the board
 * fills in. Warm (its counts in the cache), the board is drawn whole at once.
 */
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { BridgeMethod } from '../../../../shared/contract/bridge-contract';
import { bridgeWrapper, ok, stubClient } from '../../test-support/stub-bridge';
import { ExceptionsView } from './exceptions-view';

afterEach(cleanup);

function countingClient() {
  const asked: BridgeMethod[] = [];
  const client = stubClient({
    locationsList: ok([{ id: 1, code: 'WH-1', name: 'One' }] as never),
    inventoryLocationStock: ok({ results: [] } as never),
    inventoryCount: async () => {
      asked.push('inventoryCount');
      return { ok: true, value: { count: 3 } };
    },
    inventoryExceptions: async () => {
      asked.push('inventoryExceptions');
      return new Promise(() => {});
    },
    inventoryBoardKept: async () => {
      asked.push('inventoryBoardKept');
      return { ok: true, value: { board: null } };
    },
  });
  return { client, asked };
}

describe('the board’s first frame', () => {
  it('draws the progress line before anything of the board is asked', async () => {
    const { client, asked } = countingClient();
    const { wrapper } = bridgeWrapper(client);
    render(<ExceptionsView />, { wrapper });
    expect(screen.getByTestId('walk-progress').textContent).toContain(
      'Reading every stock row for expired and recalled stock…',
    );
    expect(screen.getByTestId('exceptions-board').textContent).toContain('All locations');
    expect(asked).toEqual([]);
    // The frame after: the counts are asked and come in.
    await waitFor(() => expect(asked).toContain('inventoryCount'));
    await waitFor(() =>
      expect(document.querySelector('[data-board-cell="low@1"]')?.textContent).toBe('3'),
    );
  });

  it('draws a board whose counts are cached at once', async () => {
    const { client } = countingClient();
    const { wrapper } = bridgeWrapper(client);
    const first = render(<ExceptionsView />, { wrapper });
    await waitFor(() =>
      expect(document.querySelector('[data-board-cell="low@1"]')?.textContent).toBe('3'),
    );
    first.unmount();
    render(<ExceptionsView />, { wrapper });
    expect(document.querySelector('[data-board-cell="low@1"]')?.textContent).toBe('3');
  });
});
