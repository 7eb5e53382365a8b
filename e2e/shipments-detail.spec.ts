/**
 * Shipment detail on its own sandbox: every section with the API's values (contacts, packages,
 * carriers considered, one timeline entry per tracking event of its packages); a ZPL label
 * previews (drawn exactly by the main process, the code one click away) and prints raw to a
 * label printer on port 9100's protocol (a listener here, as a networked Zebra; routed through
 * the settings as the person would); a PDF label previews as pdf.js pages with ink on them; a
 * PNG as an image. axe on each screen.
 */
import type { Page } from '@playwright/test';
import { api, bridgeCall, expect, test } from './orders-fixture';
import { expectNoSeriousA11yViolations } from './support/axe';
import { listenRaw } from './support/raw-printer';
import type { SandboxProcess } from './support/sandbox-process';

// One console and sandbox for the file: the first test routes ZPL labels to its own printer;
// the second only previews labels, which no route changes.
test.use({ consoleScope: 'file' });

interface Detail {
  shipment_id: string;
  tracking_number: string;
  ship_from: { name?: string | null };
  ship_to: { name?: string | null };
  packages: { id: number; label_format?: string }[];
  alternative_carriers_considered?: unknown;
}

/** The first shipments (newest first) whose label the sandbox makes in each format. */
async function shipmentsByLabel(sandbox: SandboxProcess): Promise<Map<string, Detail>> {
  const list = await api<{ shipment_id: string }[]>(sandbox, '/api/shipping/v1/shipments/');
  const found = new Map<string, Detail>();
  for (const s of list.slice(0, 80)) {
    const d = await api<Detail>(sandbox, `/api/shipping/v1/shipments/${s.shipment_id}/`);
    // The sandbox's rule: the first package's label format; blank means PDF.
    const format = d.packages[0]?.label_format || 'PDF';
    if (!found.has(format)) found.set(format, d);
    if (found.has('ZPL') && found.has('PDF') && found.has('PNG')) break;
  }
  return found;
}

async function openShipment(app: Page, id: string): Promise<void> {
  await expect(app.getByTestId('current-connection')).toBeVisible();
  await app.evaluate((shipmentId) => {
    window.location.hash = `#/shipments/${encodeURIComponent(shipmentId)}`;
  }, id);
  await expect(app.getByRole('heading', { level: 1, name: `Shipment ${id}` })).toBeVisible();
  await expect(app.getByTestId('shipment-detail')).toBeVisible();
}

