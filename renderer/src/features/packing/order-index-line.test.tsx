// @vitest-environment jsdom
/**
 * The pack index's reading as a packer sees it (issue 32), on a stub bridge whose events the
 * test sends: the pack page says which list is read, pages of pages, the orders and the time
 * left, and says it again when the main process reports a page (no polling); Stop reaches the
 * bridge and the line says it stopped and that nothing is read until Read again, which asks
 * for a reading; the bound's sentence is shown as it came; in the scan bar, a scan waiting on
 * the first reading shows it with Stop, and "not found" says why storefront and external ids
 * were not looked up.
 */
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type {
  OrderIndexReading,
  OrderIndexStatus,
} from '../../../../shared/contract/packing-values';
import type { PackbenchClient } from '../../bridge';
import { stubEventClient } from '../../test-support/event-client';
import { bridgeWrapper, type StubAnswers } from '../../test-support/stub-bridge';
import { ScanResult } from '../scan/scan-result';
import { useScanStore } from '../scan/scan-store';
import { OrderIndexLine } from './order-index-line';

afterEach(() => {
  cleanup();
  useScanStore.getState().set({ kind: 'idle' });
});

const reading = (over: Partial<OrderIndexReading> = {}): OrderIndexReading => ({
  phase: 'Reading the orders waiting for a label',
  list: 1,
  lists: 2,
  pages: 3,
  pagesTotal: 10,
  rows: 1_500,
  rowsTotal: 4_980,
  startedAt: '2026-11-28T09:00:00.000Z',
  secondsLeft: 14,
  byPerson: false,
  ...over,
});

const status = (over: Partial<OrderIndexStatus> = {}): OrderIndexStatus => ({
  count: 0,
  refreshedAt: null,
  reading: null,
  stopped: null,
  paused: false,
  ...over,
});

/** A stub bridge with these answers whose events the test sends. */
function eventClient(answers: StubAnswers) {
  const { client, emit } = stubEventClient(answers);
  const page = (done: number) =>
    act(() => {
      emit({
        type: 'progress',
        progress: { operationId: 'order-index', phase: 'x', done, total: null },
      });
    });
  return { client, page };
}

const show = (client: PackbenchClient, view: React.ReactNode) =>
  render(view, { wrapper: bridgeWrapper(client).wrapper });

const at = (iso: string) =>
  new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

describe('the pack page’s index line', () => {
  it('says the reading, follows its pages, and stops it', async () => {
    let now = status({ reading: reading() });
    const asked: string[] = [];
    const { client, page } = eventClient({
      orderIndexStatus: async () => ({ ok: true, value: now }),
      orderIndexStop: async () => {
        asked.push('stop');
        now = status({
          paused: true,
          stopped: { why: 'stopped', message: 'stopped', at: '2026-11-28T09:00:20.000Z' },
        });
        return { ok: true, value: now };
      },
      orderIndexRefresh: async () => {
        asked.push('read');
        return { ok: true, value: { hits: [], count: 0, refreshedAt: null } };
      },
    });
    show(client, <OrderIndexLine />);
    await waitFor(() =>
      expect(screen.getByTestId('order-index-progress').textContent).toContain(
        'Reading the orders waiting for a label (list 1 of 2): page 3 of 10, 1,500 of 4,980 orders, about 14 s left',
      ),
    );
    // The main process reports a page: the line is read again and says it.
    now = status({
      reading: reading({
        phase: 'Reading the open orders',
        list: 2,
        pages: 1,
        pagesTotal: 2,
        rows: 5_480,
        rowsTotal: 5_980,
        secondsLeft: 75,
      }),
    });
    page(5_480);
    await waitFor(() =>
      expect(screen.getByTestId('order-index-progress').textContent).toContain(
        'Reading the open orders (list 2 of 2): page 1 of 2, 5,480 of 5,980 orders, about 1 min left',
      ),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Stop' }));
    expect(asked).toEqual(['stop']);
    await waitFor(() =>
      expect(screen.getByTestId('order-index-summary').textContent).toBe(
        `No orders to pack read yet. Reading them was stopped at ${at('2026-11-28T09:00:20.000Z')}; nothing is read until you press Read again.`,
      ),
    );
    expect(screen.queryByTestId('order-index-progress')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Read again' }));
    expect(asked).toEqual(['stop', 'read']);
  });

  it('says the bound’s sentence, and what a whole index holds', async () => {
    const sentence =
      'There are 39,195,278 orders to pack: more than the 100,000 the console reads in one go. A scan of a storefront or external order id is not found; order numbers still are.';
    const { client } = eventClient({
      orderIndexStatus: async () => ({
        ok: true,
        value: status({
          count: 1_234,
          refreshedAt: '2026-11-28T08:55:00.000Z',
          paused: true,
          stopped: { why: 'bound', message: sentence, at: '2026-11-28T09:00:00.000Z' },
        }),
      }),
    });
    show(client, <OrderIndexLine />);
    await waitFor(() =>
      expect(screen.getByTestId('order-index-summary').textContent).toBe(
        `1,234 orders to pack, read at ${at('2026-11-28T08:55:00.000Z')}. ${sentence}`,
      ),
    );
  });
});

describe('the scan bar and the index', () => {
  it('shows the first reading a scan waits on, with Stop', async () => {
    const asked: string[] = [];
    const { client } = eventClient({
      orderIndexStatus: async () => ({ ok: true, value: status({ reading: reading() }) }),
      orderIndexStop: async () => {
        asked.push('stop');
        return { ok: true, value: status({ paused: true }) };
      },
    });
    useScanStore.getState().set({ kind: 'searching', code: '5200002968530' });
    show(client, <ScanResult onPick={() => {}} />);
    await waitFor(() =>
      expect(screen.getByTestId('order-index-progress').textContent).toContain('page 3 of 10'),
    );
    expect(screen.getByTestId('scan-result').textContent).toContain('Looking up “5200002968530”…');
    await userEvent.click(screen.getByRole('button', { name: 'Stop' }));
    expect(asked).toEqual(['stop']);
  });

  it('says, after "not found", why storefront and external ids were not looked up', async () => {
    const { client } = eventClient({
      orderIndexStatus: async () => ({
        ok: true,
        value: status({
          paused: true,
          stopped: { why: 'stopped', message: 'stopped', at: '2026-11-28T09:00:00.000Z' },
        }),
      }),
    });
    useScanStore
      .getState()
      .set({ kind: 'none', code: '5200002968530', asked: ['order', 'return'] });
    show(client, <ScanResult onPick={() => {}} />);
    await waitFor(() =>
      expect(screen.getByTestId('scan-index-note').textContent).toBe(
        'Storefront and external ids were not looked up: reading the orders to pack was stopped. Read them again on the Pack page.',
      ),
    );
  });
});
