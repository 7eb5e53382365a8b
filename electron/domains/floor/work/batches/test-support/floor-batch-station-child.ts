/**
 * One station console as its own process for floor-batch-rest.pg.test.ts: a whole bridge (as
 * browser mode composes it) on the test's sandbox and floor database, printing labels to Save
 * to folder. Every job change and progress step goes to stdout as a JSON line, so the parent
 * can kill it (kill -9) mid-batch.
 *
 *   start <ids> [options]: prints the orders' labels as one batch; options (JSON):
 *                `kinds` prints those documents instead, `killAtJob` N: the station kills
 *                itself (SIGKILL) the moment its Nth job is on its disk, before it is sent.
 *   rest:        lists the interrupted batches (every station's, on a floor) and prints the
 *                rest of each, then says which orders each of its jobs holds.
 *   jobs:        says which orders each of its jobs holds (after a restart) and what is listed;
 *                a job held at the start (the floor offline) is waited for until the floor's
 *                join below has it sent or cancelled.
 *   settle:      options {batchId?, steps, rest?, marks?}: settles the "may have printed"
 *                orders of the batch (the first listed with some, or `batchId`) step by step,
 *                each step {mayHavePrinted, take: [from, to] of the group, or orderIds}; then
 *                prints its rest if `rest`, and says the printed marks of the `marks` orders.
 *
 * Usage: floor-batch-station-child.ts <configDir> <sandboxUrl> <key> <station> <packer>
 *        <floorJson> <mode> [idsJson] [optionsJson]
 */
import { startStationChild } from '../../../../../test-support/station-child-bridge';

const [configDir, url, key, station, packer, floorJson, mode, idsJson, optionsJson] =
  process.argv.slice(2);
if (!configDir || !url || !key || !station || !packer || !floorJson || !mode) {
  throw new Error(
    'usage: floor-batch-station-child <dir> <url> <key> <station> <packer> <floor> <mode>',
  );
}
const options = JSON.parse(optionsJson ?? '{}') as {
  kinds?: string[];
  killAtJob?: number;
  batchId?: string;
  steps?: { mayHavePrinted: 'printed' | 'print'; take?: [number, number]; orderIds?: number[] }[];
  rest?: boolean;
  marks?: number[];
};
const jobsMade = new Set<string>();
const { bridge, say, call, folder, idle } = await startStationChild({
  configDir,
  url,
  key,
  chunkSize: 5,
  // The job is on this station's disk and the floor heard only that it was about to be made:
  // killed here (kill -9, from inside, so nothing after it runs: not the send, not the record).
  onEvent: (event) => {
    if (event.type !== 'printJob' || event.job.state !== 'queued' || !options.killAtJob) return;
    jobsMade.add(event.job.id);
    if (jobsMade.size === options.killAtJob) process.kill(process.pid, 'SIGKILL');
  },
});
await call('settingsUpdate', { patch: { station: { name: station, packer } } });
// Labels go to Save to folder by the station's own setting: a batch taken over from another
// station prints where this station prints its labels.
await call('settingsUpdate', {
  patch: {
    printing: {
      folder,
      routes: {
        shipping_label: { printerId: 'save-to-folder' },
        packing_slip: { printerId: 'save-to-folder' },
      },
    },
  },
});
// The jobs as the start left them (before this run joins the floor): a recovered job is held
// here when the floor was down at the start.
const atStart = await call<{ jobs: { id: string; state: string }[] }>('printJobsList', {});
say({ ev: 'at-start', jobs: atStart.jobs.map((j) => ({ id: j.id, state: j.state })) });
const joined = await call<{ status: string }>('floorSettingsSave', {
  connection: { ...JSON.parse(floorJson), tls: 'require' },
});
say({ ev: 'joined', status: joined.status });

interface Job {
  id: string;
  title: string;
  state: string;
  reason?: string;
}
if (mode === 'start') {
  const orderIds = JSON.parse(idsJson ?? '[]');
  const outcome = options.kinds
    ? await call('printOrderDocuments', {
        orderIds,
        kinds: options.kinds,
        operationId: 'floor-batch-start',
      })
    : await call('printOrderLabels', { orderIds, operationId: 'floor-batch-start' });
  say({ ev: 'outcome', outcome });
} else if (mode === 'rest') {
  const { batches } = await call<{ batches: { id: string; notReached: unknown[] }[] }>(
    'printBatchesInterrupted',
    {},
  );
  say({ ev: 'interrupted', batches });
  // A batch left listed with only orders to check (an earlier run's) has no rest to print.
  for (const batch of batches.filter((b) => b.notReached.length > 0)) {
    const outcome = await call('printBatchResume', {
      batchId: batch.id,
      operationId: 'floor-batch-rest',
    });
    say({ ev: 'outcome', outcome });
  }
} else if (mode === 'settle') {
  const { batches } = await call<{
    batches: { id: string; skippedOrders: { cause: string; orders: { id: number }[] }[] }[];
  }>('printBatchesInterrupted', {});
  say({ ev: 'interrupted', batches });
  const maybe = (b: (typeof batches)[number]) =>
    b.skippedOrders.filter((g) => g.cause === 'may_have_printed').flatMap((g) => g.orders);
  const batch = batches.find((b) => b.id === options.batchId || maybe(b).length > 0);
  const batchId = options.batchId ?? batch?.id ?? '';
  const group = batch ? maybe(batch).map((o) => o.id) : [];
  for (const step of options.steps ?? []) {
    const orderIds = step.orderIds ?? group.slice(...(step.take ?? [0, group.length]));
    // A refusal is an answer here: said, as the person would read it.
    const answer = await bridge.dispatcher.call('printBatchSettle', {
      batchId,
      orderIds,
      mayHavePrinted: step.mayHavePrinted,
    });
    say({ ev: 'settled', step: step.mayHavePrinted, orderIds, answer });
  }
  if (options.rest) {
    const outcome = await call('printBatchResume', { batchId, operationId: 'floor-batch-rest' });
    say({ ev: 'outcome', outcome });
  }
  if (options.marks) {
    const { marks } = await call<{ marks: unknown[] }>('printedMarksList', {
      orderIds: options.marks,
    });
    say({ ev: 'marks', marks });
  }
}
// Every job on paper (or failed) before saying which orders each holds; after a restart, held
// jobs too (the join above brought the floor back: they are asked about again).
await idle({ held: mode === 'jobs' });
const jobs = [];
for (const job of (await call<{ jobs: Job[] }>('printJobsList', {})).jobs) {
  const { orders } = await call<{ orders: { id: number }[] }>('printJobOrders', { jobId: job.id });
  jobs.push({
    id: job.id,
    title: job.title,
    state: job.state,
    ...(job.reason ? { reason: job.reason } : {}),
    orders: orders.map((o) => o.id),
  });
}
const left = await call<{ batches: unknown[] }>('printBatchesInterrupted', {});
say({ ev: 'done', jobs, interrupted: left.batches });
await bridge.close();
process.exit(0);
