// @vitest-environment jsdom
/**
 * A batch interrupted at another station of the floor, as the print queue lists it: where and
 * by whom it was started, how far it got, and "Print the rest" here. A station printing it now
 * is said in words, and nothing leaves the list.
 */
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { InterruptedBatch, PrintOutcome } from '../../../../shared/contract/printing-values';
import { bridgeWrapper, fails, okUntyped, stubClient } from '../../test-support/stub-bridge';
import { useToastStore } from '../../ui/toast-store';
import { InterruptedBatches } from './interrupted-batches';

afterEach(cleanup);

const officeBatch: InterruptedBatch = {
  id: 'batch-7',
  title: '40 orders: #1001 … #1040',
  what: 'labels',
  createdAt: '2026-11-28T07:00:00.000Z',
  updatedAt: '2026-11-28T07:02:00.000Z',
  state: 'interrupted',
  reason: 'Packbench stopped at Office desk (closed, killed or crashed) before printing these.',
  selected: 40,
  queued: 14,
  skipped: 0,
  skippedOrders: [],
  notReached: Array.from({ length: 26 }, (_, i) => ({ id: 15 + i, name: `#${1015 + i}` })),
  elsewhere: { station: 'Office desk', startedBy: 'Ana' },
};

/** The office desk was killed while sending 5 of its orders' job: they may be on paper there. */
const maybe = officeBatch.notReached.slice(0, 5);
const checkBatch: InterruptedBatch = {
  ...officeBatch,
  queued: 10,
  skipped: 5,
  notReached: officeBatch.notReached.slice(5),
  skippedOrders: [
    {
      cause: 'may_have_printed',
      reason:
        'Packbench stopped at Office desk while sending these to its printer: they may be on paper there. Check that printer, and print any that are missing from the order.',
      station: 'Office desk',
      orders: maybe,
    },
  ],
};

function show(answers: Parameters<typeof stubClient>[0]) {
  const { wrapper: Wrapper } = bridgeWrapper(stubClient(answers));
  render(
    <Wrapper>
      <InterruptedBatches />
    </Wrapper>,
  );
  return userEvent.setup();
}

