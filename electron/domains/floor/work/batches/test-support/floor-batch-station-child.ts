/**
 * One station console as its own process for floor-batch-rest.pg.test.ts: a whole bridge (as
 * browser mode composes it) on the test's sandbox and floor database, printing labels to Save
 * to folder. Every job change and progress step goes to stdout as a JSON line, so the parent
 * can kill it (kill -9) mid-batch.
 *
 *   start <ids>: prints the orders' labels as one batch.
 *   rest:        lists the interrupted batches (every station's, on a floor) and prints the
 *                rest of each, then says which orders each of its jobs holds.
 *   jobs:        says which orders each of its jobs holds (after a restart) and what is listed.
 *
 * Usage: floor-batch-station-child.ts <configDir> <sandboxUrl> <key> <station> <packer>
 *        <floorJson> <mode> [idsJson]
 */
import { SessionKeyStore } from '../../../../../kernel/settings';
import { createBridge } from '../../../../../main/create-bridge';

const [configDir, url, key, station, packer, floorJson, mode, idsJson] = process.argv.slice(2);
if (!configDir || !url || !key || !station || !packer || !floorJson || !mode) {
  throw new Error(
    'usage: floor-batch-station-child <dir> <url> <key> <station> <packer> <floor> <mode>',
  );
}
const bridge = await createBridge({
  configDir,
  exportDir: configDir,
  transport: 'browser',
  keyStore: new SessionKeyStore(),
  printing: { chunkSize: 5, window: 1, useCups: false },
});
const say = (value: unknown) => process.stdout.write(`${JSON.stringify(value)}\n`);
const states = new Map<string, string>();
let wake = () => {};
bridge.events.subscribe((event) => {
  if (event.type === 'printJob') {
    states.set(event.job.id, event.job.state);
    wake();
    say({ ev: 'job', id: event.job.id, state: event.job.state });
  } else if (event.type === 'progress') {
    say({ ev: 'progress', ...event.progress });
  }
});
const call = async <T>(method: string, args: unknown): Promise<T> => {
  const answer = await bridge.dispatcher.call(method, args);
  if (!answer.ok) throw new Error(`${method}: ${answer.error.message}`);
  return answer.value as T;
};
const saved = await call<{ connections: { id: string; name: string }[] }>('connectionsList', {});
const connection =
  saved.connections.find((c) => c.name === 'Sandbox') ??
  (await call<{ id: string }>('connectionSave', { name: 'Sandbox', baseUrl: url }));
await call('keySet', { connectionId: connection.id, apiKey: key, storage: 'session' });
await call('connectionSelect', { id: connection.id });
await call('settingsUpdate', { patch: { station: { name: station, packer } } });
const chosen = await call<{ choiceId: string }>('folderChoose', {
  purpose: 'print-folder',
  root: 'config',
  subfolder: 'printed',
});
// Labels go to Save to folder by the station's own setting: a batch taken over from another
// station prints where this station prints its labels.
await call('settingsUpdate', {
  patch: {
    printing: {
      folder: chosen.choiceId,
      routes: { shipping_label: { printerId: 'save-to-folder' } },
    },
  },
});
const joined = await call<{ status: string }>('floorSettingsSave', {
  connection: { ...JSON.parse(floorJson), tls: 'require' },
});
say({ ev: 'joined', status: joined.status });

interface Job {
  id: string;
  state: string;
}
if (mode === 'start') {
  const outcome = await call('printOrderLabels', {
    orderIds: JSON.parse(idsJson ?? '[]'),
    operationId: 'floor-batch-start',
  });
  say({ ev: 'outcome', outcome });
} else if (mode === 'rest') {
  const { batches } = await call<{ batches: { id: string }[] }>('printBatchesInterrupted', {});
  say({ ev: 'interrupted', batches });
  for (const batch of batches) {
    const outcome = await call('printBatchResume', {
      batchId: batch.id,
      operationId: 'floor-batch-rest',
    });
    say({ ev: 'outcome', outcome });
  }
}
// Every job on paper (or failed) before saying which orders each holds.
for (const job of (await call<{ jobs: Job[] }>('printJobsList', {})).jobs) {
  if (!states.has(job.id)) states.set(job.id, job.state);
}
const busy = () => [...states.values()].some((s) => s === 'queued' || s === 'sending');
while (busy()) {
  await new Promise<void>((resolve) => {
    wake = resolve;
  });
}
const jobs = [];
for (const job of (await call<{ jobs: Job[] }>('printJobsList', {})).jobs) {
  const { orders } = await call<{ orders: { id: number }[] }>('printJobOrders', { jobId: job.id });
  jobs.push({ id: job.id, state: job.state, orders: orders.map((o) => o.id) });
}
const left = await call<{ batches: unknown[] }>('printBatchesInterrupted', {});
say({ ev: 'done', jobs, interrupted: left.batches });
await bridge.close();
process.exit(0);
