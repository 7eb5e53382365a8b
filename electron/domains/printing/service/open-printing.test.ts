/**
 * A restart's floor batch jobs (issue 29): the print service as the bridge opens it, with the
 * floor's answer for each job a kill left queued. Sent when the floor says nothing was settled,
 * cancelled when it was, and held when a floor is set up but cannot say (offline): held jobs
 * are never sent on their own, and are asked about again when the floor is back.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { defaultPrintingSettings } from '@shared/contract/printing-settings';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../../kernel/api/api-client';
import { PrintService } from '../queue/print-service';
import { fakeDriver, pdfBytes, tempDir } from '../queue/test-support';
import {
  FLOOR_BACK_SENT,
  openPrinting,
  type Printing,
  type RecoveredJobAnswer,
} from './open-printing';

const opened: Printing[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((p) => p.close()));
});

/** A spool folder as a kill leaves it: a batch job on disk, queued, never sent. */
async function killedWithBatchJob(): Promise<{ spool: string; jobId: string }> {
  const spool = await tempDir();
  // The folder printer's id, as the bridge's registry knows it; it never finishes a send, so
  // the batch job behind the first stays queued.
  const hanging = fakeDriver('save-to-folder', { behave: () => new Promise(() => {}) });
  const before = await PrintService.open(spool, [hanging], { onProblem: () => {} });
  await before.enqueue({
    printerId: 'save-to-folder',
    title: 'blocker',
    format: 'pdf',
    data: pdfBytes('blocker'),
  });
  await vi.waitFor(() => expect(hanging.calls).toEqual(['blocker']));
  const job = await before.enqueue({
    printerId: 'save-to-folder',
    title: '5 labels: #1 … #5',
    format: 'pdf',
    data: pdfBytes('5 labels'),
    orders: [1, 2, 3, 4, 5].map((id) => ({ id, name: `#${id}` })),
    batchId: 'batch-1',
  });
  await before.counted(job.id);
  return { spool, jobId: job.id };
}

async function restart(
  spool: string,
  check: () => Promise<RecoveredJobAnswer>,
): Promise<{ printing: Printing; folder: string; floorBack: () => void; log: string[] }> {
  const folder = await tempDir();
  const backFns: (() => void)[] = [];
  const log: string[] = [];
  const printing = await openPrinting({
    spoolDir: spool,
    defaultFolder: folder,
    settings: () => ({ ...defaultPrintingSettings(), folder }),
    client: () => Promise.reject(new Error('no API in this test')) as Promise<ApiClient>,
    useCups: false,
    recoveredJobCheck: check,
    onFloorBack: (fn) => {
      backFns.push(fn);
      return () => backFns.splice(backFns.indexOf(fn), 1);
    },
    log: (line) => log.push(line),
  });
  opened.push(printing);
  const floorBack = () => {
    for (const fn of backFns) fn();
  };
  return { printing, folder, floorBack, log };
}

const printedFiles = async (folder: string) =>
  (await readdir(folder)).filter((f) => path.extname(f) === '.pdf');

