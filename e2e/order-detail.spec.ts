/**
 * Order detail against a standalone sandbox: an order with shipments and tracked parcels is
 * read straight from the API (the test's own ordersGet) and the page must show the same
 * values in its sections, its tracking events as a timeline, documents to print and save,
 * and a working "Refresh tracking". axe: no serious or critical violations.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './orders-fixture';
import { expectNoSeriousA11yViolations } from './support/axe';
import type { SandboxProcess } from './support/sandbox-process';

// One console and sandbox for the file: the tests only read orders (a refresh of tracking is
// queued at the API, a download saved by the browser); the print dialog is cancelled.
test.use({ consoleScope: 'file' });

// The API's JSON, read loosely: the test compares what it finds, whatever its shape.
// biome-ignore lint/suspicious/noExplicitAny: untyped API answers in a test
type Json = Record<string, any>;

async function api(sandbox: SandboxProcess, path: string): Promise<Json> {
  const response = await fetch(`${sandbox.url}${path}`, { headers: { 'X-API-Key': sandbox.key } });
  expect(response.status, path).toBe(200);
  return (await response.json()) as Json;
}

/** A shipped order with a shipment and at least one parcel with tracking events. */
async function findTrackedOrder(sandbox: SandboxProcess): Promise<Json> {
  const page = await api(sandbox, '/api/orders/?stage=shipped&page_size=200');
  const found = (page.results as Json[]).find(
    (o) =>
      o.shipments.length > 0 &&
      o.fulfillments.some((f: Json) => f.tracking_events.length > 1) &&
      Array.isArray(o.items) &&
      o.items.length > 0,
  );
  expect(found, 'a shipped order with shipments and tracking').toBeTruthy();
  // The detail view reads GET /api/orders/{id}/: compare with that, not with the list row.
  return api(sandbox, `/api/orders/${found!.id}/`);
}

/** `page` on the console at the detail of order `id`. */
async function openOrder(page: Page, url: string, id: number): Promise<void> {
  await page.goto(url);
  await expect(page.getByTestId('current-connection')).toBeVisible();
  await page.evaluate((orderId) => {
    window.location.hash = `#/orders/${orderId}`;
  }, id);
}

