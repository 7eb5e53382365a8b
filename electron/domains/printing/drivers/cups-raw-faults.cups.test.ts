/**
 * The same misbehaving label printers behind a real CUPS raw queue (socket://), inside the
 * private scheduler of scripts/with-cups.sh. Here lp's exit status is the line: 0 means CUPS
 * has the job, so the queue records it as sent and never submits it again, and CUPS's own
 * socket backend delivers it once, whatever the printer does after reading. A label lp may
 * have handed over before it was cut off is "may have printed", not retried.
 */
import { execFile } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { PrintService } from '../queue/print-service';
import { printZplAndWait } from '../queue/test-support/print-zpl';
import { listCupsPrinters } from '../system/cups-printers';
import { FaultPrinter, type PrinterFault } from '../system/test-support/fault-printer';
import { createCupsDriver } from './cups-driver';

const run = promisify(execFile);
const required = process.env.PACKBENCH_REQUIRE_CUPS === '1';
const inCups = process.env.PACKBENCH_TEST_CUPS === '1' && Boolean(process.env.CUPS_SERVER);
const skip = !inCups && !required;
const work = mkdtempSync(join(tmpdir(), 'packbench-cups-faults-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const MARK = '^FDORDER #10984^FS^XZ';
const ZPL = Buffer.from(`^XA^FO50,50^A0N,40,40${MARK}\n`, 'latin1');
const retry = { maxAttempts: 3, delayMs: () => 20 };

const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const undo of cleanup.splice(0).reverse()) await undo().catch(() => undefined);
});

/** A raw queue of our own on the private scheduler, feeding a misbehaving printer. */
async function rawQueue(fault: PrinterFault) {
  const printer = await new FaultPrinter(fault, { slowMs: 300 }).start();
  const queue = `Faults-${fault}-${process.pid}`;
  await run('lpadmin', ['-p', queue, '-E', '-v', `socket://127.0.0.1:${printer.port}`]);
  cleanup.push(
    () => printer.stop(),
    () => run('lpadmin', ['-x', queue]),
    () => run('cancel', ['-a', queue]),
  );
  return { printer, queue };
}

async function printThroughQueue(queue: string, spool: string, cups = {}) {
  const driver = createCupsDriver({ printer: queue, raw: true, id: 'zebra', cups });
  const service = await PrintService.open(join(work, spool), [driver], {
    retry,
    onProblem: () => {},
  });
  cleanup.push(() => service.close());
  const queued = await printZplAndWait(service, 'zebra', '#10984', ZPL);
  return { service, job: service.get(queued.id)! };
}

/** CUPS's own view of its job: done, or still waiting for the printer. */
async function cupsJobs(queue: string, which: 'completed' | 'not-completed'): Promise<string> {
  return (await run('lpstat', ['-W', which, '-o', queue], { env: { ...process.env, LANG: 'C' } }))
    .stdout;
}

describe(
  skip
    ? 'CUPS raw queue, misbehaving printer (skipped: not inside with-cups.sh)'
    : 'CUPS raw queue, misbehaving printer',
  () => {
    for (const fault of ['none', 'accepts-slowly', 'resets-after-receiving'] as const) {
      it.skipIf(skip)(`${fault}: submitted once, delivered once`, async () => {
        const { printer, queue } = await rawQueue(fault);
        const { job } = await printThroughQueue(queue, `spool-${fault}`);
        expect(job).toMatchObject({ state: 'sent', attempts: 1 });
        expect(job.externalId).toMatch(new RegExp(`^${queue}-\\d+$`));
        await expect
          .poll(() => cupsJobs(queue, 'completed'), { timeout: 30_000, interval: 200 })
          .toContain(job.externalId);
        expect(printer.count(MARK)).toBe(1);
        expect(printer.connections).toBe(1);
      });
    }

    it.skipIf(skip)('holds-open: CUPS waits for the printer and never sends it again', async () => {
      const { printer, queue } = await rawQueue('holds-open');
      const { job } = await printThroughQueue(queue, 'spool-holds-open');
      expect(job).toMatchObject({ state: 'sent', attempts: 1 });
      // The backend has sent everything and now waits for the printer to close.
      await expect
        .poll(
          async () => {
            const zebra = (await listCupsPrinters()).find((p) => p.name === queue);
            return `${printer.count(MARK)} ${zebra?.message ?? ''}`;
          },
          { timeout: 30_000, interval: 200 },
        )
        .toMatch(/^1 Waiting for printer to finish/);
      expect(printer.connections).toBe(1);
      expect(await cupsJobs(queue, 'not-completed')).toContain(job.externalId);
    });

    it.skipIf(skip)(
      'refuses: CUPS has the job (sent) and delivers it once the printer answers',
      async () => {
        const { printer, queue } = await rawQueue('refuses');
        const { job } = await printThroughQueue(queue, 'spool-refuses');
        expect(job).toMatchObject({ state: 'sent', attempts: 1 });
        const back = await new FaultPrinter('none', { port: printer.port }).start();
        cleanup.push(() => back.stop());
        await expect.poll(() => back.count(MARK), { timeout: 60_000, interval: 200 }).toBe(1);
        await expect
          .poll(() => cupsJobs(queue, 'completed'), { timeout: 30_000, interval: 200 })
          .toContain(job.externalId);
        expect(back.count(MARK)).toBe(1);
      },
    );

    it.skipIf(skip)(
      'an lp cut off mid-submit: "may have printed", not submitted again',
      async () => {
        const { printer, queue } = await rawQueue('none');
        // lp submits the job, then hangs before answering (as a stuck scheduler connection would).
        const bin = join(work, 'hanging-lp');
        mkdirSync(bin, { recursive: true });
        const realLp = (await run('sh', ['-c', 'command -v lp'])).stdout.trim();
        writeFileSync(
          join(bin, 'lp'),
          `#!/bin/sh\n${JSON.stringify(realLp)} "$@" >/dev/null || exit $?\nexec sleep 60\n`,
        );
        chmodSync(join(bin, 'lp'), 0o755);
        const { job } = await printThroughQueue(queue, 'spool-hanging-lp', {
          env: { PATH: `${bin}:${process.env.PATH}` },
          timeoutMs: 2000,
        });
        expect(job).toMatchObject({ state: 'may-have-printed', attempts: 1 });
        expect(job.reason).toMatch(/CUPS may have it/);
        await expect.poll(() => printer.count(MARK), { timeout: 30_000, interval: 200 }).toBe(1);
        expect(printer.connections).toBe(1);
      },
    );
  },
);
