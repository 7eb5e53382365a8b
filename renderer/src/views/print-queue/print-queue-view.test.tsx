// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InterruptedBatch, PrintJobView } from '../../../../shared/contract/printing-values';
import { defaultSettings } from '../../../../shared/contract/settings-schema';
import type { BridgeEvent } from '../../../../shared/contract/values';
import type { PackbenchClient } from '../../bridge';
import { printJobView } from '../../test-support/printing-fixtures';
import { bridgeWrapper } from '../../test-support/stub-bridge';
import { PrintQueueView } from './print-queue-view';

afterEach(cleanup);

/** A 4x6 label job for order `id`, sent on its first try. */
const job = (id: string, over: Partial<PrintJobView> = {}): PrintJobView =>
  printJobView(id, {
    title: `Labels for order ${id}`,
    media: '4x6in',
    state: 'sent',
    attempts: 1,
    ...over,
  });

function renderQueue(jobs: PrintJobView[], extra: Record<string, unknown> = {}) {
  const listeners = new Set<(e: BridgeEvent) => void>();
  const client = {
    settingsGet: async () => ({
      ok: true,
      value: { settings: defaultSettings(), path: '/x', notices: [] },
    }),
    printersList: async () => ({
      ok: true,
      value: { printers: [], problem: 'CUPS is not running.', refreshedAt: '2026-11-22T10:00:00Z' },
    }),
    printJobsList: async () => ({ ok: true, value: { jobs } }),
    printBatchesInterrupted: async () => ({ ok: true, value: { batches: [] } }),
    onEvent: (listener: (e: BridgeEvent) => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    ...extra,
  } as unknown as PackbenchClient;
  render(<PrintQueueView />, bridgeWrapper(client));
  const emit = (event: BridgeEvent) => {
    for (const l of listeners) l(event);
  };
  return { emit, user: userEvent.setup() };
}

const stateOf = (title: string) =>
  within(screen.getByRole('listitem', { name: title })).getByTestId('job-state').dataset.state;

describe('PrintQueueView', () => {
  it('shows why the printers could not be listed', async () => {
    renderQueue([]);
    expect((await screen.findByTestId('printers-problem')).textContent).toContain(
      'CUPS is not running.',
    );
    await screen.findByText(/Nothing has been printed yet/);
  });

  it('follows job events without fetching again', async () => {
    const { emit } = renderQueue([job('1', { state: 'queued' })]);
    await waitFor(() => expect(stateOf('Labels for order 1')).toBe('queued'));
    emit({
      type: 'printJob',
      change: 'changed',
      job: job('1', {
        state: 'failed',
        reason: 'No printer answers at 10.0.0.7:9100.',
        updatedAt: '2026-11-22T10:01:00.000Z',
      }),
    });
    await waitFor(() => expect(stateOf('Labels for order 1')).toBe('failed'));
    screen.getByText('No printer answers at 10.0.0.7:9100.');
    emit({
      type: 'printJob',
      change: 'changed',
      job: job('2', { printerName: 'Zebra', printerId: 'raw:z:9100' }),
    });
    await screen.findByRole('list', { name: 'Jobs on Zebra' });
  });

  it('asks the person about a job that may have printed', async () => {
    const printJobResolve = vi.fn(async ({ jobId }: { jobId: string }) => ({
      ok: true,
      value: job(jobId, { state: 'sent', updatedAt: '2026-11-22T10:02:00.000Z' }),
    }));
    const { user } = renderQueue(
      [
        job('3', {
          state: 'may-have-printed',
          reason: 'The app was closing while this job was being sent.',
        }),
      ],
      { printJobResolve },
    );
    const row = await screen.findByRole('listitem', { name: 'Labels for order 3' });
    within(row).getByRole('button', { name: 'Print again' });
    await user.click(within(row).getByRole('button', { name: 'It printed' }));
    expect(printJobResolve).toHaveBeenCalledWith({ jobId: '3', decision: 'done' });
    await waitFor(() => expect(stateOf('Labels for order 3')).toBe('sent'));
  });

  it('a held job says why and is sent or cancelled only by the person', async () => {
    const reason =
      'Held: the floor is offline (connection refused), so it cannot say whether another station printed these orders while this one was stopped. Print anyway, or Cancel; it is asked again when the floor is back.';
    const printJobSendHeld = vi.fn(async ({ jobId }: { jobId: string }) => ({
      ok: true,
      value: job(jobId, { state: 'queued' }),
    }));
    const printJobCancel = vi.fn(async ({ jobId }: { jobId: string }) => ({
      ok: true,
      value: job(jobId, { state: 'cancelled' }),
    }));
    const { user } = renderQueue(
      [job('6', { state: 'held', reason }), job('7', { state: 'held', reason })],
      { printJobSendHeld, printJobCancel },
    );
    const row = await screen.findByRole('listitem', { name: 'Labels for order 6' });
    within(row).getByText('Held');
    within(row).getByText(reason);
    // No retry or reprint for a job that was never sent.
    expect(within(row).queryByRole('button', { name: /Retry|Reprint/ })).toBeNull();
    await user.click(within(row).getByRole('button', { name: 'Print anyway' }));
    expect(printJobSendHeld).toHaveBeenCalledWith({ jobId: '6' });
    await waitFor(() => expect(stateOf('Labels for order 6')).toBe('queued'));
    const other = screen.getByRole('listitem', { name: 'Labels for order 7' });
    await user.click(within(other).getByRole('button', { name: 'Cancel' }));
    expect(printJobCancel).toHaveBeenCalledWith({ jobId: '7' });
    expect(printJobSendHeld).toHaveBeenCalledTimes(1);
  });

  it('reprints the last label from the history', async () => {
    const printJobReprint = vi.fn(async () => ({
      ok: true,
      value: job('5', { state: 'queued', reprintOf: '4' }),
    }));
    const { user } = renderQueue([job('4'), job('2', { media: 'A4', title: 'Packing slip 2' })], {
      printJobReprint,
    });
    await screen.findByRole('listitem', { name: 'Labels for order 4' });
    await user.click(screen.getByRole('button', { name: 'Reprint last label' }));
    expect(printJobReprint).toHaveBeenCalledWith({ jobId: '4' });
  });
});

describe('batches not finished', () => {
  const interrupted = (over: Partial<InterruptedBatch> = {}): InterruptedBatch => ({
    id: 'batch-1',
    title: '6 orders: #1001 … #1006',
    what: 'labels',
    createdAt: '2026-11-22T10:00:00.000Z',
    updatedAt: '2026-11-22T10:01:00.000Z',
    state: 'interrupted',
    reason: 'The console stopped while this batch was printing.',
    selected: 6,
    queued: 2,
    skipped: 1,
    skippedOrders: [
      { cause: 'no_label', reason: 'This order has no label.', orders: [{ id: 3, name: '#1003' }] },
    ],
    notReached: [
      { id: 4, name: '#1004' },
      { id: 5, name: '#1005' },
      { id: 6, name: '#1006' },
    ],
    ...over,
  });

  it('names the orders not reached and the skipped ones, and prints exactly the rest', async () => {
    let batches = [interrupted()];
    const resumed: unknown[] = [];
    const { user } = renderQueue([], {
      printBatchesInterrupted: async () => ({ ok: true, value: { batches } }),
      printBatchResume: async (args: unknown) => {
        resumed.push(args);
        batches = [];
        return {
          ok: true,
          value: {
            jobs: [job('9', { state: 'queued', title: '3 labels: #1004 … #1006' })],
            skipped: [],
          },
        };
      },
    });
    const panel = await screen.findByTestId('interrupted-batch');
    expect(panel.textContent).toContain('6 orders: 2 printed, 1 not printed, 3 not reached');
    expect(panel.textContent).toContain('Not reached: #1004, #1005 and #1006');
    expect(panel.textContent).toContain('No label: #1003 — This order has no label.');
    await user.click(within(panel).getByRole('button', { name: 'Print the rest (3)' }));
    await waitFor(() => expect(screen.queryByTestId('interrupted-batch')).toBeNull());
    expect(resumed).toEqual([{ batchId: 'batch-1' }]);
  });

  it('dismissing takes the batch off the list', async () => {
    const dismissed: unknown[] = [];
    const { user } = renderQueue([], {
      printBatchesInterrupted: async () => ({ ok: true, value: { batches: [interrupted()] } }),
      printBatchDismiss: async (args: unknown) => {
        dismissed.push(args);
        return { ok: true, value: { batches: [] } };
      },
    });
    const panel = await screen.findByTestId('interrupted-batch');
    await user.click(within(panel).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByTestId('interrupted-batch')).toBeNull());
    expect(dismissed).toEqual([{ batchId: 'batch-1' }]);
  });
});

