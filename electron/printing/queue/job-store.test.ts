/**
 * A record that cannot be written (the spool folder went away: a removed profile, a full or
 * unplugged disk) fails the caller's await and nothing else: no unhandled rejection, which in
 * the main process would end the app with the print queue in it.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { JobStore } from './job-store';
import type { PrintJob } from './types';

const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);
afterEach(() => {
  process.off('unhandledRejection', onUnhandled);
});

it('a failed save rejects to its caller only, and the next save of the job still runs', async () => {
  process.on('unhandledRejection', onUnhandled);
  const dir = await mkdtemp(join(tmpdir(), 'packbench-job-store-'));
  const store = new JobStore(dir);
  await store.init();
  const job: PrintJob = {
    id: store.newId(),
    printerId: 'save-to-folder',
    title: 'Label',
    format: 'pdf',
    file: store.filePath('x', 'pdf'),
    copies: 1,
    media: '4x6in',
    createdAt: new Date(0).toISOString(),
    updatedAt: new Date(0).toISOString(),
    state: 'queued',
    attempts: 0,
    seq: 1,
    size: 0,
  };
  await rm(dir, { recursive: true, force: true });
  await expect(store.save(job)).rejects.toThrow(/ENOENT/);
  await store.init();
  await expect(store.save({ ...job, state: 'sent' })).resolves.toBeUndefined();
  // Unhandled rejections are reported on a later turn: give them one.
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(unhandled).toEqual([]);
  await rm(dir, { recursive: true, force: true });
});
