/**
 * Theme and density are saved in the settings file: they hold across a reload and in a new
 * browser context (no localStorage), and the dark theme passes axe too.
 */

import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { bridgeCall } from './support/bridge-call';
import { expect, test } from './support/console-fixture';

// One console for the file: each test sets the one appearance choice it checks; theme,
// density and locale go back to the defaults before each test (support/bridge-call.ts).
test.use({ consoleScope: 'file' });

/** The bridge's answer to a settings write: a reload before it would cancel the write. */
interface PricedOrder {
  id: number;
  currency?: string | null;
  total_amount?: string | null;
}

const settingsSaved = (page: Page) =>
  page.waitForResponse((r) => r.url().endsWith('/bridge/call/settingsUpdate') && r.ok());

/**
 * Until the console's settings file holds these appearance choices. Quick clicks send one
 * write each, and the first answer after a click may be an earlier click's: a reload before
 * the last write is in would cancel it.
 */
async function uiSaved(consoleUrl: string, ui: Record<string, string>): Promise<void> {
  await expect
    .poll(async () => {
      const { settings } = await bridgeCall<{ settings: { ui: Record<string, unknown> } }>(
        consoleUrl,
        'settingsGet',
        {},
      );
      return Object.fromEntries(Object.keys(ui).map((k) => [k, settings.ui[k]]));
    })
    .toEqual(ui);
}

test('dark and compact persist across reload and a fresh browser', async ({
  app,
  packbench,
  browser,
}) => {
  const html = app.locator('html');
  await app.getByRole('link', { name: 'Settings' }).click();
  await app.getByRole('tab', { name: 'Appearance' }).click();
  await app.getByRole('radio', { name: 'Light' }).click();
  await expect(html).toHaveAttribute('data-theme', 'light');
  await expect(html).toHaveAttribute('data-density', 'comfortable');

  await app.getByRole('radio', { name: 'Dark' }).click();
  await app.getByRole('radio', { name: 'Compact' }).click();
  await uiSaved(packbench.url, { theme: 'dark', density: 'compact' });
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await expect(html).toHaveAttribute('data-density', 'compact');
  await expectNoSeriousA11yViolations(app, 'Settings in dark, compact');

  await app.reload();
  await app.getByRole('tab', { name: 'Appearance' }).click();
  await expect(app.getByRole('radio', { name: 'Dark' })).toBeChecked();
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await expect(html).toHaveAttribute('data-density', 'compact');

  // A fresh context has no localStorage: the settings file alone brings the choice back.
  const context = await browser.newContext();
  const fresh = await context.newPage();
  await fresh.goto(packbench.url);
  await expect(fresh.getByTestId('current-connection')).toBeVisible();
  await expect(fresh.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(fresh.locator('html')).toHaveAttribute('data-density', 'compact');
  await expectNoSeriousA11yViolations(fresh, 'the Orders view in dark, compact');
  await context.close();
});

test('the locale changes how dates and money are shown', async ({ app, packbench }) => {
  await app.getByRole('link', { name: 'Settings' }).click();
  await app.getByRole('tab', { name: 'Appearance' }).click();
  const saved = settingsSaved(app);
  await app.getByLabel('Dates and numbers').selectOption('de-DE');
  await saved;
  await expect(app.getByTestId('locale-preview')).toContainText(/1\.234,50\s€/);
  await app.reload();
  await expect(app.getByLabel('Dates and numbers')).toHaveValue('de-DE');
  await expect(app.getByTestId('locale-preview')).toContainText('2.013');

  // The Orders grid follows: money in each order's own currency, written the German way.
  const page = await bridgeCall<{ results: PricedOrder[] }>(packbench.url, 'ordersList', {
    filters: { stage: 'open' },
    page: 1,
    pageSize: 50,
  });
  const order = page.results.find((o) => o.currency && o.total_amount)!;
  const money = new Intl.NumberFormat('de-DE', { style: 'currency', currency: order.currency! });
  await app.getByRole('link', { name: 'Orders' }).click();
  const row = app.locator(`tr[data-order-id="${order.id}"]`);
  const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
  await expect
    .poll(async () => plain((await row.textContent()) ?? ''))
    .toContain(plain(money.format(Number(order.total_amount))));
  // Dates as de-DE writes them (medium: 22.11.2026).
  await expect(row).toContainText(/\d{2}\.\d{2}\.\d{4}/);
});

test('station size at 1280x720: body text 15 px, badges 13 px, every column reachable', async ({
  app,
}) => {
  await app.setViewportSize({ width: 1280, height: 720 });
  await app.getByRole('link', { name: 'Settings' }).click();
  await app.getByRole('tab', { name: 'Appearance' }).click();
  const saved = settingsSaved(app);
  await app.getByRole('radio', { name: 'Station (large)' }).click();
  await saved;
  await expect(app.locator('html')).toHaveAttribute('data-density', 'station');
  await app.getByRole('link', { name: 'Orders' }).click();
  const grid = app.getByTestId('orders-grid');
  const cell = grid.locator('tbody tr td').nth(2);
  await expect(cell).toBeVisible();
  const px = (el: Element) => Number.parseFloat(getComputedStyle(el).fontSize);
  expect(await cell.evaluate(px)).toBeGreaterThanOrEqual(15);
  const badge = grid.locator('tbody [data-value]').first();
  expect(await badge.evaluate(px)).toBeGreaterThanOrEqual(13);
  // The columns past the window's edge are reached by scrolling the grid sideways.
  const last = grid.getByRole('columnheader').last();
  await last.scrollIntoViewIfNeeded();
  const box = await last.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x + box!.width).toBeLessThanOrEqual(1280);
  expect(box!.x).toBeGreaterThanOrEqual(0);
  await expectNoSeriousA11yViolations(app, 'the Orders view at station size');
});