describe('the orders of a batch job', () => {
  it('lists them by name and reprints one label alone, as a reprint', async () => {
    const calls: unknown[] = [];
    const batchJob = job('1', { title: '3 labels: #1001 … #1003', orderCount: 3, batchId: 'b' });
    const { user } = renderQueue([batchJob], {
      printJobOrders: async () => ({
        ok: true,
        value: {
          jobId: '1',
          matched: true,
          orders: [
            { id: 11, name: '#1001', labels: 1, firstPage: 1 },
            { id: 12, name: '#1002', labels: 1, firstPage: 2 },
            { id: 13, name: '#1003', labels: 1, firstPage: 3 },
          ],
        },
      }),
      printJobReprintLabel: async (args: unknown) => {
        calls.push(args);
        return {
          ok: true,
          value: job('2', { title: 'Label #1002 (reprint)', reprintOf: '1', state: 'queued' }),
        };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'The 3 orders' }));
    const list = await screen.findByRole('list', { name: 'Orders in 3 labels: #1001 … #1003' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      expect.stringContaining('#1001'),
      expect.stringContaining('#1002'),
      expect.stringContaining('#1003'),
    ]);
    const second = within(list).getAllByRole('listitem')[1]!;
    await user.click(within(second).getByRole('button', { name: 'Reprint this label' }));
    await waitFor(() => expect(calls).toEqual([{ jobId: '1', orderId: 12 }]));
    expect(await screen.findByText(/· reprint/)).toBeDefined();
  });
});
