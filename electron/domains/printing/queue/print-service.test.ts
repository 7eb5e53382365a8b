import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { eventLoopTurns } from '../../../../sandbox/test/support/event-loop-turns';
import { JobStore } from './job-store.js';
import { enqueuePdf, servicesClosedAfterEach } from './test-services.js';
import { printZplAndWait } from './test-support/print-zpl';
import { fakeDriver, pdfBytes, readRecordState, tempDir } from './test-support.js';
import { PrintFailure } from './types.js';

/**
 * Counting the pages of a document saying "slow count" (a big label PDF on a busy machine)
 * finishes only once every other document has been counted and had its turns: a queue that
 * did not hold the jobs behind it would have sent them by then. No clock decides.
 */
const counting = vi.hoisted(() => ({ others: [] as Promise<unknown>[] }));
vi.mock('../documents/pdf-media.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../documents/pdf-media.js')>();
  const { eventLoopTurns } = await import('../../../../sandbox/test/support/event-loop-turns');
  return {
    ...actual,
    inspectPdf: async (...args: Parameters<typeof actual.inspectPdf>) => {
      if (new TextDecoder().decode(args[0]).includes('slow count')) {
        await eventLoopTurns(1);
        await Promise.allSettled(counting.others);
        await eventLoopTurns(20);
      } else {
        const counted = actual.inspectPdf(...args);
        counting.others.push(counted);
        return counted;
      }
      return actual.inspectPdf(...args);
    },
  };
});

const open = servicesClosedAfterEach();

/** Resolves after `ms`: a guard that runs out only when the code under test is wrong. */
function hangGuard(ms: number): Promise<void> {
  return new Promise((done) => setTimeout(done, ms).unref());
}

