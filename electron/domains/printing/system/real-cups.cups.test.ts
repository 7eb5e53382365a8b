/**
 * The system print layer against a real CUPS: the private scheduler of scripts/with-cups.sh with
 * Packbench-PDF (CUPS-PDF) and Packbench-Zebra (raw, socket://127.0.0.1:9100). Elsewhere these
 * tests skipCups with the reason, except under PACKBENCH_REQUIRE_CUPS=1 (set by the test command),
 * where missing CUPS is a failure. They never touch the machine's own cupsd: everything goes
 * through CUPS_SERVER, which with-cups.sh points at its private socket.
 */
import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PDFDocument } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { isCupsRunning, listCupsPrinters } from './cups-printers';
import { submitToCups } from './cups-submit';
import { PrintSystemError } from './print-failure';
import { cupsPdfOutput, pageSizes } from './test-support/cups-pdf-output';
import { cupsDir, cupsTitle, noCupsReason, pdfDir, skipCups } from './test-support/private-cups';

const run = promisify(execFile);
const title = cupsTitle('real CUPS');
const ZEBRA_PORT = 9100;
// Made only when the tests run: Vitest runs no hooks for a skipped suite, so nothing would clean up.
const work = skipCups ? '' : mkdtempSync(join(tmpdir(), 'packbench-cups-test-'));

async function labelPdf(pages: number, size: [number, number]): Promise<string> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++) doc.addPage(size).drawText(`page ${i + 1}`, { x: 20, y: 20 });
  const file = join(work, `doc-${pages}-${size.join('x')}-${Date.now()}.pdf`);
  writeFileSync(file, await doc.save());
  return file;
}

/** The page sizes of what CUPS-PDF wrote for the job (Label 1 in with-cups.sh's config). */
const pdfOutputPages = (jobId: string) => cupsPdfOutput(pdfDir, jobId, pageSizes);

/** A stand-in Zebra on 127.0.0.1:9100 that keeps what each connection sent. */
async function zebraListener(): Promise<{ server: Server; received: Buffer[] }> {
  const received: Buffer[] = [];
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    const chunks: Buffer[] = [];
    socket.on('data', (c) => chunks.push(c));
    socket.on('end', () => received.push(Buffer.concat(chunks)));
  });
  server.listen(ZEBRA_PORT, '127.0.0.1');
  await once(server, 'listening');
  return { server, received };
}
const sockets = new Set<Socket>();

async function close(server: Server): Promise<void> {
  server.close();
  for (const socket of sockets) socket.destroy();
  await once(server, 'close');
}

