/**
 * Printing as the console does it, end to end with real parts: the bridge's printing methods,
 * the sandbox over HTTP, the private CUPS of scripts/with-cups.sh (CUPS-PDF and raw queues of
 * our own), and loopback listeners standing in for network label printers. Outside the test
 * command these skipCups with the reason; under PACKBENCH_REQUIRE_CUPS=1 missing CUPS fails.
 */
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Api } from '@shared/contract/values';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { squash } from '../../../../sandbox/test/support/pdf-text';
import {
  addRawQueue,
  cupsPdfPages,
  jobReaches,
  LabelPrinter,
  openRig,
  type Rig,
  removeQueue,
} from '../../../test-support/printing-rig';
import { cupsTitle, noCupsReason, pdfDir, skipCups } from '../system/test-support/private-cups';

const PDF = 'cups:Packbench-PDF';
// Queue names of our own on the private scheduler; the second is hostile on purpose.
const RAW_QUEUE = `E2E-Zebra-${process.pid}`;
// biome-ignore lint/suspicious/noTemplateCurlyInString: a literal ${IFS} is the attack.
const HOSTILE_QUEUE = `E2E;$(touch${'${IFS}'}pwned)&&x>y-${process.pid}`;

let rig: Rig;
const zebra = new LabelPrinter();
const hostileZebra = new LabelPrinter();

