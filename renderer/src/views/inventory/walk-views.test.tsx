// @vitest-environment jsdom
/**
 * Every walk is bounded and visible (issue 32), on the exceptions board, with a bridge whose
 * progress events the test sends: the pages read of the pages there are, the rows and the
 * time left at the rate so far (a fake clock); Cancel reaches the bridge with the walk's
 * operation id and the board says it stopped; a walk nobody looks at any more is cancelled
 * once its view has been gone a moment (not when the person only moves to the recall list);
 * a walk refused at its bound leaves "—", not "…", with the bridge's sentence; locations
 * with ids of 0 and below are counted like any other.
 */
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Progress } from '../../../../shared/contract/values';
import type { PackbenchClient } from '../../bridge';
import { WALK_LINGER_MS } from '../../features/inventory/use-walk';
import { stubEventClient } from '../../test-support/event-client';
import { bridgeWrapper, ok, okUntyped, type StubAnswer } from '../../test-support/stub-bridge';
import { ViewErrorBoundary } from '../view-error-boundary';
import { ExceptionsView } from './exceptions-view';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const ZERO = { id: 0, code: 'WH-ZERO', name: 'Zero' };
const MINUS = { id: -3, code: 'WH-MINUS', name: 'Minus three' };
const cell = (name: string) =>
  document.querySelector(`[data-board-cell="${name}"]`) as HTMLElement | null;

/** A stub bridge whose events the test sends, and whose walk answers when the test says. */
function walkClient(walk: StubAnswer<'inventoryExceptions'>) {
  const cancels: string[] = [];
  const events = stubEventClient({
    locationsList: okUntyped([ZERO, MINUS]),
    inventoryLocationStock: ok({
      results: [
        { location_id: 0, units_on_hand: 1200, sku_count: 3, last_movement_at: null },
        { location_id: -3, units_on_hand: 34, sku_count: 1, last_movement_at: null },
      ],
    }),
    inventoryCount: async ({ filters }) => ({
      ok: true,
      value: { count: filters?.location === -3 ? 1_000_005 : 7 },
    }),
    inventoryExceptions: walk,
    operationCancel: async ({ operationId }) => {
      cancels.push(operationId);
      return { ok: true, value: { cancelled: true } };
    },
  });
  const emit = (progress: Progress) =>
    act(() => {
      events.emit({ type: 'progress', progress });
    });
  return { client: events.client, emit, cancels };
}

/** The board, and a switch that takes it off the screen (the person went elsewhere). */
function Shown() {
  const [on, setOn] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOn(false)}>
        Leave
      </button>
      {on ? <ExceptionsView /> : null}
    </>
  );
}

function show(client: PackbenchClient) {
  const { wrapper } = bridgeWrapper(client);
  return render(
    <ViewErrorBoundary viewName="Test">
      <Shown />
    </ViewErrorBoundary>,
    { wrapper },
  );
}

describe('the board while its walk runs', () => {
  it('says pages of pages, rows and the time left; Cancel stops it in the bridge', async () => {
    let operationId = '';
    const walk: StubAnswer<'inventoryExceptions'> = (args) =>
      new Promise((resolve) => {
        operationId = args.operationId ?? '';
        // Answers "cancelled" once the bridge has been asked to cancel it.
        const check = setInterval(() => {
          if (client.cancels.includes(operationId)) {
            clearInterval(check);
            resolve({ ok: false, error: { code: 'cancelled', message: 'Cancelled.' } });
          }
        }, 1);
      });
    const client = walkClient(walk);
    vi.useFakeTimers({ shouldAdvanceTime: true, now: Date.parse('2026-11-27T10:00:00Z') });
    show(client.client);
    await waitFor(() => expect(operationId).not.toBe(''));
    expect(screen.getByTestId('walk-progress').textContent).toContain(
      'Reading every stock row for expired and recalled stock…',
    );
    const phase = 'Reading every stock row';
    client.emit({ operationId, phase, done: 0, total: null, pages: { done: 0, total: null } });
    vi.setSystemTime(Date.parse('2026-11-27T10:00:10Z'));
    client.emit({
      operationId,
      phase,
      done: 12_000,
      total: 105_234,
      pages: { done: 12, total: 106 },
    });
    // 12 pages in 10 s: 94 pages left, about 78 s, said in minutes.
    expect(screen.getByTestId('walk-progress').textContent).toContain(
      'Reading every stock row: page 12 of 106, 12,000 of 105,234 rows, about 1 min left',
    );
    // Ids of 0 and below: counted like any other location, with digit grouping.
    await waitFor(() => expect(cell('low@-3')?.textContent).toBe('1,000,005'));
    expect(cell('low@0')?.textContent).toBe('7');
    expect(cell('onHand@0')?.textContent).toBe('1,200');

    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(client.cancels).toEqual([operationId]);
    await waitFor(() => expect(screen.getByTestId('walk-stopped')).toBeTruthy());
    expect(screen.getByTestId('walk-stopped').textContent).toContain(
      'expired and recalled stock are not counted',
    );
    expect(cell('expired@0')?.textContent).toBe('—Not counted');
    expect(screen.getByTestId('board-age').textContent).toBe('Not every count could be read');
  });

  it('is cancelled once the board has been gone a moment, not before', async () => {
    let operationId = '';
    const client = walkClient(
      (args) =>
        new Promise(() => {
          operationId = args.operationId ?? '';
        }),
    );
    vi.useFakeTimers({ shouldAdvanceTime: true });
    show(client.client);
    await waitFor(() => expect(operationId).not.toBe(''));
    await userEvent.click(screen.getByRole('button', { name: 'Leave' }));
    act(() => vi.advanceTimersByTime(WALK_LINGER_MS - 100));
    expect(client.cancels).toEqual([]);
    act(() => vi.advanceTimersByTime(200));
    await waitFor(() => expect(client.cancels).toEqual([operationId]));
  });

  it('says the bound the walk stopped at, and "—" where it could not count', async () => {
    const sentence =
      'There are 39,195,278 stock rows: more than the 100,000 the console reads in one go. Expired and recalled stock are not counted; the other counts are.';
    const client = walkClient(async () => ({
      ok: false,
      error: { code: 'invalid_input', message: sentence },
    }));
    show(client.client);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain(sentence));
    expect(cell('mandatory@-3')?.textContent).toBe('—Not counted');
    await waitFor(() => expect(cell('out@0')?.textContent).toBe('7'));
    expect(screen.getByTestId('board-age').textContent).toBe('Not every count could be read');
  });
});
