/**
 * Return detail against its own sandbox: every section with what the API says (customer,
 * order, lines, resolution and money, risk, photos, events, tracking, warehouse receipt); a
 * return with a PDF label prints it through the "Return labels" route to the private CUPS's
 * PDF printer, and the PDF lands in $PACKBENCH_CUPS_PDF_DIR; a return without a label offers
 * no print. axe on the page.
 */
import type { Page } from '@playwright/test';
import { api, expect, test } from './orders-fixture';
import { expectNoSeriousA11yViolations } from './support/axe';
import { printingToCupsPdf } from './support/cups-pdf';

// One console and sandbox for the file: its tests only read returns; the two that print set
// the same route (Return labels to the PDF printer) and count only the files printed since
// they began.
test.use({ consoleScope: 'file' });

interface Return {
  id: number;
  rma_number: string;
  order: number | null;
  order_name: string;
  customer_name: string;
  customer_email: string;
  carrier: string;
  tracking_number: string;
  has_return_label: boolean;
  risk_score: number | null;
  risk_factors: string[];
  photos: string[];
  events: { type: string; note: string }[];
  warehouse_receipt: number | null;
  warehouse_receipt_number: string | null;
  lines: { sku: string; name: string; quantity: number }[];
}

async function allReturns(sandbox: Parameters<typeof api>[0]): Promise<Return[]> {
  return (await api<{ results: Return[] }>(sandbox, '/api/returns/requests/', { page_size: 500 }))
    .results;
}

async function openReturn(app: Page, ret: Return): Promise<void> {
  await expect(app.getByTestId('current-connection')).toBeVisible();
  await app.evaluate((id) => {
    window.location.hash = `#/returns/${id}`;
  }, ret.id);
  await expect(
    app.getByRole('heading', { level: 1, name: `Return ${ret.rma_number}` }),
  ).toBeVisible();
}

test('every section shows what the API says about the return', async ({ app, sandbox }) => {
  const returns = await allReturns(sandbox);
  const ret = returns.find(
    (r) =>
      r.photos.length > 0 &&
      r.risk_factors.length > 0 &&
      r.warehouse_receipt !== null &&
      r.tracking_number !== '',
  );
  expect(ret, 'a return with photos, risk factors, a receipt and tracking').toBeDefined();
  const r = ret!;
  await openReturn(app, r);

  const detail = app.getByTestId('return-detail');
  for (const name of [
    'Customer',
    'Order',
    'Items returned',
    'Resolution',
    'Risk',
    'Events',
    'Return shipping',
    'Warehouse receipt',
    'Photos',
    'Dates',
  ]) {
    await expect(detail.getByRole('heading', { level: 2, name, exact: true })).toBeVisible();
  }
  await expect(detail.locator('[data-field="customer_name"]')).toHaveText(r.customer_name);
  await expect(detail.locator('[data-field="customer_email"]')).toHaveText(r.customer_email);
  await expect(detail.locator('[data-field="order"]')).toHaveText(r.order_name);
  await expect(detail.getByTestId('return-line')).toHaveCount(r.lines.length);
  await expect(detail.getByTestId('return-line').first()).toContainText(r.lines[0]!.sku);
  await expect(detail.getByTestId('return-event')).toHaveCount(r.events.length);
  await expect(detail.locator('[data-field="tracking_number"]')).toHaveText(r.tracking_number);
  // Carriers by name (the spec's neutral names), never the raw code.
  await expect(detail.locator('[data-field="carrier"]')).toHaveText(
    r.carrier === 'mock'
      ? 'Mock carrier (tests)'
      : `Carrier ${r.carrier.replace('carrier_', '').toUpperCase()}`,
  );
  // Open-shaped fields read as words, never as JSON text.
  await expect(detail).not.toContainText('{"');
  await expect(detail.locator('[data-field="warehouse_receipt_number"]')).toHaveText(
    r.warehouse_receipt_number!,
  );
  await expect(detail.locator('[data-field="risk_score"]')).toHaveText(`${r.risk_score} / 100`);
  await expect(detail.getByRole('list', { name: 'Photos' }).getByRole('link')).toHaveCount(
    r.photos.length,
  );
  // Read-only towards the API: nothing here approves, receives or refunds a return. The clerk's
  // own record of what came back ("Received", kept by the console, not the API) is the one
  // exception, in its own panel.
  await expect(
    app
      .getByRole('button', { name: /approve|reject|refund|receive|cancel/i })
      .and(app.locator(':not([data-testid="disposition-panel"] *)')),
  ).toHaveCount(0);
  await expect(app.getByRole('region', { name: 'What came back' })).toBeVisible();
  await expectNoSeriousA11yViolations(app, 'the return detail');

  // The order is one click away.
  await detail.locator('[data-field="order"]').getByRole('link').click();
  await expect(app.getByRole('heading', { level: 1, name: `Order ${r.order_name}` })).toBeVisible();
});

test('a PDF return label prints to the CUPS PDF printer', async ({ app, sandbox, packbench }) => {
  const output = await printingToCupsPdf(packbench.url, 'return_label');
  const returns = await allReturns(sandbox);
  // carrier_b hands out PDF labels (the sandbox's README).
  const ret = returns.find((r) => r.has_return_label && r.carrier === 'carrier_b')!;
  expect(ret).toBeDefined();
  await openReturn(app, ret);
  await app.getByRole('button', { name: 'Print return label' }).click();
  await expect(app.getByText(/queued on Packbench-PDF/).first()).toBeVisible();

  // A file CUPS-PDF is still writing counts -1 pages and is looked at again.
  const pages = async () => (await output.printed()).map((p) => p.pages);
  await expect.poll(pages, { timeout: 30_000 }).toEqual([1]);
});

test('a return without a label offers no print', async ({ app, sandbox }) => {
  const ret = (await allReturns(sandbox)).find((r) => !r.has_return_label)!;
  await openReturn(app, ret);
  await expect(app.getByText('This return has no label.')).toBeVisible();
  await expect(app.getByRole('button', { name: 'Print return label' })).toBeDisabled();
  await expect(app.getByRole('button', { name: 'Save label' })).toBeDisabled();
});

test('PNG and GIF return labels print as 4x6 pages at the CUPS PDF printer', async ({
  app,
  sandbox,
  packbench,
}) => {
  const output = await printingToCupsPdf(packbench.url, 'return_label');
  const returns = await allReturns(sandbox);
  // carrier_c hands out PNG labels, carrier_a GIF ones (the sandbox's README).
  for (const carrier of ['carrier_c', 'carrier_a']) {
    const ret = returns.find((r) => r.has_return_label && r.carrier === carrier)!;
    expect(ret, `a return with a ${carrier} label`).toBeDefined();
    await openReturn(app, ret);
    await app.getByRole('button', { name: 'Print return label' }).click();
  }
  const sizes = async () => (await output.printed()).map((p) => p.sizes[0] ?? '?').sort();
  await expect.poll(sizes, { timeout: 30_000 }).toEqual(['288x432', '288x432']);
});