describe(cupsTitle('printing through the bridge'), () => {
  beforeAll(async () => {
    if (skipCups) return;
    expect(noCupsReason, 'CUPS needed by PACKBENCH_REQUIRE_CUPS=1').toBe('');
    await zebra.start();
    await hostileZebra.start();
    await addRawQueue(RAW_QUEUE, zebra.port);
    await addRawQueue(HOSTILE_QUEUE, hostileZebra.port);
    rig = await openRig({ printing: { chunkSize: 3 } });
  });

  afterAll(async () => {
    if (skipCups) return;
    await rig?.bridge.close();
    await removeQueue(RAW_QUEUE);
    await removeQueue(HOSTILE_QUEUE);
    await zebra.stop();
    await hostileZebra.stop();
    if (rig) rmSync(rig.dir, { recursive: true, force: true });
  });

  it.skipIf(skipCups)(
    'lists the CUPS printers with what they take, and Save to folder',
    async () => {
      const { printers, problem } = await rig.call('printersList', { refresh: true });
      expect(problem).toBeNull();
      const byId = new Map(printers.map((p) => [p.id, p]));
      expect(byId.get('save-to-folder')).toMatchObject({ kind: 'folder', accepts: ['pdf', 'zpl'] });
      expect(byId.get(PDF)).toMatchObject({ kind: 'cups', accepts: ['pdf'], isDefault: true });
      expect(byId.get(`cups:${RAW_QUEUE}`)).toMatchObject({ accepts: ['zpl'], accepting: true });
    },
  );

  it.skipIf(skipCups)(
    'prints a batch of labels as 4x6 pages, one per shipment, in the selected order',
    async () => {
      const page = await rig.call('ordersList', { filters: { stage: 'labels' }, pageSize: 30 });
      const withLabels = page.results
        .map((o) => ({ id: o.id, tracking: liveTracking(o) }))
        .filter((o) => o.tracking.length > 0)
        .slice(0, 5)
        .reverse(); // not id order: the person's order
      expect(withLabels.length).toBe(5);
      await rig.call('settingsUpdate', {
        patch: { printing: { routes: { shipping_label: { printerId: PDF } } } },
      });
      const outcome = await rig.call('printOrderLabels', {
        orderIds: withLabels.map((o) => o.id),
        operationId: 'e2e-labels-batch',
      });
      expect(outcome.skipped).toEqual([]);
      expect(outcome.jobs).toHaveLength(2); // chunks of 3
      const pages = [];
      for (const job of outcome.jobs) {
        const sent = await jobReaches(rig, job.id, ['sent', 'failed']);
        expect(sent.state).toBe('sent');
        expect(sent.media).toBe('4x6in');
        pages.push(...(await cupsPdfPages(pdfDir, sent.externalId!)));
      }
      const expected = withLabels.flatMap((o) => o.tracking);
      expect(pages).toHaveLength(expected.length);
      for (const [i, p] of pages.entries()) {
        expect({ width: p.width, height: p.height }).toEqual({ width: 288, height: 432 });
        expect(squash(p.text)).toContain(expected[i]);
      }
    },
  );

  it.skipIf(skipCups)('prints packing slips on Letter for the US and A4 elsewhere', async () => {
    const all = await rig.call('ordersList', { pageSize: 500 });
    const usOrder = all.results.find((o) => o.country === 'US');
    const deOrder = all.results.find((o) => !['US', 'CA', 'MX', 'PH'].includes(o.country));
    expect(usOrder && deOrder).toBeTruthy();
    await rig.call('settingsUpdate', {
      patch: { printing: { routes: { packing_slip: { printerId: PDF } } } },
    });
    const outcome = await rig.call('printOrderDocuments', {
      orderIds: [usOrder!.id],
      kinds: ['packing_slip'],
    });
    const other = await rig.call('printOrderDocuments', {
      orderIds: [deOrder!.id],
      kinds: ['packing_slip'],
    });
    const letter = await jobReaches(rig, outcome.jobs[0]!.id, ['sent', 'failed']);
    const a4 = await jobReaches(rig, other.jobs[0]!.id, ['sent', 'failed']);
    const [p1] = await cupsPdfPages(pdfDir, letter.externalId!);
    const [p2] = await cupsPdfPages(pdfDir, a4.externalId!);
    expect([p1!.width, p1!.height]).toEqual([612, 792]);
    expect([p2!.width, p2!.height]).toEqual([595, 842]);
    // The route says "default": the slip's own size is asked for, not the printer's A4.
    expect([letter.media, a4.media]).toEqual(['Letter', 'A4']);
    expect(letter.title).toBe(
      `Packing slip ${usOrder!.order_name?.trim() || `Order ${usOrder!.id}`}`,
    );
  });

  it.skipIf(skipCups)(
    'sends a ZPL shipment label raw, byte for byte, to a CUPS raw queue and a network printer',
    async () => {
      const shipmentId = await shipmentWithFormat(rig, 'ZPL');
      const label = await rig.call('shipmentsLabel', { shipmentId });
      const expected = Buffer.from(label.image_b64, 'base64');
      expect(expected.subarray(0, 3).toString()).toBe('^XA');

      // A PDF printer is refused before anything is spooled.
      const refused = await rig.attempt('printShipmentLabel', {
        shipmentId,
        override: { printerId: PDF },
      });
      expect(refused).toMatchObject({ ok: false, error: { code: 'print_refused' } });
      if (!refused.ok) expect(refused.error.message).toMatch(/ZPL.*Packbench-PDF takes PDF only/);

      await rig.call('settingsUpdate', {
        patch: {
          printing: { routes: { shipment_label_zpl: { printerId: `cups:${RAW_QUEUE}` } } },
        },
      });
      const viaCups = await rig.call('printShipmentLabel', { shipmentId });
      expect((await jobReaches(rig, viaCups.jobs[0]!.id, ['sent', 'failed'])).state).toBe('sent');
      await expect.poll(() => zebra.received.length, { timeout: 20_000 }).toBe(1);
      expect(zebra.received[0]).toEqual(expected);

      const network = await new LabelPrinter().start();
      try {
        await rig.call('settingsUpdate', {
          patch: {
            printing: {
              networkPrinters: [{ name: 'Dock Zebra', host: '127.0.0.1', port: network.port }],
            },
          },
        });
        const direct = await rig.call('printShipmentLabel', {
          shipmentId,
          override: { printerId: `raw:127.0.0.1:${network.port}`, copies: 2 },
        });
        expect(direct.jobs[0]).toMatchObject({ printerName: 'Dock Zebra', copies: 2 });
        await jobReaches(rig, direct.jobs[0]!.id, ['sent']);
        expect(network.received).toEqual([Buffer.concat([expected, expected])]);
      } finally {
        await network.stop();
      }
    },
  );

  it.skipIf(skipCups)('prints a PNG shipment label on a 4x6 page at the PDF printer', async () => {
    const shipmentId = await shipmentWithFormat(rig, 'PNG');
    await rig.call('settingsUpdate', {
      patch: { printing: { routes: { shipment_label_image: { printerId: PDF } } } },
    });
    const outcome = await rig.call('printShipmentLabel', { shipmentId });
    const job = await jobReaches(rig, outcome.jobs[0]!.id, ['sent', 'failed']);
    expect(job).toMatchObject({ state: 'sent', format: 'pdf', media: '4x6in' });
    const pages = await cupsPdfPages(pdfDir, job.externalId!);
    expect(pages.map((p) => [p.width, p.height])).toEqual([[288, 432]]);
  });

  it.skipIf(skipCups)(
    'a network printer that is off fails with its address; once on, a retry prints',
    async () => {
      const shipmentId = await shipmentWithFormat(rig, 'ZPL');
      const later = await new LabelPrinter().start();
      const port = later.port;
      await later.stop(); // nothing listens there now
      await rig.call('settingsUpdate', {
        patch: { printing: { networkPrinters: [{ name: 'Zebra-2', host: '127.0.0.1', port }] } },
      });
      const outcome = await rig.call('printShipmentLabel', {
        shipmentId,
        override: { printerId: `raw:127.0.0.1:${port}` },
      });
      const failed = await jobReaches(rig, outcome.jobs[0]!.id, ['failed', 'sent']);
      expect(failed.state).toBe('failed');
      expect(failed.reason).toMatch(new RegExp(`127\\.0\\.0\\.1:${port}`));
      const back = await new LabelPrinter(port).start();
      try {
        await rig.call('printJobRetry', { jobId: failed.id });
        await jobReaches(rig, failed.id, ['sent']);
        expect(back.received).toHaveLength(1);
      } finally {
        await back.stop();
      }
    },
  );

  it.skipIf(skipCups)('when CUPS stops answering, the job’s reason says so', async () => {
    // The scheduler goes away under a running console: this bridge's CUPS calls are pointed
    // at a socket nobody listens on (stopping the shared private cupsd would disturb the
    // other test files; a real stopped scheduler is tested in system/real-cups.cups.test.ts).
    const env: NodeJS.ProcessEnv = { CUPS_SERVER: process.env.CUPS_SERVER };
    const other = await openRig({ printing: { cups: { env } } });
    try {
      await other.call('printersList', { refresh: true });
      env.CUPS_SERVER = join(other.dir, 'no-scheduler.sock');
      const outcome = await other.call('printTestPage', {
        kind: 'packing_slip',
        override: { printerId: PDF },
      });
      const job = await jobReaches(other, outcome.jobs[0]!.id, ['failed', 'sent']);
      expect(job.state).toBe('failed');
      expect(job.reason).toBe('The print system (CUPS) is not running.');
      const list = await other.call('printersList', { refresh: true });
      expect(list.problem).toBe('The print system (CUPS) is not running.');
      // Known printers stay listed (their state unknown), so routes do not look broken.
      expect(list.printers.find((p) => p.id === PDF)?.state).toBe('unknown');
    } finally {
      await other.bridge.close();
      rmSync(other.dir, { recursive: true, force: true });
    }
  });

  it.skipIf(skipCups)('hostile printer names and ids reach lp as plain arguments', async () => {
    const shipmentId = await shipmentWithFormat(rig, 'ZPL');
    const outcome = await rig.call('printShipmentLabel', {
      shipmentId,
      override: { printerId: `cups:${HOSTILE_QUEUE}` },
    });
    expect(outcome.jobs[0]!.printerName).toBe(HOSTILE_QUEUE);
    await jobReaches(rig, outcome.jobs[0]!.id, ['sent']);
    await expect.poll(() => hostileZebra.received.length, { timeout: 20_000 }).toBe(1);
    expect(existsSync('pwned')).toBe(false);
    expect(existsSync(join(rig.dir, 'pwned'))).toBe(false);
    const unknown = await rig.attempt('printTestPage', {
      kind: 'pick_list',
      override: { printerId: 'cups:"x"; $(touch pwned) `id`' },
    });
    expect(unknown).toMatchObject({ ok: false, error: { code: 'print_refused' } });
    expect(existsSync('pwned')).toBe(false);
  });

  it.skipIf(skipCups)('Save to folder writes each job as a file', async () => {
    const before = new Set(readdirSync(rig.folder));
    const page = await rig.call('ordersList', { filters: { stage: 'labels' }, pageSize: 3 });
    const outcome = await rig.call('printOrderDocuments', {
      orderIds: page.results.map((o) => o.id),
      kinds: ['shipping_label', 'packing_slip'],
      override: { printerId: 'save-to-folder' },
    });
    expect(outcome.jobs).toHaveLength(1);
    const job = await jobReaches(rig, outcome.jobs[0]!.id, ['sent']);
    const written = readdirSync(rig.folder).filter((f) => !before.has(f));
    expect(written).toHaveLength(1);
    expect(join(rig.folder, written[0]!)).toBe(job.externalId);
    expect(written[0]).toMatch(/\.pdf$/);
    expect(readFileSync(job.externalId!).subarray(0, 5).toString()).toBe('%PDF-');
  });
});

function liveTracking(order: Api['Order']): string[] {
  return order.shipments
    .filter((s) => s.label_url && s.tracking_number)
    .map((s) => s.tracking_number as string);
}

async function shipmentWithFormat(r: Rig, format: 'ZPL' | 'PNG'): Promise<string> {
  const shipments = await r.call('shipmentsList', {});
  for (const s of shipments.slice(0, 200)) {
    const detail = await r.call('shipmentsGet', { shipmentId: s.shipment_id });
    if (detail.packages[0]?.label_format === format) return s.shipment_id;
  }
  throw new Error(`no ${format} shipment among the first 200`);
}
