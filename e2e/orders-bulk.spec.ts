/**
 * Bulk actions end to end: labels for selected orders printed through the private CUPS's
 * PDF printer (one 4x6 page, 288x432 pt, per order), an order without a label reported as
 * not printed, the current filter exported to CSV in a chosen folder and read back, tracking
 * refreshed for selected orders with a line per order.
 */
import { readFile, rm } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import {
  api,
  expect,
  expectGridIds,
  type OrderPage,
  openOrders,
  openStage,
  test,
} from './orders-fixture';
import { DIALOG, expectNoSeriousA11yViolations } from './support/axe';
import { expectOneLabelPdf, printingToCupsPdf } from './support/cups-pdf';
import { chooseSettingsSubfolder } from './support/export-dir';

// One console and sandbox for the file: the first test's print route and printed marks are on
// Labels orders, which the others do not read (they export and refresh Shipped ones); the
// filters and tabs are saved view state, forgotten before each test (support/bridge-call.ts).
test.use({ consoleScope: 'file' });

test('labels for selected orders print as 4x6 pages at the CUPS PDF printer', async ({
  app,
  sandbox,
  packbench,
}) => {
  const output = await printingToCupsPdf(packbench.url, 'shipping_label');

  const labels = await openStage(app, sandbox, 'labels');
  const chosen = labels.results.slice(0, 3);
  for (const o of chosen)
    await app.getByRole('checkbox', { name: `Select ${o.order_name}` }).click();
  await expect(app.getByTestId('selection-count')).toHaveText('3 orders selected');

  await app.getByRole('button', { name: 'Print labels' }).click();
  const dialog = app.getByRole('dialog', { name: 'Print labels for 3 orders' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Packbench-PDF');
  await expectNoSeriousA11yViolations(app, 'the print labels dialog', { within: DIALOG });
  await dialog.getByRole('button', { name: 'Print labels' }).click();
  const outcome = app.getByTestId('bulk-outcome');
  await expect(outcome).toContainText('queued on Packbench-PDF');

  await expectOneLabelPdf(output, 3);

  // The printed orders are marked with the time and printer, and the selection is done with.
  await expect(app.getByTestId('selection-count')).toHaveText('No orders selected');
  for (const o of chosen) {
    await expect(
      app.locator(`[data-order-id="${o.id}"]`).getByTestId('printed-mark'),
    ).toContainText('Packbench-PDF');
  }
  await expect(
    app.locator(`[data-order-id="${labels.results[3]!.id}"]`).getByTestId('printed-mark'),
  ).toHaveCount(0);
  // "Select unprinted" takes every matching order but the three printed.
  await app.getByRole('button', { name: 'Select unprinted' }).click();
  await expect(app.getByTestId('selection-count')).toHaveText(
    `${(labels.count - 3).toLocaleString('en')} orders selected`,
  );
  for (const o of chosen) {
    await expect(app.getByRole('checkbox', { name: `Select ${o.order_name}` })).not.toBeChecked();
  }
  await expect(
    app.getByRole('checkbox', { name: `Select ${labels.results[3]!.order_name}` }),
  ).toBeChecked();

  // An open order has no label: nothing prints, and the outcome names the order.
  await app.getByRole('button', { name: 'Clear selection' }).click();
  await app.getByRole('tab', { name: /^Open/ }).click();
  const open = await api<OrderPage>(sandbox, '/api/orders/', { stage: 'open', page_size: 50 });
  await expectGridIds(
    app,
    open.results.map((o) => o.id),
  );
  const unlabelled = open.results[0]!;
  await app.getByRole('checkbox', { name: `Select ${unlabelled.order_name}` }).click();
  await app.getByRole('button', { name: 'Print labels' }).click();
  await app
    .getByRole('dialog', { name: 'Print labels for 1 order' })
    .getByRole('button', { name: 'Print labels' })
    .click();
  await expect(app.getByTestId('print-skipped')).toContainText(unlabelled.order_name!);
  await expect(outcome).toContainText('Nothing was printed');
});

test('export the current filter to CSV in a chosen folder and read it back', async ({
  app,
  sandbox,
}) => {
  // Browser mode chooses among a few places (the config folder is one): never a typed path.
  const subfolder = `orders-export-${Date.now()}`;
  let folder = '';
  try {
    await openOrders(app);
    await app.getByRole('tab', { name: /^Shipped/ }).click();
    const facets = await api<{ channel: string[] }>(sandbox, '/api/orders/facets/');
    const channel = facets.channel[1]!;
    await app.getByRole('button', { name: /^Channel:/ }).click();
    await app.getByRole('menuitemcheckbox', { name: channel, exact: true }).click();
    await app.keyboard.press('Escape');
    const expected = await api<OrderPage>(sandbox, '/api/orders/', {
      stage: 'shipped',
      channel,
      page_size: 500,
    });
    await expectGridIds(
      app,
      expected.results.slice(0, 50).map((o) => o.id),
    );

    await app.getByRole('button', { name: 'Export CSV…' }).click();
    const dialog = app.getByRole('dialog', { name: 'Export orders to CSV' });
    folder = await chooseSettingsSubfolder(dialog, '../..', subfolder);
    await expectNoSeriousA11yViolations(app, 'the export dialog', { within: DIALOG });
    await dialog.getByRole('button', { name: 'Export' }).click();

    const path = app.getByTestId('export-path');
    await expect(path).toContainText(folder);
    const written = (await path.textContent())!;
    const rows = parse(await readFile(written, 'utf8'), { columns: true }) as {
      id: string;
      channel: string;
    }[];
    expect(rows.map((r) => Number(r.id)).sort()).toEqual(expected.results.map((o) => o.id).sort());
    expect(rows.every((r) => r.channel === channel)).toBe(true);
    await expect(app.getByTestId('bulk-outcome')).toContainText(
      `${expected.count.toLocaleString('en-US')} orders exported`,
    );
  } finally {
    if (folder) await rm(folder, { recursive: true, force: true });
  }
});

test('refresh tracking for selected orders says what happened to each', async ({
  app,
  sandbox,
}) => {
  const chosen = (await openStage(app, sandbox, 'shipped')).results.slice(0, 3);
  for (const o of chosen)
    await app.getByRole('checkbox', { name: `Select ${o.order_name}` }).click();
  await app.getByRole('button', { name: 'Refresh tracking' }).click();

  const outcome = app.getByTestId('bulk-outcome');
  await expect(outcome).toContainText(/^3 orders: \d+ parcels? queued/);
  await expect(outcome).not.toContainText('failed');
  const lines = app.getByTestId('tracking-outcome').getByRole('listitem');
  await expect(lines).toHaveCount(3);
  for (const o of chosen) {
    // The API's own count of the order's fulfillments decides what its line says.
    const parcels = (o.fulfillments as unknown[] | undefined)?.length ?? 0;
    const name = o.order_name!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    await expect(lines.filter({ hasText: `${o.order_name}: ` })).toHaveText(
      parcels === 0
        ? new RegExp(`^${name}: nothing to track$`)
        : new RegExp(`^${name}: \\d+ (of ${parcels} parcels? )?(parcels? )?queued`),
    );
  }
  await expectNoSeriousA11yViolations(app, 'the tracking refresh outcome');
});
