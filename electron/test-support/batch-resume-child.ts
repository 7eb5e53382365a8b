/**
 * Child process for the kill-and-resume test (run with `node --import tsx`): a whole bridge on
 * the parent's sandbox, printing labels to Save to folder, as the console would. Every job
 * change and every progress step goes to stdout as one JSON line, so the parent can SIGKILL it
 * at a chosen point.
 *
 *   start  <ids>: lists the orders (as "select all matching" does), prints their labels.
 *   resume:       settles jobs left "may have printed" as a person would (a file with the job's
 *                 name in the folder: it printed; none: print it again), then "print the rest"
 *                 of every interrupted batch.
 *
 * Usage: batch-resume-child.ts <configDir> <sandboxUrl> <key> start <idsJson> | resume
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { sanitizeTitle } from '../domains/printing/queue/file-name';
import { SessionKeyStore } from '../kernel/settings';
import { createBridge } from '../main/create-bridge';

const [configDir, url, key, mode, idsJson] = process.argv.slice(2);
if (!configDir || !url || !key || (mode !== 'start' && mode !== 'resume')) {
  throw new Error('usage: batch-resume-child <configDir> <url> <key> start <ids> | resume');
}
const folder = join(configDir, 'printed');
const bridge = await createBridge({
  configDir,
  exportDir: configDir,
  transport: 'browser',
  keyStore: new SessionKeyStore(),
  printing: { chunkSize: 100, window: 1, useCups: false },
});
const say = (value: unknown) => process.stdout.write(`${JSON.stringify(value)}\n`);
// Every job's last state, to know when this run's printing is over.
const states = new Map<string, string>();
let wake = () => {};
bridge.events.subscribe((event) => {
  if (event.type === 'printJob') {
    const { id, title, state } = event.job;
    states.set(id, state);
    wake();
    say({ ev: 'job', id, title, state });
  } else if (event.type === 'progress') {
    say({ ev: 'progress', ...event.progress });
  }
});
const call = async <T>(method: string, args: unknown): Promise<T> => {
  const answer = await bridge.dispatcher.call(method, args);
  if (!answer.ok) throw new Error(`${method}: ${answer.error.message}`);
  return answer.value as T;
};
// The connection is kept from the last run; the key (session only) is given again.
const saved = await call<{ connections: { id: string; name: string }[] }>('connectionsList', {});
const connection =
  saved.connections.find((c) => c.name === 'Sandbox') ??
  (await call<{ id: string }>('connectionSave', { name: 'Sandbox', baseUrl: url }));
await call('keySet', { connectionId: connection.id, apiKey: key, storage: 'session' });
await call('connectionSelect', { id: connection.id });
// The folder is chosen as the page would (an id for a subfolder of the config root).
const chosen = await call<{ choiceId: string }>('folderChoose', {
  purpose: 'print-folder',
  root: 'config',
  subfolder: 'printed',
});
await call('settingsUpdate', { patch: { printing: { folder: chosen.choiceId } } });
await call('ordersFetchAllIds', {});

interface Job {
  id: string;
  title: string;
  state: string;
}
const override = { printerId: 'save-to-folder' };
if (mode === 'start') {
  const outcome = await call('printOrderLabels', {
    orderIds: JSON.parse(idsJson ?? '[]'),
    override,
    operationId: 'kill-resume-batch',
  });
  say({ ev: 'outcome', outcome });
} else {
  const { jobs } = await call<{ jobs: Job[] }>('printJobsList', {});
  const files = readdirSync(folder).filter((f) => !f.startsWith('.'));
  for (const job of jobs.filter((j) => j.state === 'may-have-printed')) {
    // "<stamp> <title>.pdf" or "<stamp> <title> (n).pdf": is this job's file there?
    const name = sanitizeTitle(job.title);
    const there = files.some(
      (f) => f.replace(/^\d{8}-\d{6} /, '').replace(/( \(\d+\))?\.pdf$/, '') === name,
    );
    await call('printJobResolve', { jobId: job.id, decision: there ? 'done' : 'reprint' });
    say({ ev: 'resolved', id: job.id, decision: there ? 'done' : 'reprint' });
  }
  const { batches } = await call<{ batches: { id: string }[] }>('printBatchesInterrupted', {});
  say({ ev: 'interrupted', batches });
  for (const batch of batches) {
    const outcome = await call('printBatchResume', {
      batchId: batch.id,
      operationId: 'kill-resume-rest',
    });
    say({ ev: 'outcome', outcome });
  }
}
// Every job on paper (or failed) before saying done: woken by each job event.
for (const job of (await call<{ jobs: Job[] }>('printJobsList', {})).jobs) {
  if (!states.has(job.id)) states.set(job.id, job.state);
}
const busy = () => [...states.values()].some((s) => s === 'queued' || s === 'sending');
while (busy()) {
  await new Promise<void>((resolve) => {
    wake = resolve;
  });
}
const left = await call<{ batches: unknown[] }>('printBatchesInterrupted', {});
say({ ev: 'done', interrupted: left.batches });
await bridge.close();