describe(title, () => {
  afterAll(async () => {
    if (work) rmSync(work, { recursive: true, force: true });
    if (skipCups || noCupsReason) return;
    // Leave no job behind in the scheduler (a refused socket job would keep retrying).
    await run('cancel', ['-a', 'Packbench-Zebra']).catch(() => undefined);
  });

  it.skipIf(skipCups)(
    'is available (missing CUPS fails here under PACKBENCH_REQUIRE_CUPS=1)',
    () => {
      expect(noCupsReason, 'CUPS needed by PACKBENCH_REQUIRE_CUPS=1').toBe('');
    },
  );

  it.skipIf(skipCups)('lists both printers, their state and the default', async () => {
    const printers = await listCupsPrinters();
    expect(printers).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'Packbench-PDF', accepting: true, isDefault: true }),
        expect.objectContaining({ name: 'Packbench-Zebra', accepting: true, isDefault: false }),
      ]),
    );
    for (const p of printers) expect(['idle', 'printing']).toContain(p.state);
  });

  it.skipIf(skipCups)('prints a 2-page 4x6 label PDF at 288x432 pt, not on A4', async () => {
    const file = await labelPdf(2, [288, 432]);
    const { jobId } = await submitToCups({
      printer: 'Packbench-PDF',
      file,
      title: 'Order 1001 labels',
      copies: 1,
      media: 'w288h432',
    });
    expect(jobId).toMatch(/^Packbench-PDF-\d+$/);
    expect(await pdfOutputPages(jobId!)).toEqual([
      { width: 288, height: 432 },
      { width: 288, height: 432 },
    ]);
  });

  it.skipIf(skipCups)('prints documents on A4 and Letter', async () => {
    for (const [media, width, height] of [
      ['A4', 595, 842],
      ['Letter', 612, 792],
    ] as const) {
      const printed = await submitToCups({
        printer: 'Packbench-PDF',
        file: await labelPdf(1, [width, height]),
        title: `Packing slip ${media}`,
        copies: 1,
        media,
      });
      expect(await pdfOutputPages(printed.jobId!), media).toEqual([{ width, height }]);
    }
  });

  it.skipIf(skipCups)('hands a hostile job title to CUPS verbatim, running nothing', async () => {
    const marker = join(work, 'pwned');
    const hostile = `RMA "7" ; it's $(touch ${marker}) \`touch ${marker}\` & | x`;
    const { jobId } = await submitToCups({
      printer: 'Packbench-PDF',
      file: await labelPdf(1, [288, 432]),
      title: hostile,
      copies: 1,
      media: 'w288h432',
    });
    await pdfOutputPages(jobId!);
    // CUPS's page log records the job-name attribute exactly as lp sent it.
    const number = jobId!.slice(jobId!.lastIndexOf('-') + 1);
    await expect
      .poll(() => readFileSync(join(cupsDir, 'log', 'page_log'), 'utf8'), { timeout: 10_000 })
      .toContain(`Packbench-PDF root ${number} `);
    const line = readFileSync(join(cupsDir, 'log', 'page_log'), 'utf8')
      .split('\n')
      .find((l) => l.startsWith(`Packbench-PDF root ${number} `));
    expect(line).toContain(hostile);
    expect(existsSync(marker)).toBe(false);
  });

  it.skipIf(skipCups)('delivers ZPL through the raw queue byte for byte', async () => {
    const { server, received } = await zebraListener();
    try {
      const zpl = Buffer.from(
        '^XA\r\n^FO50,50^A0N,40,40^FDÄ "q" $(x) ;^FS\r\n^XZ\n\u0000\u00ff',
        'latin1',
      );
      const file = join(work, 'label.zpl');
      writeFileSync(file, zpl);
      await submitToCups({
        printer: 'Packbench-Zebra',
        file,
        title: 'Order 1002 ZPL',
        copies: 1,
        raw: true,
      });
      await expect.poll(() => received.length, { timeout: 20_000 }).toBe(1);
      expect(received[0]?.equals(zpl)).toBe(true);
    } finally {
      await close(server);
    }
  });

  it.skipIf(skipCups)(
    'shows a refused socket printer in its state, and delivers once it answers',
    async () => {
      const zpl = Buffer.from('^XA^FDretry^FS^XZ\n');
      const file = join(work, 'retry.zpl');
      writeFileSync(file, zpl);
      // lp succeeds: CUPS takes the job and its socket backend keeps trying the printer.
      const { jobId } = await submitToCups({
        printer: 'Packbench-Zebra',
        file,
        title: 'Order 1003 ZPL',
        copies: 1,
        raw: true,
      });
      let message = '';
      await expect
        .poll(
          async () => {
            const zebra = (await listCupsPrinters()).find((p) => p.name === 'Packbench-Zebra');
            message = zebra?.message ?? '';
            return zebra?.state === 'printing' && message !== '';
          },
          { timeout: 15_000, interval: 200 },
        )
        .toBe(true);
      expect(message).toMatch(/may not exist or is unavailable|connect|refused/i);
      const { server, received } = await zebraListener();
      try {
        // The backend retries on its own (every few seconds); the job then completes.
        await expect.poll(() => received.length, { timeout: 60_000, interval: 200 }).toBe(1);
        expect(received[0]?.equals(zpl)).toBe(true);
        await expect
          .poll(
            async () => (await run('lpstat', ['-W', 'completed', '-o', 'Packbench-Zebra'])).stdout,
            {
              timeout: 15_000,
            },
          )
          .toContain(jobId);
      } finally {
        await close(server);
      }
    },
    90_000,
  );

  it.skipIf(skipCups)('says CUPS is not running once a scheduler is stopped', async () => {
    // A second throw-away cupsd of our own, so stopping it cannot disturb other test files that
    // print through with-cups.sh's scheduler. Same layout as there, minus the printers.
    const root = mkdtempSync(join(tmpdir(), 'packbench-cupsd-'));
    chmodSync(root, 0o755);
    for (const d of ['etc', 'spool/tmp', 'cache', 'state', 'log'])
      mkdirSync(join(root, d), { recursive: true });
    const socket = join(root, 'cups.sock');
    writeFileSync(
      join(root, 'etc', 'cups-files.conf'),
      [
        `ServerRoot ${root}/etc`,
        `RequestRoot ${root}/spool`,
        `TempDir ${root}/spool/tmp`,
        `CacheDir ${root}/cache`,
        `StateDir ${root}/state`,
        `ErrorLog ${root}/log/error_log`,
        `AccessLog ${root}/log/access_log`,
        `PageLog ${root}/log/page_log`,
        'User lp',
        'Group lp',
        'SystemGroup root',
        '',
      ].join('\n'),
    );
    writeFileSync(
      join(root, 'etc', 'cupsd.conf'),
      `Listen ${socket}\nBrowsing No\nWebInterface No\n`,
    );
    const cupsd = spawn(
      '/usr/sbin/cupsd',
      ['-f', '-c', join(root, 'etc', 'cupsd.conf'), '-s', join(root, 'etc', 'cups-files.conf')],
      {
        stdio: 'ignore',
      },
    );
    const env = { CUPS_SERVER: socket };
    try {
      await expect.poll(() => isCupsRunning({ env }), { timeout: 10_000, interval: 50 }).toBe(true);
      expect(await listCupsPrinters({ env })).toEqual([]);
      cupsd.kill('SIGTERM');
      await once(cupsd, 'exit');
      expect(await isCupsRunning({ env })).toBe(false);

      const listing = await listCupsPrinters({ env }).catch((e: unknown) => e);
      expect(listing).toBeInstanceOf(PrintSystemError);
      expect((listing as PrintSystemError).failure).toMatchObject({
        kind: 'cups-not-running',
        message: 'The print system (CUPS) is not running.',
        transient: true,
      });
      // lp itself says "The printer or class does not exist." here; the reason must not.
      const submit = await submitToCups(
        { printer: 'Packbench-PDF', file: await labelPdf(1, [288, 432]), title: 't', copies: 1 },
        { env },
      ).catch((e: unknown) => e);
      expect((submit as PrintSystemError).failure).toMatchObject({
        kind: 'cups-not-running',
        message: 'The print system (CUPS) is not running.',
      });
    } finally {
      if (cupsd.exitCode === null) cupsd.kill('SIGKILL');
      rmSync(root, { recursive: true, force: true });
    }
  });

  it.skipIf(skipCups)('names a missing printer and a printer that rejects jobs', async () => {
    const file = await labelPdf(1, [288, 432]);
    const missing = await submitToCups({ printer: 'Zebra-2', file, title: 't', copies: 1 }).catch(
      (e: unknown) => e,
    );
    expect((missing as PrintSystemError).failure).toMatchObject({
      kind: 'printer-missing',
      message: '“Zebra-2” does not exist on this computer.',
    });
    await run('cupsreject', ['Packbench-Zebra']);
    try {
      const printers = await listCupsPrinters();
      expect(printers.find((p) => p.name === 'Packbench-Zebra')?.accepting).toBe(false);
      const refused = await submitToCups({
        printer: 'Packbench-Zebra',
        file,
        title: 't',
        copies: 1,
        raw: true,
      }).catch((e: unknown) => e);
      expect((refused as PrintSystemError).failure).toMatchObject({
        kind: 'printer-not-accepting',
        message: 'Packbench-Zebra is not accepting jobs.',
      });
    } finally {
      await run('cupsaccept', ['Packbench-Zebra']);
    }
  });
});
