/**
 * A network label printer that misbehaves, for real over loopback TCP, through the print
 * queue exactly as the console sends labels. In every case where the label reached the printer
 * it is printed exactly once: nothing retries it on its own, the job says what happened, and a
 * second copy only comes from a person's "print again", marked as a reprint.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { PrintService } from '../queue/print-service';
import { printZplAndWait } from '../queue/test-support/print-zpl';
import { FaultPrinter, type PrinterFault } from '../system/test-support/fault-printer';
import { createRawSocketDriver } from './raw-socket-driver';

const work = mkdtempSync(join(tmpdir(), 'packbench-raw-faults-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const MARK = '^FDORDER #10983^FS^XZ';
const ZPL = Buffer.from(`^XA^FO50,50^A0N,40,40${MARK}\n`, 'latin1');
/** Three tries, as shipped: a label sent again on its own would show up here as a second copy. */
const retry = { maxAttempts: 3, delayMs: () => 20 };

const open: { service: PrintService; printer: FaultPrinter }[] = [];
afterEach(async () => {
  for (const { service, printer } of open.splice(0)) {
    await service.close();
    await printer.stop();
  }
});

async function printOnce(fault: PrinterFault) {
  const printer = await new FaultPrinter(fault, { slowMs: 300 }).start();
  const driver = createRawSocketDriver({
    host: '127.0.0.1',
    port: printer.port,
    id: 'zebra',
    displayName: 'Dock Zebra',
    // Short enough for a test; the wait a held-open connection gets before it is closed.
    timeoutMs: 1500,
  });
  const service = await PrintService.open(join(work, `spool-${fault}`), [driver], {
    retry,
    onProblem: () => {},
  });
  open.push({ service, printer });
  const queued = await printZplAndWait(service, 'zebra', '#10983', ZPL);
  return { service, printer, job: service.get(queued.id)! };
}

describe('a misbehaving network label printer', () => {
  it('well-behaved: sent, one label', async () => {
    const { job, printer } = await printOnce('none');
    expect(job).toMatchObject({ state: 'sent', attempts: 1 });
    expect(printer.count(MARK)).toBe(1);
  });

  it('slow to start reading: sent, one label', async () => {
    const { job, printer } = await printOnce('accepts-slowly');
    expect(job).toMatchObject({ state: 'sent', attempts: 1 });
    expect(printer.count(MARK)).toBe(1);
  });

  for (const [fault, said] of [
    ['holds-open', /took the whole label but kept the connection open for 1\.5 s/],
    ['resets-after-receiving', /^Cut off after \d+ of \d+ bytes — may be incomplete/],
  ] as const) {
    it(`${fault}: one label, "may have printed", never sent again on its own`, async () => {
      const { service, job, printer } = await printOnce(fault);
      expect(job).toMatchObject({ state: 'may-have-printed', attempts: 1 });
      expect(job.reason).toMatch(said);
      expect(printer.count(MARK)).toBe(1);
      expect(printer.connections).toBe(1);
      // No Retry for it: only the person's decision.
      await expect(service.retry(job.id)).rejects.toThrow(/may-have-printed print job cannot/);

      // The person checks the printer and asks for it again: one more, marked as a reprint.
      const reprint = await service.resolveMayHavePrinted(job.id, 'reprint');
      await service.idle();
      expect(service.get(reprint.id)).toMatchObject({
        reprintOf: job.id,
        title: '#10983 (reprint)',
      });
      expect(service.get(job.id)).toMatchObject({ state: 'cancelled', resolution: 'reprinted' });
      expect(printer.count(MARK)).toBe(2);
      await expect(service.resolveMayHavePrinted(job.id, 'reprint')).rejects.toThrow(
        /cancelled print job cannot be resolved/,
      );
    });
  }

  it('closes at once: "received nothing — not printed", failed, Retry allowed', async () => {
    const { service, job, printer } = await printOnce('closes-at-once');
    expect(job.state).toBe('failed');
    expect(job.reason).toBe(
      `The printer at 127.0.0.1:${printer.port} received nothing — not printed (it closed the connection before the label was sent).`,
    );
    expect(printer.count(MARK)).toBe(0);
    expect(['queued', 'sending']).toContain((await service.retry(job.id)).state);
  });

  it('resets after 20 bytes: no label, and the job never says it printed', async () => {
    const { job, printer } = await printOnce('resets-part-way');
    expect(job).toMatchObject({ state: 'may-have-printed', attempts: 1 });
    expect(job.reason).toMatch(/^Cut off after \d+ of \d+ bytes — may be incomplete/);
    expect(job.reason).not.toMatch(/most likely printed/);
    expect(printer.count(MARK)).toBe(0);
  });

  it('refuses the connection: nothing received, failed with a retriable reason', async () => {
    const { service, job, printer } = await printOnce('refuses');
    expect(job).toMatchObject({ state: 'failed', attempts: retry.maxAttempts });
    expect(job.reason).toBe(
      `No printer answers at 127.0.0.1:${printer.port} (connection refused).`,
    );
    expect(printer.count(MARK)).toBe(0);
    // Nothing can be on paper, so Retry is offered and allowed.
    expect(['queued', 'sending']).toContain((await service.retry(job.id)).state);
  });
});