describe("another station's batch in the print queue", () => {
  it('says where and by whom it was started and how far it got, and prints the rest here', async () => {
    let batches = [officeBatch];
    const resumed: unknown[] = [];
    const user = show({
      printBatchesInterrupted: async () => ({ ok: true, value: { batches } }),
      printBatchResume: async (args) => {
        resumed.push(args);
        batches = [];
        return { ok: true, value: { jobs: [], skipped: [] } };
      },
    });
    const row = await screen.findByTestId('interrupted-batch');
    expect(row.textContent).toContain('40 orders: #1001 … #1040 — interrupted at Office desk');
    expect(within(row).getByTestId('batch-elsewhere').textContent).toBe(
      'Started at Office desk by Ana. The rest can be printed here.',
    );
    expect(row.textContent).toContain('40 orders: 14 printed, 26 not reached');
    // Words, not the batch's id.
    expect(row.textContent).not.toContain('batch-7');
    await user.click(within(row).getByRole('button', { name: 'Print the rest (26)' }));
    await waitFor(() => expect(screen.queryByTestId('interrupted-batch')).toBeNull());
    expect(resumed).toEqual([{ batchId: 'batch-7' }]);
  });

  it('says in words when another station is printing it, and keeps it listed', async () => {
    const words =
      'This batch is being printed at Pack 2 by Bo. Its progress shows here as it goes.';
    const user = show({
      printBatchesInterrupted: okUntyped({ batches: [officeBatch] }),
      printBatchResume: fails('print_refused', words),
    });
    const row = await screen.findByTestId('interrupted-batch');
    await user.click(within(row).getByRole('button', { name: 'Print the rest (26)' }));
    await waitFor(() =>
      expect(
        useToastStore
          .getState()
          .toasts.some((t) => t.title === 'The rest was not printed' && t.description === words),
      ).toBe(true),
    );
    expect(screen.getByTestId('interrupted-batch')).toBeTruthy();
  });

  it('says where the rest prints here, and names the orders that may have printed there', async () => {
    const slips: InterruptedBatch = {
      ...checkBatch,
      what: 'documents',
      kinds: ['packing_slip'],
      printsTo: 'Prints here on Front laser.',
    };
    show({ printBatchesInterrupted: okUntyped({ batches: [slips] }) });
    const row = await screen.findByTestId('interrupted-batch');
    expect(within(row).getByTestId('batch-prints-to').textContent?.trim()).toBe(
      'Prints here on Front laser.',
    );
    expect(row.textContent).toContain(
      'May have printed — check: #1015, #1016, #1017, #1018 and #1019 — Packbench stopped at Office desk',
    );
    expect(row.textContent).toContain('40 orders: 10 printed, 5 may have printed, 21 not reached');
    expect(within(row).getByRole('button', { name: 'Print the rest (21)' })).toBeTruthy();
  });

  it("a batch started here is not marked as another station's", async () => {
    const { elsewhere: _, ...own } = officeBatch;
    show({ printBatchesInterrupted: okUntyped({ batches: [own] }) });
    const row = await screen.findByTestId('interrupted-batch');
    expect(within(row).queryByTestId('batch-elsewhere')).toBeNull();
    expect(row.textContent).not.toContain('interrupted at');
    expect(row.textContent).toContain('— interrupted');
  });

  describe('orders that may have printed at another station', () => {
    const toasts = () => useToastStore.getState().toasts;

    it('"They printed" names the count and what it does, marks them, and the list drops them', async () => {
      let batches = [checkBatch];
      const asked: unknown[] = [];
      const user = show({
        printBatchesInterrupted: async () => ({ ok: true, value: { batches } }),
        printBatchSettle: async (args) => {
          asked.push(args);
          batches = [{ ...checkBatch, queued: 15, skipped: 0, skippedOrders: [] }];
          return {
            ok: true,
            value: { batches, marked: [{ station: 'Office desk', orders: maybe }], closed: false },
          };
        },
      });
      const row = await screen.findByTestId('interrupted-batch');
      const printed = within(row).getByRole('button', { name: 'They printed (5)' });
      expect(printed.title).toBe(
        'The labels are on paper at Office desk: mark these 5 orders printed at every station, so none is printed again. Nothing is printed.',
      );
      expect(within(row).getByRole('button', { name: 'Print them (5)' }).title).toBe(
        'The labels are not there: print these 5 orders here, as “Print the rest” would.',
      );
      await user.click(printed);
      await waitFor(() =>
        expect(within(row).queryByRole('button', { name: 'They printed (5)' })).toBeNull(),
      );
      expect(asked).toEqual([
        { batchId: 'batch-7', orderIds: maybe.map((o) => o.id), mayHavePrinted: 'printed' },
      ]);
      expect(row.textContent).toContain('40 orders: 15 printed, 21 not reached');
      expect(toasts().at(-1)).toMatchObject({
        title: '5 orders marked printed',
        description:
          '#1015, #1016, #1017, #1018 and #1019 on paper at Office desk. No station prints them again.',
      });
    });

    it('"Print them" prints exactly those here, and the batch leaves the list when nothing is left', async () => {
      let batches = [{ ...checkBatch, queued: 35, notReached: [] }];
      const asked: unknown[] = [];
      const user = show({
        printBatchesInterrupted: async () => ({ ok: true, value: { batches } }),
        printBatchSettle: async (args) => {
          asked.push(args);
          batches = [];
          return {
            ok: true,
            value: {
              batches,
              // What the toast reads of it: the job's printer, and the 5 accounted for.
              outcome: {
                jobs: [{ printerName: 'Front laser' }],
                skipped: [],
                batch: { selected: 5, queued: 5, skipped: 0, notReached: 0, state: 'finished' },
              } as unknown as PrintOutcome,
            },
          };
        },
      });
      const row = await screen.findByTestId('interrupted-batch');
      // Nothing left to print but these: "Print the rest" has nothing, the two answers do.
      expect(
        (within(row).getByRole('button', { name: 'Print the rest (0)' }) as HTMLButtonElement)
          .disabled,
      ).toBe(true);
      await user.click(within(row).getByRole('button', { name: 'Print them (5)' }));
      await waitFor(() => expect(screen.queryByTestId('interrupted-batch')).toBeNull());
      expect(asked).toEqual([
        { batchId: 'batch-7', orderIds: maybe.map((o) => o.id), mayHavePrinted: 'print' },
      ]);
      expect(toasts().at(-1)).toMatchObject({ title: '1 job queued on Front laser' });
    });

    it('another station printing them is said in words, and the orders stay listed', async () => {
      const words = 'This batch is being printed at Pack 2. Its progress shows here as it goes.';
      const user = show({
        printBatchesInterrupted: okUntyped({ batches: [checkBatch] }),
        printBatchSettle: fails('print_refused', words),
      });
      const row = await screen.findByTestId('interrupted-batch');
      await user.click(within(row).getByRole('button', { name: 'Print them (5)' }));
      await waitFor(() =>
        expect(toasts().some((t) => t.title === 'Not printed' && t.description === words)).toBe(
          true,
        ),
      );
      expect(within(row).getByRole('button', { name: 'They printed (5)' })).toBeTruthy();
      expect(row.textContent).toContain('5 may have printed');
    });

    it('a batch with no orders to check has neither answer', async () => {
      show({ printBatchesInterrupted: okUntyped({ batches: [officeBatch] }) });
      const row = await screen.findByTestId('interrupted-batch');
      expect(within(row).queryByRole('button', { name: /They printed|Print them/ })).toBeNull();
    });
  });
});
