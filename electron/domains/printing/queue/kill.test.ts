/**
 * The real thing: a separate process printing a batch is SIGKILLed mid-batch; reopening the
 * same spool folder must account for every job, and nothing may be printed twice silently.
 */
import { spawn } from 'node:child_process';
import { watch } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BundledChild, bundleChild } from '../../../test-support/bundled-child';
import { createFolderDriver } from './folder-driver.js';
import { PrintService } from './print-service.js';
import { tempDir } from './test-support.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const COUNT = 12;
// Three child starts: bundled once instead of compiled by tsx at each start.
let printer: BundledChild | undefined;
beforeAll(async () => {
  printer = await bundleChild(path.join(here, 'kill-child.ts'));
});
afterAll(async () => {
  await printer?.dispose();
});

async function runAndKill(
  spool: string,
  out: string,
  afterFiles: number,
  hangAt?: number,
): Promise<{ ids: string[]; hungId?: string }> {
  if (!printer) throw new Error('the child script was not bundled');
  const args = [printer.file, spool, out, String(COUNT)];
  if (hangAt) args.push(String(hangAt));
  const child = spawn(process.execPath, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
    child.on('exit', (code, signal) => resolve(signal ?? code)),
  );
  // Checked again whenever the child prints or a file lands in `out` (no polling on a clock);
  // the timer only guards a child that hangs.
  await new Promise<void>((resolve, reject) => {
    let done = false;
    const finish = (error?: Error) => {
      if (done) return;
      done = true;
      watcher.close();
      clearTimeout(guard);
      if (error) reject(error);
      else resolve();
    };
    const check = async () => {
      if (done) return;
      if (child.exitCode !== null) return finish(new Error(`child exited early: ${stderr}`));
      const printed = (await readdir(out)).filter((n) => n.endsWith('.zpl')).length;
      const ready = hangAt ? stdout.includes('SENDING ') : printed >= afterFiles;
      if (stdout.includes('ENQUEUED ') && ready) finish();
    };
    const watcher = watch(out, () => void check());
    const guard = setTimeout(
      () => finish(new Error(`child too slow: ${stdout} ${stderr}`)),
      20_000,
    );
    child.stdout.on('data', () => void check());
    child.once('exit', () => void check());
    void check();
  });
  child.kill('SIGKILL');
  expect(await exited).toBe('SIGKILL');
  const lines = stdout.split('\n');
  const enqueued = lines.find((l) => l.startsWith('ENQUEUED '))!;
  const hung = lines.find((l) => l.startsWith('SENDING '));
  return {
    ids: JSON.parse(enqueued.slice('ENQUEUED '.length)) as string[],
    ...(hung ? { hungId: hung.slice('SENDING '.length) } : {}),
  };
}

describe('kill -9 in the middle of a batch', () => {
  it.each([1, 3, 6])('after %i labels: every job accounted for, none doubled', async (n) => {
    const spool = await tempDir();
    const out = await tempDir('packbench-out-');
    const { ids } = await runAndKill(spool, out, n);
    expect(ids).toHaveLength(COUNT);

    // Look at the journal before any printer starts on it again.
    const service = await PrintService.open(spool, []);
    const reopened = service.list();
    expect(reopened.map((j) => j.id)).toEqual(ids);
    const interrupted = reopened.filter((j) => j.state === 'may-have-printed');
    expect(interrupted.length).toBeLessThanOrEqual(1);
    expect(reopened.every((j) => ['sent', 'queued', 'may-have-printed'].includes(j.state))).toBe(
      true,
    );
    service.addDriver(createFolderDriver({ folder: out }));
    await service.idle();

    // Everything not interrupted is now printed exactly once, in order of the batch.
    const files = (await readdir(out)).filter((n) => n.endsWith('.zpl'));
    const titles = files.map((f) => f.replace(/^\d{8}-\d{6} /, '').replace(/\.zpl$/, ''));
    expect(new Set(titles).size).toBe(titles.length);
    for (const job of service.list()) {
      if (job.state === 'sent') expect(titles).toContain(job.title);
      else expect(job.state).toBe('may-have-printed');
    }
    expect(files.length).toBeGreaterThanOrEqual(COUNT - interrupted.length);
    for (const f of files) {
      const title = f.replace(/^\d{8}-\d{6} /, '').replace(/\.zpl$/, '');
      expect(await readFile(path.join(out, f), 'utf8')).toBe(`^XA^FD${title}^FS^XZ`);
    }
    // The person decides about the interrupted one.
    for (const job of interrupted) await service.resolveMayHavePrinted(job.id, 'done');
    await service.idle();
    expect(service.list().every((j) => j.state === 'sent')).toBe(true);
    await service.close();
  });

  it('a kill during a send leaves that job "may have printed", the rest continue', async () => {
    const spool = await tempDir();
    const out = await tempDir('packbench-out-');
    const { ids, hungId } = await runAndKill(spool, out, 0, 4);
    expect(hungId).toBe(ids[3]);
    const service = await PrintService.open(spool, [createFolderDriver({ folder: out })]);
    expect(service.get(hungId!)?.state).toBe('may-have-printed');
    await service.idle();
    expect(service.list().map((j) => j.state)).toEqual(
      ids.map((id) => (id === hungId ? 'may-have-printed' : 'sent')),
    );
    const files = (await readdir(out)).filter((n) => n.endsWith('.zpl'));
    expect(files).toHaveLength(COUNT - 1);
    expect(files.some((f) => f.includes('label 04'))).toBe(false);
    await service.resolveMayHavePrinted(hungId!, 'reprint');
    await service.idle();
    expect((await readdir(out)).filter((n) => n.includes('label 04'))).toHaveLength(1);
    await service.close();
  });
});
