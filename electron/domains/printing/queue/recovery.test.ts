/** Restarts, crashes and history: what the journal folder must get right. */
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { INTERRUPTED_REASON, PrintService } from './print-service.js';
import { enqueuePdf, servicesClosedAfterEach } from './test-services.js';
import { printZplAndWait } from './test-support/print-zpl';
import { fakeDriver, readRecordState, tempDir } from './test-support.js';
import type { PrintJob } from './types.js';

const open = servicesClosedAfterEach();

/**
 * A service whose printer never finishes its first job ("blocker"), so the jobs asked after
 * it stay queued, as a kill leaves them; the service is dropped, never closed.
 */
async function behindABlocker(): Promise<{ spool: string; first: PrintService }> {
  const spool = await tempDir();
  const hanging = fakeDriver('laser', { behave: () => new Promise(() => {}) });
  const first = await PrintService.open(spool, [hanging], { onProblem: () => {} });
  await enqueuePdf(first, 'laser', 'blocker');
  await vi.waitFor(() => expect(hanging.calls).toEqual(['blocker']));
  return { spool, first };
}

describe('crash recovery', () => {
  it('accounts for every job after a crash mid-send; the interrupted one waits', async () => {
    const spool = await tempDir();
    const blocking = fakeDriver('zebra', {
      behave: (job) => (job.title === 'job 2' ? new Promise<void>(() => {}) : undefined),
    });
    const before = await PrintService.open(spool, [blocking], { onProblem: () => {} });
    const ids: string[] = [];
    for (let i = 1; i <= 5; i++) ids.push((await enqueuePdf(before, 'zebra', `job ${i}`)).id);
    await vi.waitFor(() => expect(blocking.calls).toEqual(['job 1', 'job 2']));
    // "Crash": the old instance is dropped mid-send, never closed.

    const after = fakeDriver('zebra');
    const service = await open(spool, [after]);
    const stateOf = (id: string) => service.get(id)?.state;
    expect(stateOf(ids[0]!)).toBe('sent');
    expect(service.get(ids[1]!)).toMatchObject({
      state: 'may-have-printed',
      reason: INTERRUPTED_REASON,
    });
    // Policy: the later jobs do not wait for the person's decision about job 2.
    await service.idle();
    expect(after.calls).toEqual(['job 3', 'job 4', 'job 5']);
    expect(ids.map(stateOf)).toEqual(['sent', 'may-have-printed', 'sent', 'sent', 'sent']);
    await expect(service.cancel(ids[1]!)).rejects.toThrow(/cannot be cancelled/);

    // "Print again": a new job marked as a reprint; the interrupted one is closed, so it can
    // never be sent a third time.
    const reprint = await service.resolveMayHavePrinted(ids[1]!, 'reprint');
    await service.idle();
    expect(after.calls).toEqual(['job 3', 'job 4', 'job 5', 'job 2 (reprint)']);
    expect(ids.map(stateOf)).toEqual(['sent', 'cancelled', 'sent', 'sent', 'sent']);
    expect(service.get(ids[1]!)?.resolution).toBe('reprinted');
    expect(service.get(reprint.id)).toMatchObject({ state: 'sent', reprintOf: ids[1] });
  });

  it('a held job is never sent on its own, stays held across a restart, and goes in its place on "Print anyway"', async () => {
    const { spool, first } = await behindABlocker();
    const held = await enqueuePdf(first, 'laser', 'batch job');
    const later = await enqueuePdf(first, 'laser', 'later job');
    await first.hold(held.id, 'Held: the floor is offline.');
    await expect(first.hold(held.id, 'again')).rejects.toThrow(/A held print job cannot be held/);

    const laser = fakeDriver('laser');
    const service = await open(spool, [laser]);
    await service.idle();
    // The later job went; the held one did not, and says why.
    expect(laser.calls).toEqual(['later job']);
    expect(service.get(held.id)).toMatchObject({
      state: 'held',
      reason: 'Held: the floor is offline.',
    });
    expect(service.get(later.id)?.state).toBe('sent');

    await service.sendHeld(held.id);
    await service.idle();
    expect(laser.calls).toEqual(['later job', 'batch job']);
    expect(service.get(held.id)).toMatchObject({ state: 'sent', attempts: 1 });
    expect(service.get(held.id)?.reason).toBeUndefined();
    await expect(service.sendHeld(held.id)).rejects.toThrow(/A sent print job cannot be sent/);
  });

  it('a held job can be cancelled, and is then never sent', async () => {
    const { spool, first } = await behindABlocker();
    const job = await enqueuePdf(first, 'laser', 'batch job');
    await first.hold(job.id, 'Held.');
    await first.cancel(job.id);
    const laser = fakeDriver('laser');
    const service = await open(spool, [laser]);
    await service.idle();
    expect(laser.calls).toEqual([]);
    expect(service.get(job.id)?.state).toBe('cancelled');
  });

  it('"done" closes an interrupted job without printing it again', async () => {
    const spool = await tempDir();
    const hanging = fakeDriver('laser', { behave: () => new Promise(() => {}) });
    const before = await PrintService.open(spool, [hanging], { onProblem: () => {} });
    const job = await enqueuePdf(before, 'laser', 'label');
    // The driver is called only once 'sending' is on disk.
    await vi.waitFor(() => expect(hanging.calls).toEqual(['label']));
    const driver = fakeDriver('laser');
    const service = await open(spool, [driver]);
    await service.resolveMayHavePrinted(job.id, 'done');
    await service.idle();
    expect(service.get(job.id)).toMatchObject({ state: 'sent', resolution: 'printed' });
    expect(driver.calls).toEqual([]);
  });

  it('close() during a send records the job as may-have-printed', async () => {
    const spool = await tempDir();
    const driver = fakeDriver('laser', {
      behave: (_job, signal) =>
        new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason))),
    });
    const service = await open(spool, [driver]);
    const job = await enqueuePdf(service, 'laser', 'label');
    // During the send: the driver has the job ('sending' is on disk before it is called; the
    // state in memory says 'sending' a moment earlier, while that write is under way).
    await vi.waitFor(() => expect(driver.calls).toEqual(['label']));
    await service.close();
    expect(await readRecordState(spool, job.id)).toBe('may-have-printed');
  });

  it('ignores torn writes and moves unreadable records aside', async () => {
    const spool = await tempDir();
    const first = await open(spool, [fakeDriver('laser', { behave: () => new Promise(() => {}) })]);
    const job = await enqueuePdf(first, 'laser', 'a');
    await vi.waitFor(() => expect(first.get(job.id)?.state).toBe('sending'));
    const jobs = path.join(spool, 'jobs');
    await writeFile(path.join(jobs, `${job.id}.json.1234abcd`), '{"half');
    await writeFile(path.join(jobs, 'broken.json'), 'not json');
    const problems: string[] = [];
    const second = await open(spool, [], { onProblem: (m: string) => problems.push(m) });
    expect(second.list().map((j) => j.id)).toEqual([job.id]);
    expect(problems).toEqual([expect.stringContaining('broken.json could not be read')]);
    expect((await readdir(jobs)).sort()).toEqual(
      [`${job.id}.json`, 'broken.json.unreadable'].sort(),
    );
  });

  it('survives a spooled file deleted behind its back', async () => {
    const spool = await tempDir();
    const first = await open(spool, [fakeDriver('laser', { behave: () => new Promise(() => {}) })]);
    await enqueuePdf(first, 'laser', 'blocker');
    const lost = await enqueuePdf(first, 'laser', 'lost');
    await rm(lost.file);
    const second = await open(spool, []);
    expect(second.get(lost.id)).toMatchObject({
      state: 'failed',
      reason: 'The spooled file is missing.',
    });
  });
});

