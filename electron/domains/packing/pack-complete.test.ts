/**
 * packComplete: the pack's last unit in one call. Through a composed bridge on the embedded
 * sandbox (real printing to its Save-to-folder printer, the real pack log): the label and the
 * slip are asked, label first, and the log is written once with both; a part that prints
 * nothing is said in words and the rest goes on. The log's own failure, which a real store
 * does not give on demand, is checked on the handler with the log stood in for.
 */
import { rmSync } from 'node:fs';
import type { PrintJobView, PrintOutcome } from '@shared/contract/printing-values';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BridgeFailure } from '../../kernel/failure';
import type { CallContext } from '../../kernel/handler-types';
import { openRig, type Rig } from '../../test-support/printing-rig';
import { createPackCompleteHandlers } from './pack-complete';

let rig: Rig;
beforeAll(async () => {
  rig = await openRig({ printing: { useCups: false } });
  await rig.call('settingsUpdate', {
    patch: {
      printing: {
        routes: {
          shipping_label: { printerId: 'save-to-folder' },
          packing_slip: { printerId: 'save-to-folder' },
        },
      },
    },
  });
}, 60_000);
afterAll(async () => {
  await rig?.bridge.close();
  if (rig) rmSync(rig.dir, { recursive: true, force: true });
});

const line = { sku: 'BAR-0108', qty: 1, scanned: 1, byHand: 0 };

async function orderIn(stage: 'labels' | 'open') {
  const page = await rig.call('ordersList', { filters: { stage }, pageSize: 5 });
  const order = page.results[0];
  if (!order) throw new Error(`the sandbox has no ${stage} order`);
  return { orderId: order.id, orderName: order.order_name || `#${order.id}` };
}

describe('packComplete through the composed bridge', () => {
  it('prints the label and the slip and logs the pack once, with both', async () => {
    const order = await orderIn('labels');
    const done = await rig.call('packComplete', {
      ...order,
      lines: [line],
      print: { label: true, packingSlip: true },
    });
    expect(done.logProblem).toBeUndefined();
    expect(done.print.kinds.map((k) => k.kind)).toEqual(['shipping_label', 'packing_slip']);
    expect(done.record?.printed.map((p) => [p.kind, p.jobId])).toEqual(
      done.print.kinds.map((k) => [k.kind, k.job.id]),
    );
    // What the log keeps now is that one record, prints and all.
    const log = await rig.call('packLogList', { orderIds: [order.orderId] });
    expect(log.records).toHaveLength(1);
    expect(log.records[0]?.printed.map((p) => p.kind)).toEqual(['shipping_label', 'packing_slip']);
    expect(log.records[0]?.lines).toEqual([line]);
  });

  it('with nothing to print, writes the log only', async () => {
    const order = await orderIn('open');
    const before = (await rig.call('printJobsList', {})).jobs.length;
    const done = await rig.call('packComplete', {
      ...order,
      lines: [line],
      print: { label: false, packingSlip: false },
    });
    expect(done.record?.orderId).toBe(order.orderId);
    expect(done.record?.printed).toEqual([]);
    expect(done.print).toEqual({ jobs: [], skipped: [], kinds: [] });
    expect((await rig.call('printJobsList', {})).jobs).toHaveLength(before);
  });

  it('refuses a call without its print choice, naming the field, and logs nothing', async () => {
    const order = await orderIn('open');
    const answer = await rig.attempt('packComplete', { ...order, orderId: 999_999, lines: [] });
    expect(answer.ok).toBe(false);
    if (!answer.ok) expect(Object.keys(answer.error.fieldErrors ?? {})).toContain('print');
    const log = await rig.call('packLogList', { orderIds: [999_999] });
    expect(log.records).toEqual([]);
  });
});

describe('packComplete when a part fails (the composed handlers stood in for)', () => {
  const ctx: CallContext = { signal: new AbortController().signal, progress: () => {} };
  const job = (id: string): PrintJobView => ({
    id,
    printerId: 'save-to-folder',
    printerName: 'Save to folder',
    title: id,
    format: 'pdf',
    copies: 1,
    media: 'A4',
    state: 'queued',
    attempts: 0,
    createdAt: '2026-11-28T08:00:00.000Z',
    updatedAt: '2026-11-28T08:00:00.000Z',
    size: 10,
  });
  const printed = (id: string): PrintOutcome => ({ jobs: [job(id)], skipped: [] });
  const pack = { orderId: 7, orderName: '#1007', lines: [line] };
  /** packComplete on handlers whose printers print and whose log throws `error`. */
  const completeWhenLogThrows = (error: Error, print: { label: boolean; packingSlip: boolean }) =>
    createPackCompleteHandlers({
      log: {
        packLogRecord: async () => {
          throw error;
        },
      },
      print: {
        printOrderLabels: async () => printed('label-1'),
        printOrderDocuments: async () => printed('slip-1'),
      },
    }).packComplete({ ...pack, print }, ctx);

  it('a label that cannot print is said in words; the slip prints and is logged', async () => {
    const logged: unknown[] = [];
    const handlers = createPackCompleteHandlers({
      log: {
        packLogRecord: async (args) => {
          logged.push(args);
          return {
            ...args,
            packedAt: '',
            packedBy: 'Ana',
            station: 'B1',
            printed: args.printed ?? [],
            times: 1,
          };
        },
      },
      print: {
        printOrderLabels: async () => {
          throw new BridgeFailure('not_found', 'This order has no label yet.');
        },
        printOrderDocuments: async () => printed('slip-1'),
      },
    });
    const done = await handlers.packComplete(
      { ...pack, print: { label: true, packingSlip: true } },
      ctx,
    );
    expect(done.print.skipped).toEqual([{ reason: 'Label: This order has no label yet.' }]);
    expect(done.record?.printed.map((p) => p.jobId)).toEqual(['slip-1']);
    expect(logged).toHaveLength(1);
  });

  it('a log that cannot be written: no record, the reason in words, the prints still answered', async () => {
    const done = await completeWhenLogThrows(
      new BridgeFailure('file_error', 'The pack log could not be saved: the disk is full.'),
      { label: true, packingSlip: false },
    );
    expect(done.record).toBeNull();
    expect(done.logProblem).toBe('The pack log could not be saved: the disk is full.');
    expect(done.print.jobs.map((j) => j.id)).toEqual(['label-1']);
  });

  it("a bug's text (which might hold a secret) is never passed on", async () => {
    const done = await completeWhenLogThrows(new Error('connect failed with key pk_live_SECRET'), {
      label: false,
      packingSlip: false,
    });
    expect(done.logProblem).not.toContain('pk_live_SECRET');
    expect(done.logProblem).toMatch(/went wrong/);
  });
});
