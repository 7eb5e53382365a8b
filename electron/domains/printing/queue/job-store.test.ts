/**
 * A record that cannot be written (the spool folder went away: a removed profile, a full or
 * unplugged disk) fails the caller's await and nothing else: no unhandled rejection, which in
 * the main process would end the app with the print queue in it.
 */
import { chmod, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { eventLoopTurns } from '../../../../sandbox/test/support/event-loop-turns';
import { JobStore } from './job-store';
import type { PrintJob } from './types';

const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);
afterEach(() => {
  process.off('unhandledRejection', onUnhandled);
});

/** A queued 4x6 PDF job for the folder printer, never tried; `job` names it and its file. */
function queuedJob(job: Pick<PrintJob, 'id' | 'title' | 'file' | 'size'>): PrintJob {
  return {
    printerId: 'save-to-folder',
    format: 'pdf',
    copies: 1,
    media: '4x6in',
    createdAt: new Date(0).toISOString(),
    updatedAt: new Date(0).toISOString(),
    state: 'queued',
    attempts: 0,
    seq: 1,
    ...job,
  };
}

it('a failed save rejects to its caller only, and the next save of the job still runs', async () => {
  process.on('unhandledRejection', onUnhandled);
  const dir = await mkdtemp(join(tmpdir(), 'packbench-job-store-'));
  const store = new JobStore(dir);
  await store.init();
  const job = queuedJob({
    id: store.newId(),
    title: 'Label',
    file: store.filePath('x', 'pdf'),
    size: 0,
  });
  await rm(dir, { recursive: true, force: true });
  await expect(store.save(job)).rejects.toThrow(/ENOENT/);
  await store.init();
  await expect(store.save({ ...job, state: 'sent' })).resolves.toBeUndefined();
  // Unhandled rejections are reported once the microtasks have drained, before the next turn:
  // a few turns, not an amount of time, have provably let them through.
  await eventLoopTurns(3);
  expect(unhandled).toEqual([]);
  await rm(dir, { recursive: true, force: true });
});

it('keeps the spool private: folders 0700, spooled copies and records 0600', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'packbench-job-store-'));
  await chmod(dir, 0o755); // as an older version left it
  const store = new JobStore(dir);
  await store.init();
  const fromBytes = await store.spoolFile('a', 'pdf', new TextEncoder().encode('%PDF-1.4'));
  const source = join(dir, 'source.zpl');
  await writeFile(source, '^XA^XZ', { mode: 0o644 });
  const fromFile = await store.spoolFile('b', 'zpl', { path: source });
  const job = queuedJob({ id: 'a', title: '#10983', file: fromBytes.file, size: fromBytes.size });
  await store.save(job);
  const mode = async (p: string) => (await stat(p)).mode & 0o777;
  expect(await mode(dir)).toBe(0o700);
  expect(await mode(store.jobsDir)).toBe(0o700);
  expect(await mode(store.filesDir)).toBe(0o700);
  expect(await mode(fromBytes.file)).toBe(0o600);
  expect(await mode(fromFile.file)).toBe(0o600);
  expect(await mode(join(store.jobsDir, 'a.json'))).toBe(0o600);
  await rm(dir, { recursive: true, force: true });
});

it('a document written ahead becomes the job file by a rename; other bytes and a leftover after a restart are handled', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'packbench-job-store-'));
  const store = new JobStore(dir);
  await store.init();
  const label = new TextEncoder().encode('%PDF-1.4 label');
  store.prespool(label, 'pdf');
  // Written ahead, under a name no record knows.
  await expect.poll(async () => (await readdir(store.filesDir)).length).toBe(1);
  const spooled = await store.spoolFile('job-1', 'pdf', label);
  expect(await readdir(store.filesDir)).toEqual(['job-1.pdf']);
  expect(await readFile(spooled.file, 'utf8')).toBe('%PDF-1.4 label');
  expect(spooled.size).toBe(label.byteLength);
  // Used once: the same bytes printed again are written again.
  await store.spoolFile('job-2', 'pdf', label);
  expect((await readdir(store.filesDir)).sort()).toEqual(['job-1.pdf', 'job-2.pdf']);
  // Written ahead as another format: not taken over.
  const zpl = new TextEncoder().encode('^XA^XZ');
  store.prespool(zpl, 'pdf');
  await store.spoolFile('job-3', 'zpl', zpl);
  expect(await readFile(join(store.filesDir, 'job-3.zpl'), 'utf8')).toBe('^XA^XZ');
  // Never printed and the console restarted: the next start removes the leftover.
  store.prespool(new TextEncoder().encode('%PDF-1.4 never printed'), 'pdf');
  await expect.poll(async () => (await readdir(store.filesDir)).length).toBe(5);
  await new JobStore(dir).loadAll();
  expect(await readdir(store.filesDir)).toEqual([]);
  await rm(dir, { recursive: true, force: true });
});
