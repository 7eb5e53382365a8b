/**
 * The scanner everywhere (one router for the console), against a standalone sandbox: from
 * Returns a return's tracking number and its RMA open the return; from Inventory a GTIN opens
 * the product's stock and an order's name still opens the order's pack screen; from Shipments a shipment id
 * opens the shipment; inside a dialog a scan types nothing into the focused field and opens
 * its return once the dialog is closed; an unknown code says so. axe on the scan bar.
 */
import type { Page } from '@playwright/test';
import { api, expect, test } from './orders-fixture';
import { expectNoSeriousA11yViolations } from './support/axe';
import { scan } from './support/scanner';

// One console and sandbox for the file: the tests only scan and open things, which writes
// nothing another test reads.
test.use({ consoleScope: 'file' });

async function go(page: Page, hash: string, heading: string | RegExp): Promise<void> {
  await page.evaluate((h) => {
    window.location.hash = h;
  }, hash);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

interface Return {
  id: number;
  rma_number: string;
  tracking_number: string;
}

test('from Returns, Inventory and Shipments a scan lands on the right thing', async ({
  app,
  sandbox,
}) => {
  await expect(app.getByTestId('current-connection')).toBeVisible();
  const returns = (
    await api<{ results: Return[] }>(sandbox, '/api/returns/requests/', { page_size: 500 })
  ).results;
  const tracked = returns.find((r) => r.tracking_number !== '')!;
  const stock = (
    await api<{ results: { product_id: number; gtin: string | null; name: string }[] }>(
      sandbox,
      '/api/inventory/',
      { page_size: 50 },
    )
  ).results.find((s) => s.gtin)!;
  const order = (
    await api<{ results: { id: number; order_name: string | null }[] }>(sandbox, '/api/orders/', {
      page_size: 20,
    })
  ).results.find((o) => o.order_name)!;
  const shipment = (
    await api<{ shipment_id: string }[]>(sandbox, '/api/shipping/v1/shipments/')
  )[0]!;

  // Returns: the return's tracking number (its label's barcode) opens the return.
  await go(app, '#/returns', 'Returns');
  await expectNoSeriousA11yViolations(app, 'the scan bar');
  await scan(app, tracked.tracking_number);
  await expect(app.getByTestId('return-detail')).toHaveAttribute(
    'data-return-id',
    String(tracked.id),
  );
  await expect(app.getByTestId('scan-result')).toContainText(`Opened return ${tracked.rma_number}`);

  // Inventory: a GTIN opens the product's stock; an order's name still opens the order.
  await go(app, '#/inventory', 'Inventory');
  await scan(app, stock.gtin!);
  await expect(app).toHaveURL(new RegExp(`#/inventory/${stock.product_id}$`));
  await expect(app.getByRole('heading', { level: 1, name: stock.name })).toBeVisible();
  await go(app, '#/inventory', 'Inventory');
  await scan(app, order.order_name!);
  // An order opens on its pack screen.
  await expect(
    app.getByRole('heading', { level: 1, name: `Pack ${order.order_name}` }),
  ).toBeVisible();

  // Shipments: a shipment id opens the shipment.
  await go(app, '#/shipments', 'Shipments');
  await scan(app, shipment.shipment_id);
  await expect(
    app.getByRole('heading', { level: 1, name: `Shipment ${shipment.shipment_id}` }),
  ).toBeVisible();

  // Nothing known: a clear message naming where it looked.
  await scan(app, 'NOPE-0000-ZZZZ');
  await expect(app.getByTestId('scan-result')).toContainText(
    '“NOPE-0000-ZZZZ” is not among the orders waiting to be packed, and no other order, shipment, return or product has it',
  );
});

test('inside a dialog a scan types into no field, and opens once the dialog closes', async ({
  app,
  sandbox,
}) => {
  const ret = (
    await api<{ results: Return[] }>(sandbox, '/api/returns/requests/', { page_size: 5 })
  ).results[0]!;
  await expect(app.getByTestId('current-connection')).toBeVisible();
  await go(app, '#/returns', 'Returns');
  await app.getByRole('button', { name: /Export CSV/ }).click();
  const dialog = app.getByRole('dialog');
  const field = dialog.getByRole('textbox').first();
  await field.fill('/tmp/kept');
  await field.focus();

  await scan(app, ret.rma_number);
  await expect(app.getByTestId('scan-result')).toContainText(`Scanned “${ret.rma_number}”`);
  await expect(field).toHaveValue('/tmp/kept');
  await expect(dialog).toBeVisible();

  await app.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(app.getByTestId('return-detail')).toHaveAttribute('data-return-id', String(ret.id));
});