test('a ZPL shipment shows every section, previews its label and prints it raw', async ({
  app,
  sandbox,
  packbench,
}) => {
  const shipment = (await shipmentsByLabel(sandbox)).get('ZPL');
  expect(shipment, 'a shipment with a ZPL label among the newest 80').toBeDefined();
  const s = shipment!;
  const events = await api<unknown[]>(sandbox, '/api/shipping/v1/tracking-events/', {
    shipment: s.shipment_id,
  });
  const printer = await listenRaw();
  try {
    await bridgeCall(packbench.url, 'settingsUpdate', {
      patch: {
        printing: {
          networkPrinters: [{ name: 'E2E Zebra', host: '127.0.0.1', port: printer.port }],
          routes: { shipment_label_zpl: { printerId: `raw:127.0.0.1:${printer.port}` } },
        },
      },
    });
    await openShipment(app, s.shipment_id);
    const detail = app.getByTestId('shipment-detail');
    for (const name of [
      'Shipment',
      'SLA and carrier choice',
      'Ship from',
      'Ship to',
      `Packages (${s.packages.length})`,
      'Alternative carriers considered',
      'Tracking',
      'Label',
    ]) {
      await expect(detail.getByRole('heading', { level: 2, name, exact: true })).toBeVisible();
    }
    await expect(detail.locator('[data-field="tracking_number"]')).toHaveText(s.tracking_number);
    await expect(detail.locator('[data-field="ship_to.name"]')).toHaveText(s.ship_to.name ?? '—');
    await expect(detail.locator('[data-field="ship_from.name"]')).toHaveText(
      s.ship_from.name ?? '—',
    );
    await expect(detail.getByTestId('package-row')).toHaveCount(s.packages.length);
    const carriers = Array.isArray(s.alternative_carriers_considered)
      ? s.alternative_carriers_considered.length
      : 0;
    await expect(detail.getByTestId('alternative-carrier')).toHaveCount(carriers);
    await expect(detail.getByTestId('tracking-event')).toHaveCount(events.length);
    await expectNoSeriousA11yViolations(app, 'the shipment detail');

    // Preview: the label as the main process's ZPL renderer drew it (a PNG, one pixel per dot
    // of the sandbox's 4x6 in, 203 dpi label), then the exact code, which is what the API sent.
    await app.getByRole('button', { name: 'Preview label' }).click();
    const preview = app.getByTestId('label-preview');
    await expect(preview).toHaveAttribute('data-kind', 'zpl');
    const image = app
      .getByTestId('label-zpl-preview')
      .getByRole('img', { name: `Label ${s.tracking_number}`, exact: true });
    await expect(image).toBeVisible();
    await expect
      .poll(() =>
        image.evaluate((img: HTMLImageElement) => [
          img.complete,
          img.naturalWidth,
          img.naturalHeight,
        ]),
      )
      .toEqual([true, 812, 1218]);
    await expect(app.getByText('4 × 6 in (812 × 1218 dots at 203 dpi)')).toBeVisible();
    await expect(app.getByTestId('label-zpl-render-failed')).toHaveCount(0);
    await app.getByRole('button', { name: 'Show ZPL code' }).click();
    const label = await api<{ image_b64: string }>(
      sandbox,
      `/api/shipping/v1/shipments/${s.shipment_id}/label/`,
    );
    const zpl = Buffer.from(label.image_b64, 'base64').toString('utf8');
    await expect(app.getByTestId('label-zpl-code')).toHaveText(zpl);
    await expectNoSeriousA11yViolations(app, 'the ZPL label preview with its code');

    // Print: raw ZPL to the label printer, byte for byte what the API sent.
    await app.getByRole('main').getByRole('button', { name: 'Print label' }).first().click();
    await expect(app.getByText('1 job queued on E2E Zebra', { exact: true })).toBeVisible();
    await expect
      .poll(() => printer.received(), { timeout: 20_000 })
      .toBe(Buffer.from(label.image_b64, 'base64').toString('latin1'));
  } finally {
    await printer.close();
  }
});

test('a PDF label previews as pdf.js pages and a PNG label as an image', async ({
  app,
  sandbox,
}) => {
  const found = await shipmentsByLabel(sandbox);
  const pdf = found.get('PDF');
  expect(pdf, 'a shipment with a PDF label among the newest 80').toBeDefined();
  await openShipment(app, pdf!.shipment_id);
  await app.getByRole('button', { name: 'Preview label' }).click();
  await expect(app.getByTestId('label-preview')).toHaveAttribute('data-kind', 'pdf');
  const page = app.getByRole('img', { name: `Label ${pdf!.tracking_number}, page 1 of 1` });
  await expect(page).toBeVisible({ timeout: 20_000 });
  await expect(app.getByTestId('label-pdf-pages')).toHaveText('1 page');
  // Drawn, not blank: some pixels are dark (the text and the barcode).
  const dark = await page.evaluate((canvas) => {
    const c = canvas as HTMLCanvasElement;
    const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
    let n = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i]! < 100) n++;
    return n;
  });
  expect(dark).toBeGreaterThan(1000);
  await expectNoSeriousA11yViolations(app, 'the PDF label preview');

  // PNG when this seed's newest shipments have one (GIF follows the same <img> path).
  const png = found.get('PNG');
  if (png) {
    await openShipment(app, png.shipment_id);
    await app.getByRole('button', { name: 'Preview label' }).click();
    const image = app.getByRole('img', { name: `Label ${png.tracking_number}` });
    await expect(image).toBeVisible();
    await expect
      .poll(() => image.evaluate((i) => (i as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(100);
  }
});
