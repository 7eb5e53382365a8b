/**
 * The print service driving real printers: a network label printer (a TCP listener on
 * loopback standing in for a Zebra) and, inside `npm test`'s private CUPS, the CUPS-PDF
 * printer. Jobs go through the persistent queue exactly as the console will send them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { PrintService } from '../queue/print-service';
import { pdfBytes } from '../queue/test-support';
import { printZplAndWait } from '../queue/test-support/print-zpl';
import { cupsPdfOutput, pageSizes } from '../system/test-support/cups-pdf-output';
import { createCupsDriver, cupsMedia } from './cups-driver';
import { createRawSocketDriver } from './raw-socket-driver';

const work = mkdtempSync(join(tmpdir(), 'packbench-drivers-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const fast = { retry: { maxAttempts: 2, delayMs: () => 20 } };
const ZPL = Buffer.from(
  '^XA^CI28^FO50,50^A0N,40,40^FDÅrhus ^FH\\5E^FS^BCN,100,Y,N,N^FD1Z999AA1^FS^XZ',
  'utf8',
);

async function listen(port = 0): Promise<{ server: Server; port: number; received: Buffer[] }> {
  const received: Buffer[] = [];
  const server = createServer((socket) => {
    const chunks: Buffer[] = [];
    socket.on('data', (c) => chunks.push(c));
    socket.on('end', () => {
      received.push(Buffer.concat(chunks));
      socket.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address();
  return { server, port: typeof address === 'object' && address ? address.port : port, received };
}
const close = (server: Server) => new Promise((resolve) => server.close(resolve));

describe('network label printer (raw TCP)', () => {
  it('delivers ZPL byte for byte, once per copy, and refuses PDFs', async () => {
    const printer = await listen();
    const driver = createRawSocketDriver({ host: '127.0.0.1', port: printer.port, id: 'zebra' });
    const service = await PrintService.open(join(work, 'spool-raw'), [driver], fast);
    try {
      const job = await printZplAndWait(service, 'zebra', 'Order #1042', ZPL, { copies: 2 });
      expect(service.get(job.id)?.state).toBe('sent');
      expect(printer.received).toHaveLength(1);
      expect(printer.received[0]).toEqual(Buffer.concat([ZPL, ZPL]));
      await expect(
        service.enqueue({
          printerId: 'zebra',
          title: 'Slip',
          format: 'pdf',
          data: Buffer.from('%PDF-1.7'),
        }),
      ).rejects.toThrow();
    } finally {
      await service.close();
      await close(printer.server);
    }
  });

  it('fails with a clear reason when the printer is off, and a retry succeeds once it is back', async () => {
    const probe = await listen();
    const port = probe.port;
    await close(probe.server); // now nothing listens there
    const driver = createRawSocketDriver({ host: '127.0.0.1', port, id: 'zebra', timeoutMs: 2000 });
    const service = await PrintService.open(join(work, 'spool-off'), [driver], fast);
    try {
      const job = await printZplAndWait(service, 'zebra', 'Order #7', ZPL);
      const failed = service.get(job.id);
      expect(failed?.state).toBe('failed');
      expect(failed?.reason).toMatch(new RegExp(`127\\.0\\.0\\.1:${port}`));
      expect(failed?.attempts).toBe(2);
      const printer = await listen(port);
      try {
        await service.retry(job.id);
        await service.idle();
        expect(printer.received).toEqual([ZPL]);
        expect(service.list().filter((j) => j.state === 'sent')).toHaveLength(1);
      } finally {
        await close(printer.server);
      }
    } finally {
      await service.close();
    }
  });

  it('maps the queue’s media names to lp’s', () => {
    expect(cupsMedia('4x6in')).toBe('w288h432');
    expect(cupsMedia('A4')).toBe('A4');
    expect(cupsMedia('letter')).toBe('Letter');
    expect(cupsMedia('default')).toBeUndefined();
  });
});

const required = process.env.PACKBENCH_REQUIRE_CUPS === '1';
const pdfDir = process.env.PACKBENCH_CUPS_PDF_DIR ?? '';
const inCups =
  process.env.PACKBENCH_TEST_CUPS === '1' && Boolean(process.env.CUPS_SERVER) && pdfDir !== '';
const skip = !inCups && !required;

/**
 * One PDF job through a print service whose only printer is the CUPS queue `printer` (spooled
 * under `spool`), the queue left to finish: the job as it ended, the service closed.
 */
async function printPdfOnCups(
  printer: string,
  spool: string,
  request: { title: string; data: Uint8Array; media?: string },
) {
  const driver = createCupsDriver({ printer, id: 'cups' });
  const service = await PrintService.open(join(work, spool), [driver], fast);
  try {
    const job = await service.enqueue({ printerId: 'cups', format: 'pdf', ...request });
    await service.idle();
    return service.get(job.id);
  } finally {
    await service.close();
  }
}

describe(
  skip
    ? 'CUPS printers (skipped: not inside scripts/with-cups.sh, which npm test uses)'
    : 'CUPS printers',
  () => {
    it.skipIf(skip)(
      'prints a 4x6 label through the queue to the CUPS PDF printer at 288x432 pt',
      async () => {
        expect(inCups, 'npm test runs this inside a private CUPS (PACKBENCH_REQUIRE_CUPS=1)').toBe(
          true,
        );
        const doc = await PDFDocument.create();
        doc.addPage([288, 432]).drawText('Order #5150', { x: 20, y: 400 });
        const sent = await printPdfOnCups('Packbench-PDF', 'spool-cups', {
          title: 'Label order 5150',
          data: await doc.save(),
          media: '4x6in',
        });
        expect(sent?.state).toBe('sent');
        const pages = await cupsPdfOutput(pdfDir, sent?.externalId ?? '', pageSizes);
        expect(pages.map((p) => [Math.round(p.width), Math.round(p.height)])).toEqual([[288, 432]]);
      },
    );

    it.skipIf(skip)(
      'fails at once, without retrying, for a printer that does not exist',
      async () => {
        const failed = await printPdfOnCups('No-Such-Printer', 'spool-ghost', {
          title: 'x',
          data: pdfBytes('ghost'),
        });
        expect(failed?.state).toBe('failed');
        expect(failed?.reason).toMatch(/No-Such-Printer.*does not exist/);
        expect(failed?.attempts).toBe(1);
      },
    );
  },
);
