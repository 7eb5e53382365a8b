/**
 * Batch printing through the bridge against a real sandbox (slowed down so a batch takes long
 * enough to watch): progress per chunk, orders without a label reported and the batch going
 * on, documents split per printer, and cancelling mid-batch taking back what has not printed.
 * Save to folder only, so no CUPS is needed.
 */
import { rmSync, writeFileSync } from 'node:fs';
import type { Api, Progress } from '@shared/contract/values';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../../../../sandbox/server/start';
import { jobReaches, openRig, type Rig } from '../../../test-support/printing-rig';

const KEY = 'batch-print-key-1234';
let sandbox: RunningSandbox;
let rig: Rig;
/** A Save-to-folder folder as the page chooses it: an id for a subfolder of the config root. */
const chooseFolder = async (subfolder: string): Promise<string> =>
  (await rig.call('folderChoose', { purpose: 'print-folder', root: 'config', subfolder }))
    .choiceId as string;
let withLabel: Api['Order'][];
let withoutLabel: Api['Order'][];

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
  // Listed through the bridge, as the Orders grid does: the batch then knows them already.
  const labels = await rig.call('ordersList', { filters: { stage: 'labels' }, pageSize: 12 });
  withLabel = labels.results;
  const open = await rig.call('ordersList', { filters: { stage: 'open' }, pageSize: 50 });
  withoutLabel = open.results.filter((o) => labelsOf(o) === 0).slice(0, 2);
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

const labelsOf = (o: Api['Order']) => o.shipments.filter((s) => s.label_url).length;
const nameOf = (o: Api['Order']) => o.order_name?.trim() || `Order ${o.id}`;

describe('batch printing', () => {
  it('names jobs by their orders, skips orders without a label by name, keeps the order', async () => {
    const seen = progressOf('batch-progress-1');
    const [a, b, c, d] = withLabel as [Api['Order'], Api['Order'], Api['Order'], Api['Order']];
    const selection = [a, b, ...withoutLabel, c, d];
    const outcome = await rig.call('printOrderLabels', {
      orderIds: selection.map((o) => o.id),
      operationId: 'batch-progress-1',
      override: { printerId: 'save-to-folder' },
    });
    // Orders without a label are taken out before asking: chunks of 2 of the other four.
    expect(outcome.jobs.map((j) => j.title)).toEqual([
      `${labelsOf(a) + labelsOf(b)} labels: ${nameOf(a)}, ${nameOf(b)}`,
      `${labelsOf(c) + labelsOf(d)} labels: ${nameOf(c)}, ${nameOf(d)}`,
    ]);
    expect(outcome.skipped).toEqual([
      {
        cause: 'no_label',
        reason: 'No shipping label.',
        orderIds: withoutLabel.map((o) => o.id),
        orders: withoutLabel.map((o) => ({ id: o.id, name: nameOf(o) })),
      },
    ]);
    expect(outcome.batch).toMatchObject({
      what: 'labels',
      selected: 6,
      queued: 4,
      skipped: 2,
      notReached: 0,
      state: 'finished',
      title: `6 orders: ${nameOf(a)} … ${nameOf(d)}`,
    });
    expect(seen.at(-1)).toMatchObject({ phase: 'Printing labels', done: 2, total: 2 });
    for (const [i, job] of outcome.jobs.entries()) {
      const pair = i === 0 ? [a, b] : [c, d];
      const expected = labelsOf(pair[0]!) + labelsOf(pair[1]!);
      const sent = await jobReaches(rig, job.id, ['sent']);
      expect(sent).toMatchObject({ orderCount: 2, pages: { expected, received: expected } });
    }
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
    const [a, b] = withLabel as [Api['Order'], Api['Order']];
    const outcome = await rig.call('printOrderDocuments', {
      orderIds: [a.id, b.id],
      kinds: ['shipping_label', 'packing_slip'],
    });
    // Same printer, different paper: a label job at 4x6 and a slip job on A4.
    expect(outcome.jobs.map((j) => [j.title, j.media])).toEqual([
      [`${labelsOf(a) + labelsOf(b)} labels: ${nameOf(a)}, ${nameOf(b)}`, '4x6in'],
      [`2 packing slips: ${nameOf(a)}, ${nameOf(b)}`, 'A4'],
    ]);
    expect(outcome.batch).toMatchObject({ what: 'documents', queued: 2, notReached: 0 });
  });

  it('cancelling mid-batch stops fetching and cancels the jobs not yet printed', async () => {
    // Save to folder pointed at a folder that cannot be made (a file is in the way): every job
    // fails at once and waits for the person, so none of them can be on paper and cancelling
    // must take back every one.
    writeFileSync(`${rig.folder}/not-a-folder`, '');
    await rig.call('settingsUpdate', {
      patch: { printing: { folder: await chooseFolder('printed/not-a-folder/printed') } },
    });
    const seen = progressOf('batch-cancel-1');
    // The batch's jobs: made from now on (earlier tests' jobs may still be changing state).
    const since = new Date().toISOString();
    const created = new Set<string>();
    const stop = rig.bridge.events.subscribe((e) => {
      if (e.type === 'printJob' && e.job.createdAt >= since) created.add(e.job.id);
    });
    const printing = rig.attempt('printOrderLabels', {
      orderIds: withLabel.map((o) => o.id),
      operationId: 'batch-cancel-1',
      override: { printerId: 'save-to-folder' },
    });
    await expect
      .poll(() => (seen.at(-1)?.phase === 'Printing labels' ? seen.at(-1)!.done : 0), {
        timeout: 10_000,
      })
      .toBeGreaterThanOrEqual(2);
    await rig.call('operationCancel', { operationId: 'batch-cancel-1' });
    const answer = await printing;
    expect(answer).toMatchObject({ ok: false, error: { code: 'cancelled' } });
    // The answer comes at once; the handler then takes its jobs back, as the queue shows.
    const batchJobs = async () =>
      (await rig.call('printJobsList', {})).jobs.filter((j) => created.has(j.id));
    await expect
      .poll(async () => (await batchJobs()).map((j) => j.state), { timeout: 10_000 })
      .toSatisfy((states: string[]) => states.length > 0 && states.every((s) => s === 'cancelled'));
    // Fewer than the six chunks were fetched, and none of the batch's jobs is left to print.
    const jobs = await batchJobs();
    expect(jobs.length).toBeGreaterThanOrEqual(2);
    expect(jobs.length).toBeLessThan(6);
    stop();
    await rig.call('settingsUpdate', {
      patch: { printing: { folder: await chooseFolder('printed') } },
    });
  });
});