describe('PrintService queue', () => {
  it('prints one job at a time per printer, in the order asked', async () => {
    const spool = await tempDir();
    // Each send takes a few turns: a queue sending two at once would overlap them.
    const laser = fakeDriver('laser', { behave: () => eventLoopTurns(3) });
    const zebra = fakeDriver('zebra', { behave: () => eventLoopTurns(3) });
    const service = await open(spool, [laser, zebra]);
    const titles = Array.from({ length: 8 }, (_, i) => `job ${i + 1}`);
    // Asked without awaiting each one: order must still be the order of the calls.
    await Promise.all(titles.map((t, i) => enqueuePdf(service, i % 2 ? 'zebra' : 'laser', t)));
    await service.idle();
    expect(laser.calls).toEqual(titles.filter((_, i) => i % 2 === 0));
    expect(zebra.calls).toEqual(titles.filter((_, i) => i % 2 === 1));
    expect(laser.maxConcurrent).toBe(1);
    expect(zebra.maxConcurrent).toBe(1);
    expect(service.list().every((j) => j.state === 'sent' && j.attempts === 1)).toBe(true);
  });

  it('writes jobs to disk side by side, and queues them in the order asked', async () => {
    const spool = await tempDir();
    const printer = fakeDriver('laser', { behave: () => eventLoopTurns(1) });
    const service = await open(spool, [printer]);
    // The label's file takes longer to write than the slip's (a big PDF, a busy disk).
    const spoolFile = JobStore.prototype.spoolFile;
    const written: string[] = [];
    let wroteSlip = () => {};
    const slipWritten = new Promise<void>((done) => {
      wroteSlip = done;
    });
    const slow = vi.spyOn(JobStore.prototype, 'spoolFile').mockImplementation(async function (
      this: JobStore,
      id,
      format,
      data,
    ) {
      const title = new TextDecoder().decode(data as Uint8Array);
      // The label's write ends after the slip's. Where writes wait for each other the slip's
      // never comes: a guard lets the label go after 10 s and the order below tells. (It was
      // 200 event-loop turns, which a slow disk in a loaded clean-clone run outlasted.)
      if (title.includes('label')) await Promise.race([slipWritten, hangGuard(10_000)]);
      const result = await spoolFile.call(this, id, format, data);
      written.push(title.includes('label') ? 'label' : 'slip');
      if (!title.includes('label')) wroteSlip();
      return result;
    });
    try {
      const [label, slip] = await Promise.all([
        enqueuePdf(service, 'laser', 'label'),
        enqueuePdf(service, 'laser', 'slip'),
      ]);
      // The slip did not wait for the label's write...
      expect(written).toEqual(['slip', 'label']);
      // ...but it is queued after it, and the printer gets the label first.
      expect(label.seq).toBeLessThan(slip.seq);
      await service.idle();
      expect(printer.calls).toEqual(['label', 'slip']);
    } finally {
      slow.mockRestore();
    }
  });

  it('a job still being counted holds the jobs after it on its printer', async () => {
    const spool = await tempDir();
    const printer = fakeDriver('laser', { behave: () => eventLoopTurns(1) });
    const service = await open(spool, [printer]);
    await Promise.all([
      enqueuePdf(service, 'laser', 'label (slow count)'),
      enqueuePdf(service, 'laser', 'slip'),
    ]);
    await service.idle();
    expect(printer.calls).toEqual(['label (slow count)', 'slip']);
  });

  it('writes "sending" to disk before calling the driver', async () => {
    const spool = await tempDir();
    const seen: string[] = [];
    const driver = fakeDriver('laser', {
      behave: async (job) => void seen.push(await readRecordState(spool, job.id)),
    });
    const service = await open(spool, [driver]);
    const job = await enqueuePdf(service, 'laser', 'slip');
    await service.idle();
    expect(seen).toEqual(['sending']);
    expect(await readRecordState(spool, job.id)).toBe('sent');
  });

  it('reports every state change to listeners', async () => {
    const spool = await tempDir();
    const service = await open(spool, [fakeDriver('laser')]);
    const states: string[] = [];
    service.onChange((job, change) => states.push(`${job.title}:${job.state}:${change}`));
    await enqueuePdf(service, 'laser', 'a');
    await service.idle();
    // The second change: its pages counted (a PDF is not sent before that).
    expect(states).toEqual([
      'a:queued:changed',
      'a:queued:changed',
      'a:sending:changed',
      'a:sent:changed',
    ]);
  });

  it('retries a transient failure with back-off, then sends', async () => {
    const spool = await tempDir();
    let calls = 0;
    const delays: number[] = [];
    const driver = fakeDriver('zebra', {
      behave: () => {
        if (++calls < 3) throw new PrintFailure('no answer from 10.0.0.7:9100', true);
      },
    });
    const service = await open(spool, [driver], {
      retry: {
        maxAttempts: 3,
        delayMs: (n: number) => {
          delays.push(n);
          return 5 * 2 ** n;
        },
      },
    });
    const job = await enqueuePdf(service, 'zebra', 'label');
    await service.idle();
    expect(service.get(job.id)).toMatchObject({ state: 'sent', attempts: 3 });
    expect(service.get(job.id)?.reason).toBeUndefined();
    expect(delays).toEqual([1, 2]);
  });

  it('fails after the last transient try, with the reason, and moves on', async () => {
    const spool = await tempDir();
    const driver = fakeDriver('zebra', {
      behave: (job) => {
        if (job.title === 'bad') throw new PrintFailure('no answer from 10.0.0.7:9100', true);
      },
    });
    const service = await open(spool, [driver]);
    const bad = await enqueuePdf(service, 'zebra', 'bad');
    await enqueuePdf(service, 'zebra', 'good');
    await service.idle();
    expect(service.get(bad.id)).toMatchObject({
      state: 'failed',
      attempts: 3,
      reason: 'no answer from 10.0.0.7:9100',
    });
    expect(driver.calls).toEqual(['bad', 'bad', 'bad', 'good']);
  });

  it('cancelling a job waiting to retry lets the next one go at once', async () => {
    const spool = await tempDir();
    const driver = fakeDriver('zebra', {
      behave: (job) => {
        if (job.title === 'stuck') throw new PrintFailure('no answer from 10.0.0.7:9100', true);
      },
    });
    const service = await open(spool, [driver], {
      retry: { maxAttempts: 3, delayMs: () => 60_000 },
    });
    const stuck = await enqueuePdf(service, 'zebra', 'stuck');
    await enqueuePdf(service, 'zebra', 'next');
    await vi.waitFor(() => expect(service.get(stuck.id)?.reason).toMatch(/try 1 of 3, retrying/));
    expect(service.get(stuck.id)?.state).toBe('queued');
    await service.cancel(stuck.id);
    await vi.waitFor(() => expect(driver.done).toEqual(['next']), { timeout: 2000 });
    expect(driver.calls).toEqual(['stuck', 'next']);
  });

  it('fails a permanent failure at once; a manual retry then succeeds', async () => {
    const spool = await tempDir();
    let accepting = false;
    const driver = fakeDriver('laser', {
      behave: () => {
        if (!accepting) throw new PrintFailure('Office-Laser is not accepting jobs', false);
      },
    });
    const service = await open(spool, [driver]);
    const job = await enqueuePdf(service, 'laser', 'invoice');
    await service.idle();
    expect(service.get(job.id)).toMatchObject({
      state: 'failed',
      attempts: 1,
      reason: 'Office-Laser is not accepting jobs',
    });
    accepting = true;
    await service.retry(job.id);
    await service.idle();
    expect(service.get(job.id)).toMatchObject({ state: 'sent', attempts: 1 });
    await expect(service.retry(job.id)).rejects.toThrow('A sent print job cannot be retried.');
  });

  it('reports an unexpected driver error by its message without retrying', async () => {
    const spool = await tempDir();
    const driver = fakeDriver('laser', {
      behave: () => {
        throw new Error('spawn lp ENOENT');
      },
    });
    const service = await open(spool, [driver]);
    const job = await enqueuePdf(service, 'laser', 'x');
    await service.idle();
    expect(service.get(job.id)).toMatchObject({
      state: 'failed',
      reason: 'laser: spawn lp ENOENT',
    });
  });

  it('cancels queued and failed jobs, but not one being sent', async () => {
    const spool = await tempDir();
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const driver = fakeDriver('laser', {
      behave: async (job) => {
        if (job.title === 'first') await gate;
        if (job.title === 'broken') throw new PrintFailure('out of paper', false);
      },
    });
    const service = await open(spool, [driver]);
    const first = await enqueuePdf(service, 'laser', 'first');
    const second = await enqueuePdf(service, 'laser', 'second');
    const broken = await enqueuePdf(service, 'laser', 'broken');
    await vi.waitFor(() => expect(service.get(first.id)?.state).toBe('sending'));
    await expect(service.cancel(first.id)).rejects.toThrow(
      'A sending print job cannot be cancelled.',
    );
    expect((await service.cancel(second.id)).state).toBe('cancelled');
    release();
    await service.idle();
    expect(driver.calls).toEqual(['first', 'broken']);
    expect((await service.cancel(broken.id)).state).toBe('cancelled');
    expect(service.get(second.id)?.state).toBe('cancelled');
  });

  it('refuses ZPL for a PDF-only printer before spooling anything', async () => {
    const spool = await tempDir();
    const laser = fakeDriver('Office-Laser', { formats: ['pdf'] });
    const zebra = fakeDriver('Zebra-2', { formats: ['zpl'], kind: 'raw9100' });
    const service = await open(spool, [laser, zebra]);
    const zpl = new TextEncoder().encode('^XA^FDhello^FS^XZ');
    await expect(
      service.enqueue({ printerId: 'Office-Laser', title: 'l', format: 'zpl', data: zpl }),
    ).rejects.toThrow(
      'Zebra labels (ZPL) can only go to a label printer, not to PDF printer Office-Laser.',
    );
    await expect(enqueuePdf(service, 'Zebra-2', 'slip')).rejects.toThrow(/only takes ZPL/);
    await expect(enqueuePdf(service, 'nope', 'slip')).rejects.toThrow('no printer called nope');
    expect(await readdir(path.join(spool, 'files'))).toEqual([]);
    expect(service.list()).toEqual([]);
    // The label printer gets the ZPL byte for byte.
    const job = await printZplAndWait(service, 'Zebra-2', 'l', zpl);
    expect(new Uint8Array(await readFile(job.file))).toEqual(zpl);
    expect(laser.calls).toEqual([]);
  });

  it('counts a PDF’s pages before sending it; one with none is failed, never sent', async () => {
    const spool = await tempDir();
    const laser = fakeDriver('laser');
    const service = await open(spool, [laser]);
    /** A PDF of `pages` pages for a batch that expects `expected`. */
    const labels = (title: string, pages: number, expected: number) =>
      service.enqueue({
        printerId: 'laser',
        title,
        format: 'pdf',
        data: pdfBytes('labels', pages),
        pages: { expected },
      });
    const three = await labels('3 labels: #1 … #3', 3, 3);
    const empty = await labels('2 labels: #4 … #5', 0, 2);
    await service.idle();
    expect(service.get(three.id)).toMatchObject({
      state: 'sent',
      pages: { expected: 3, received: 3 },
    });
    expect(service.get(empty.id)).toMatchObject({
      state: 'failed',
      pages: { expected: 2, received: 0 },
      reason: '“2 labels: #4 … #5” has no pages; nothing was sent to a printer.',
    });
    expect(laser.calls).toEqual(['3 labels: #1 … #3']);
    await expect(service.retry(empty.id)).rejects.toThrow(
      /has no pages: there is nothing to print/,
    );
  });

  it('keeps queued jobs across a restart and sends them when the printer appears', async () => {
    const spool = await tempDir();
    const hanging = fakeDriver('laser', { behave: () => new Promise(() => {}) });
    const first = await open(spool, [hanging]);
    await enqueuePdf(first, 'laser', 'blocker');
    await vi.waitFor(() => expect(hanging.calls).toEqual(['blocker']));
    await enqueuePdf(first, 'laser', 'a');
    await enqueuePdf(first, 'laser', 'b');
    // Reopen with no printers at all: nothing is sent and nothing is lost.
    const second = await open(spool, []);
    expect(second.list().map((j) => `${j.title}:${j.state}`)).toEqual([
      'blocker:may-have-printed',
      'a:queued',
      'b:queued',
    ]);
    const laser = fakeDriver('laser');
    second.addDriver(laser);
    await second.idle();
    expect(laser.calls).toEqual(['a', 'b']);
  });
});