describe('history and reprint', () => {
  async function printMany(service: PrintService, sizes: number[]): Promise<PrintJob[]> {
    const jobs: PrintJob[] = [];
    for (const [i, size] of sizes.entries()) {
      const data = new Uint8Array(size).fill(0x41);
      jobs.push(await service.enqueue({ printerId: 'laser', title: `j${i}`, format: 'zpl', data }));
      await service.idle();
    }
    return jobs;
  }

  it('keeps at most N finished jobs, oldest pruned with their files', async () => {
    const spool = await tempDir();
    const service = await open(spool, [fakeDriver('laser')], {
      history: { maxJobs: 3, maxBytes: 1e9 },
    });
    const jobs = await printMany(service, [10, 10, 10, 10, 10]);
    expect(service.history().map((j) => j.title)).toEqual(['j4', 'j3', 'j2']);
    expect((await readdir(path.join(spool, 'files'))).sort()).toEqual(
      jobs
        .slice(2)
        .map((j) => path.basename(j.file))
        .sort(),
    );
    expect(await readdir(path.join(spool, 'jobs'))).toHaveLength(3);
  });

  it('keeps history within a byte budget', async () => {
    const spool = await tempDir();
    const service = await open(spool, [fakeDriver('laser')], {
      history: { maxJobs: 100, maxBytes: 250 },
    });
    await printMany(service, [100, 100, 100, 100]);
    expect(service.history().map((j) => j.title)).toEqual(['j3', 'j2']);
  });

  it('reprints from history from the kept file, even after a restart', async () => {
    const spool = await tempDir();
    const first = await open(spool, [fakeDriver('zebra')]);
    const zpl = new TextEncoder().encode('^XA^FDorder 1001^FS^XZ');
    const original = await printZplAndWait(first, 'zebra', 'Order #1001', zpl, {
      source: { kind: 'order', ref: '1001' },
    });
    await first.close();

    const zebra = fakeDriver('zebra');
    const service = await open(spool, [zebra]);
    const [last] = service.history('zebra');
    expect(last?.id).toBe(original.id);
    const copy = await service.reprint(last!.id);
    await service.idle();
    expect(service.get(copy.id)).toMatchObject({
      state: 'sent',
      reprintOf: original.id,
      title: 'Order #1001 (reprint)',
      source: { kind: 'order', ref: '1001' },
    });
    expect(copy.file).not.toBe(original.file);
    expect(new Uint8Array(await readFile(copy.file))).toEqual(zpl);
    expect(zebra.calls).toEqual(['Order #1001 (reprint)']);
  });
});
