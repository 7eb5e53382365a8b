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
import { startStationChild } from './station-child-bridge';

const [configDir, url, key, mode, idsJson] = process.argv.slice(2);
if (!configDir || !url || !key || (mode !== 'start' && mode !== 'resume')) {
  throw new Error('usage: batch-resume-child <configDir> <url> <key> start <ids> | resume');
}
const folder = join(configDir, 'printed');
const {
  bridge,
  say,
  call,
  folder: chosen,
  idle,
} = await startStationChild({
  configDir,
  url,
  key,
  chunkSize: 100,
});
await call('settingsUpdate', { patch: { printing: { folder: chosen } } });
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
await idle();
const left = await call<{ batches: unknown[] }>('printBatchesInterrupted', {});
say({ ev: 'done', interrupted: left.batches });
await bridge.close();