describe('a restart’s floor batch jobs', () => {
  it('floor offline at the restart: held, not sent; the floor back and clear: sent once', async () => {
    const { spool, jobId } = await killedWithBatchJob();
    let answer: RecoveredJobAnswer = { kind: 'unknown', reason: 'Held: the floor is offline.' };
    const { printing, folder, floorBack, log } = await restart(spool, async () => answer);
    await printing.service.idle();
    expect(printing.service.get(jobId)).toMatchObject({
      state: 'held',
      reason: 'Held: the floor is offline.',
    });
    expect(await printedFiles(folder)).toEqual([]);

    // The floor comes back still unable to answer: it stays held.
    floorBack();
    await vi.waitFor(() => expect(printing.service.get(jobId)?.state).toBe('held'));

    answer = { kind: 'clear' };
    floorBack();
    await vi.waitFor(() => expect(printing.service.get(jobId)?.state).toBe('sent'));
    expect(log.filter((l) => l.includes(FLOOR_BACK_SENT))).toHaveLength(1);
    expect(await printedFiles(folder)).toHaveLength(1);
    // Asked again later: nothing held is left, nothing is sent twice.
    floorBack();
    await printing.service.idle();
    expect(await printedFiles(folder)).toHaveLength(1);
  });

  it('floor offline at the restart, then back with the orders printed elsewhere: cancelled, never sent', async () => {
    const { spool, jobId } = await killedWithBatchJob();
    let answer: RecoveredJobAnswer = { kind: 'unknown', reason: 'Held.' };
    const { printing, folder, floorBack, log } = await restart(spool, async () => answer);
    const why = 'Not sent: while this station was stopped, 5 of its orders were printed at Pack 2.';
    answer = { kind: 'settled', reason: why };
    floorBack();
    await vi.waitFor(() => expect(printing.service.get(jobId)?.state).toBe('cancelled'));
    expect(printing.service.get(jobId)?.reason).toBe(why);
    await printing.service.idle();
    expect(await printedFiles(folder)).toEqual([]);
    expect(log.some((l) => l.includes(why))).toBe(true);
  });

  it('the floor back before its watch began: the held job is asked about once more at the start, and sent', async () => {
    const { spool, jobId } = await killedWithBatchJob();
    const answers: RecoveredJobAnswer[] = [{ kind: 'unknown', reason: 'Held.' }, { kind: 'clear' }];
    const check = vi.fn(async () => answers.shift() ?? { kind: 'clear' as const });
    const { printing, folder } = await restart(spool, check);
    await vi.waitFor(() => expect(printing.service.get(jobId)?.state).toBe('sent'));
    expect(check).toHaveBeenCalledTimes(2);
    expect(await printedFiles(folder)).toHaveLength(1);
  });

  it('a held job stays held at a restart with no floor set up: the person has not answered yet', async () => {
    const { spool, jobId } = await killedWithBatchJob();
    const first = await restart(spool, async () => ({ kind: 'unknown', reason: 'Held.' }));
    await first.printing.close();
    const { printing, folder } = await restart(spool, async () => ({ kind: 'alone' }));
    await printing.service.idle();
    expect(printing.service.get(jobId)).toMatchObject({ state: 'held', reason: 'Held.' });
    expect(await printedFiles(folder)).toEqual([]);
  });

  it('a held job a person sent ("Print anyway") is not asked about again', async () => {
    const { spool, jobId } = await killedWithBatchJob();
    const check = vi.fn(
      async (): Promise<RecoveredJobAnswer> => ({ kind: 'unknown', reason: 'Held.' }),
    );
    const { printing, folder, floorBack } = await restart(spool, check);
    // Asked at the start, and once more as the watch began (still offline).
    await vi.waitFor(() => expect(check).toHaveBeenCalledTimes(2));
    await printing.handlers.printJobSendHeld({ jobId }, {} as never);
    await printing.service.idle();
    expect(printing.service.get(jobId)?.state).toBe('sent');
    floorBack();
    await printing.service.idle();
    expect(check).toHaveBeenCalledTimes(2);
    expect(await printedFiles(folder)).toHaveLength(1);
  });

  it('no floor set up (alone) or a settled batch at the restart: sent, or cancelled, at once', async () => {
    const sent = await killedWithBatchJob();
    const clear = await restart(sent.spool, async () => ({ kind: 'alone' }));
    await vi.waitFor(() => expect(clear.printing.service.get(sent.jobId)?.state).toBe('sent'));

    const settled = await killedWithBatchJob();
    const done = await restart(settled.spool, async () => ({
      kind: 'settled',
      reason: 'Settled.',
    }));
    expect(done.printing.service.get(settled.jobId)).toMatchObject({
      state: 'cancelled',
      reason: 'Settled.',
    });
  });
});
