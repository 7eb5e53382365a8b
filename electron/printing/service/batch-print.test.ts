/**
 * Batch printing through the bridge against a real sandbox (slowed down so a batch takes long
 * enough to watch): progress per chunk, orders without a label reported and the batch going
 * on, documents split per printer, and cancelling mid-batch taking back what has not printed.
 * Save to folder only, so no CUPS is needed.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../../../sandbox/server/start';
import type { Progress } from '../../../shared/contract/values';
import { jobReaches, openRig, type Rig } from './test-support/printing-rig';

const KEY = 'batch-print-key-1234';
let sandbox: RunningSandbox;
let rig: Rig;
let withLabel: number[];
let withoutLabel: number[];

beforeAll(async () => {
  sandbox = await startSandbox({
    port: 0,
    keys: [KEY],
    rate: 1000,
    faults: { latencyMs: 150, latencyJitterMs: 0 },
  });
  rig = await openRig(
    { printing: { chunkSize: 2, useCups: false } },
    { url: sandbox.url, key: KEY },
  );
  const labels = await rig.call('ordersList', { filters: { stage: 'labels' }, pageSize: 12 });
  withLabel = labels.results.map((o) => o.id);
  const open = await rig.call('ordersList', { filters: { stage: 'open' }, pageSize: 50 });
  withoutLabel = open.results
    .filter((o) => !o.shipments.some((s) => s.label_url))
    .slice(0, 2)
    .map((o) => o.id);
  expect(withLabel).toHaveLength(12);
  expect(withoutLabel).toHaveLength(2);
});

afterAll(async () => {
  await rig?.bridge.close();
  await sandbox?.close();
  if (rig) rmSync(rig.dir, { recursive: true, force: true });
});

function progressOf(operationId: string): Progress[] {
  const seen: Progress[] = [];
  rig.bridge.events.subscribe((e) => {
    if (e.type === 'progress' && e.progress.operationId === operationId) seen.push(e.progress);
  });
  return seen;
}

describe('batch printing', () => {
  it('reports progress, skips a chunk without labels and keeps the selected order', async () => {
    const seen = progressOf('batch-progress-1');
    // Chunks of 2: [a, b], [no label, no label], [c, d].
    const selection = [withLabel[0]!, withLabel[1]!, ...withoutLabel, withLabel[2]!, withLabel[3]!];
    const outcome = await rig.call('printOrderLabels', {
      orderIds: selection,
      operationId: 'batch-progress-1',
      override: { printerId: 'save-to-folder' },
    });
    expect(outcome.jobs.map((j) => j.title)).toEqual([
      'Labels: orders 1-2 of 6',
      'Labels: orders 5-6 of 6',
    ]);
    expect(outcome.skipped).toEqual([
      { orderIds: withoutLabel, reason: expect.stringMatching(/none of the selected orders/i) },
    ]);
    expect(seen.at(-1)).toMatchObject({ phase: 'Printing labels', done: 3, total: 3 });
    for (const job of outcome.jobs) await jobReaches(rig, job.id, ['sent']);
  });

  it('asks for documents once per printer route, in the order of the kinds', async () => {
    await rig.call('settingsUpdate', {
      patch: {
        printing: {
          routes: {
            shipping_label: { printerId: 'save-to-folder', media: '4x6in' },
            packing_slip: { printerId: 'save-to-folder', media: 'A4' },
          },
        },
      },
    });
    const outcome = await rig.call('printOrderDocuments', {
      orderIds: withLabel.slice(0, 2),
      kinds: ['shipping_label', 'packing_slip'],
    });
    // Same printer, different paper: a label job at 4x6 and a slip job on A4.
    expect(outcome.jobs.map((j) => [j.title, j.media])).toEqual([
      ['Labels: 2 orders', '4x6in'],
      ['Packing slips: 2 orders', 'A4'],
    ]);
  });

  it('cancelling mid-batch stops fetching and cancels the jobs not yet printed', async () => {
    // Save to folder pointed at a folder that cannot be made (a file is in the way): every job
    // fails at once and waits for the person, so none of them can be on paper and cancelling
    // must take back every one.
    writeFileSync(`${rig.folder}/not-a-folder`, '');
    await rig.call('settingsUpdate', {
      patch: { printing: { folder: `${rig.folder}/not-a-folder/printed` } },
    });
    const seen = progressOf('batch-cancel-1');
    const printing = rig.attempt('printOrderLabels', {
      orderIds: withLabel,
      operationId: 'batch-cancel-1',
      override: { printerId: 'save-to-folder' },
    });
    await expect.poll(() => seen.at(-1)?.done ?? 0, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    await rig.call('operationCancel', { operationId: 'batch-cancel-1' });
    const answer = await printing;
    expect(answer).toMatchObject({ ok: false, error: { code: 'cancelled' } });
    // The answer comes at once; the handler then takes its jobs back, as the queue shows.
    const batchJobs = async () =>
      (await rig.call('printJobsList', {})).jobs.filter((j) => /of 12$/.test(j.title));
    await expect
      .poll(async () => (await batchJobs()).map((j) => j.state), { timeout: 10_000 })
      .toSatisfy((states: string[]) => states.length > 0 && states.every((s) => s === 'cancelled'));
    // Fewer than the six chunks were fetched, and none of the batch's jobs is left to print.
    const jobs = await batchJobs();
    expect(jobs.length).toBeGreaterThanOrEqual(2);
    expect(jobs.length).toBeLessThan(6);
    await rig.call('settingsUpdate', { patch: { printing: { folder: rig.folder } } });
  });
});
