/**
 * A batch the API stopped: labels for three orders asked for while the API is down. The
 * failure is said and the batch accounts for every order (none printed, three not reached); it stays on
 * Orders and the Print queue (after a reload too: it is the bridge's record, not the page's)
 * with the orders named, until "Print the rest" prints exactly those three once the API is
 * back: three 4x6 pages at the CUPS PDF printer, and the batch leaves the list.
 */
import type { Locator } from '@playwright/test';
import { expect, openStage, test } from './orders-fixture';
import { expectNoSeriousA11yViolations } from './support/axe';
import { expectOneLabelPdf, printingToCupsPdf } from './support/cups-pdf';
import { startSandboxProcess } from './support/sandbox-process';
import { clickView } from './support/views';

/** "Not reached: a, b and c": every one of these names, in whatever order the batch holds them. */
async function expectNotReached(batch: Locator, names: readonly string[]): Promise<void> {
  const line = batch.getByTestId('not-reached');
  await expect(line).toContainText('Not reached: ');
  for (const name of names) await expect(line).toContainText(name);
}

test('a batch the API stopped is kept with its orders, and "Print the rest" prints exactly them', async ({
  app,
  sandbox,
  packbench,
}) => {
  const output = await printingToCupsPdf(packbench.url, 'shipping_label');
  const chosen = (await openStage(app, sandbox, 'labels')).results.slice(0, 3);
  const names = chosen.map((o) => o.order_name!);
  for (const name of names) await app.getByRole('checkbox', { name: `Select ${name}` }).click();

  // The API goes away before the labels are asked for.
  await sandbox.stop();
  await app.getByRole('button', { name: 'Print labels' }).click();
  await app
    .getByRole('dialog', { name: 'Print labels for 3 orders' })
    .getByRole('button', { name: 'Print labels' })
    .click();
  // The failure is said, and the batch waits with every order accounted for.
  await expect(app.getByText(/refused the connection/).first()).toBeVisible({ timeout: 60_000 });
  const batch = app.getByTestId('interrupted-batch');
  await expect(batch).toContainText('3 orders: 0 printed, 3 not reached');
  await expectNotReached(batch, names);
  await expect(batch.getByRole('button', { name: 'Print the rest (3)' })).toBeVisible();

  // The API is back, on the same address; the page is reloaded: the batch is still there.
  const back = await startSandboxProcess({ port: sandbox.port, key: sandbox.key, rate: 0 });
  try {
    await app.reload();
    await clickView(app, 'Print queue');
    await expectNotReached(batch, names);
    await expectNoSeriousA11yViolations(app, 'the batches not finished');
    await batch.getByRole('button', { name: 'Print the rest (3)' }).click();

    await expectOneLabelPdf(output, 3);
    await expect(batch).toHaveCount(0);
  } finally {
    await back.stop();
  }
});