test('shows every section of an order with shipments and tracking, with the API’s values', async ({
  page,
  sandbox,
  packbench,
}) => {
  const order = await findTrackedOrder(sandbox);
  await openOrder(page, packbench.url, order.id);
  await expect(
    page.getByRole('heading', { level: 1, name: `Order ${order.order_name}` }),
  ).toBeVisible();
  const detail = page.getByTestId('order-detail');
  for (const section of [
    'Recipient and address',
    'Customer',
    'Order',
    'Channel and storefront',
    `Items (${order.items.length})`,
    'Money',
    'Payment',
    'Billing address',
    'Tags and notes',
    `Shipments (${order.shipments.length})`,
    'Fulfillments and tracking',
    'Documents',
    'Address check',
    'Label overrides and automation',
  ]) {
    await expect(
      detail.getByRole('heading', { level: 2, name: section, exact: true }),
    ).toBeVisible();
  }

  const field = (name: string) => detail.locator(`[data-field="${name}"]`).first();
  for (const name of [
    'recipient_name',
    'address1',
    'city',
    'postal_code',
    'country',
    'order_name',
  ]) {
    await expect(field(name)).toHaveText(String(order[name]));
  }
  if (order.external_id) await expect(field('external_id')).toHaveText(order.external_id);
  if (order.customer_email) await expect(field('customer_email')).toHaveText(order.customer_email);

  // Money in the order's currency, formatted as the page's locale does it.
  const money = (amount: string) =>
    page.evaluate(
      ([a, c]) =>
        new Intl.NumberFormat(navigator.language, { style: 'currency', currency: c }).format(
          a as unknown as number,
        ),
      [amount, order.currency] as const,
    );
  for (const name of ['total_amount', 'subtotal_price', 'total_tax']) {
    if (order[name] !== null) await expect(field(name)).toHaveText(await money(order[name]));
  }

  // Items: one row each, SKU and quantity as the API says.
  const items = detail.getByRole('table', { name: 'Items' }).locator('tbody tr');
  await expect(items).toHaveCount(order.items.length);
  await expect(items.first()).toContainText(order.items[0].sku);

  // Shipments: tracking numbers as the API says.
  for (const [i, s] of (order.shipments as Json[]).entries()) {
    await expect(field(`shipments.${i}.tracking_number`)).toHaveText(s.tracking_number ?? '—');
  }

  // Parcels with their tracking status and every event on the timeline.
  const parcels = [...order.storefront_fulfillments, ...order.fulfillments] as Json[];
  await expect(detail.getByTestId('fulfillment')).toHaveCount(parcels.length);
  const events = parcels.reduce((n, f) => n + (f.tracking_events?.length ?? 0), 0);
  await expect(detail.getByTestId('tracking-event')).toHaveCount(events);
  const first = order.fulfillments[0] as Json;
  const card = detail.getByRole('region', { name: `Fulfillment ${first.name}` });
  await expect(card.locator('[data-field="tracking_number"]')).toHaveText(
    first.tracking_number || '—',
  );
  await expect(card).toContainText(/Tracking: \w+/);

  // Documents the API lists, each with Print and Save.
  const docs = await api(sandbox, `/api/orders/${order.id}/documents/`);
  for (const kind of Object.keys(docs)) {
    await expect(detail.getByTestId(`document-${kind}`)).toBeVisible();
  }
  await expectNoSeriousA11yViolations(page, 'the order detail');

  // Print with options: the print dialog shows the route for this kind; cancelled here.
  await detail
    .getByTestId('document-packing_slip')
    .getByRole('button', { name: /with options$/ })
    .click();
  const dialog = page.getByRole('dialog', { name: /^Print / });
  await expect(dialog.getByTestId('routed-packing_slip')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);

  // Save the packing slip: a PDF download.
  const download = page.waitForEvent('download');
  await detail.getByTestId('document-packing_slip').getByRole('button', { name: /^Save/ }).click();
  expect((await download).suggestedFilename()).toMatch(/\.pdf$/);

  // Refresh tracking: queued at the API, said in a toast.
  await page.getByRole('button', { name: 'Refresh tracking' }).click();
  await expect(
    page.getByText(/Tracking refresh queued for \d+ of \d+|no parcels to track/).first(),
  ).toBeVisible();
});

test('an unknown order says so instead of failing', async ({ page, packbench }) => {
  await openOrder(page, packbench.url, 999999);
  await expect(page.getByText('There is no order 999999 in this account.')).toBeVisible();
});

test('an order without a label: the label is disabled with why, the slip and pick list print', async ({
  page,
  sandbox,
  packbench,
}) => {
  const open = await api(sandbox, '/api/orders/?stage=open&page_size=50');
  const order = (open.results as Json[])[0]!;
  const docs = await api(sandbox, `/api/orders/${order.id}/documents/`);
  // The sandbox answers the label of an order without one with `url: null`.
  expect(docs.shipping_label.url).toBeNull();
  await openOrder(page, packbench.url, order.id);
  const detail = page.getByTestId('order-detail');
  const label = detail.getByTestId('document-shipping_label');
  await expect(label).toContainText('No label has been bought for this order yet.');
  await expect(
    label.getByRole('button', { name: 'Print Shipping label', exact: true }),
  ).toBeDisabled();
  await expect(detail.getByText(/could not be listed/)).toHaveCount(0);
  for (const [kind, title] of [
    ['packing_slip', 'Packing slip'],
    ['pick_list', 'Pick list'],
  ]) {
    await expect(
      detail
        .getByTestId(`document-${kind}`)
        .getByRole('button', { name: `Print ${title}`, exact: true }),
    ).toBeEnabled();
  }
});
