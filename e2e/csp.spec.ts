/**
 * No Content-Security-Policy violation on any screen: every view and detail page of the
 * console, first-run setup, and every dialog and menu each screen opens from a button (every
 * Radix trigger: aria-haspopup), plus the shortcut sheet. A violation is caught twice: the
 * page's `securitypolicyviolation` events and Chromium's console lines. The policy is the one
 * the host serves; nothing here loosens it.
 */
import type { Page } from '@playwright/test';
import { api, expect, test } from './orders-fixture';
import { test as bare } from './support/console-fixture';

interface Violation {
  directive: string;
  blocked: string;
  sample: string;
  where: string;
}

/** Collects violations from the page's events and from its console, per screen visited. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  const consoleLines: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) {
      consoleLines.push(`${page.url()}: ${message.text()}`);
    }
  });
  await page.addInitScript(() => {
    const found: Violation[] = [];
    (window as unknown as { __cspViolations: Violation[] }).__cspViolations = found;
    document.addEventListener('securitypolicyviolation', (e) => {
      found.push({
        directive: e.violatedDirective,
        blocked: e.blockedURI,
        sample: e.sample,
        where: window.location.hash,
      });
    });
  });
  return async () => {
    const events = await page
      .evaluate(
        () => (window as unknown as { __cspViolations?: Violation[] }).__cspViolations ?? [],
      )
      .catch(() => [] as Violation[]);
    return [
      ...events.map((v) => `${v.where}: ${v.directive} blocked ${v.blocked} "${v.sample}"`),
      ...consoleLines,
    ];
  };
}

async function go(page: Page, hash: string, ready: RegExp): Promise<void> {
  await page.evaluate((h) => {
    window.location.hash = h;
  }, hash);
  await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(ready);
  // The view's data has come (or said why not) before its dialogs are opened.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** Opens every dialog and menu trigger on the screen once, and closes it with Escape. */
async function openEveryPopup(page: Page): Promise<number> {
  const triggers = page.locator('main [aria-haspopup]:visible, header [aria-haspopup]:visible');
  const count = await triggers.count();
  for (let i = 0; i < count; i += 1) {
    const trigger = triggers.nth(i);
    if (!(await trigger.isEnabled())) continue;
    await trigger.click();
    const popup = page.locator('[role="dialog"], [role="alertdialog"], [role="menu"]').first();
    await expect(popup).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(popup).toBeHidden();
  }
  await page.keyboard.press('?');
  await expect(page.getByRole('dialog', { name: /Keyboard shortcuts/ })).toBeVisible();
  await page.keyboard.press('Escape');
  return count;
}

test('no screen of the console logs a CSP violation', async ({ app, sandbox }) => {
  const violations = await watchViolations(app);
  await app.reload();
  await expect(app.getByTestId('current-connection')).toBeVisible();

  const order = (
    await api<{ results: { id: number }[] }>(sandbox, '/api/orders/', { page_size: 1 })
  ).results[0]!;
  const ret = (
    await api<{ results: { id: number; rma_number: string }[] }>(
      sandbox,
      '/api/returns/requests/',
      {
        page_size: 1,
      },
    )
  ).results[0]!;
  const shipment = (
    await api<{ shipment_id: string }[]>(sandbox, '/api/shipping/v1/shipments/')
  )[0]!;
  const event = (await api<{ id: number }[]>(sandbox, '/api/shipping/v1/tracking-events/'))[0]!;
  const stock = (
    await api<{ results: { product_id: number; location: { id: number } }[] }>(
      sandbox,
      '/api/inventory/',
      { page_size: 1 },
    )
  ).results[0]!;

  const screens: [string, RegExp][] = [
    ['#/orders', /^Orders$/],
    [`#/orders/${order.id}`, /^Order /],
    ['#/orders/new', /^Create order$/],
    ['#/shipments', /^Shipments$/],
    [`#/shipments/${encodeURIComponent(shipment.shipment_id)}`, /^Shipment /],
    ['#/tracking', /^Tracking$/],
    [`#/tracking/${event.id}`, /^Tracking event|^Scan/],
    ['#/returns', /^Returns$/],
    [`#/returns/${ret.id}`, new RegExp(`^Return ${ret.rma_number}$`)],
    ['#/inventory', /^Inventory$/],
    [`#/inventory/${stock.product_id}`, /./],
    ['#/locations', /^Locations$/],
    [`#/locations/${stock.location.id}`, /./],
    ['#/print-queue', /^Print queue$/],
    ['#/settings', /^Settings$/],
  ];
  let popups = 0;
  for (const [hash, heading] of screens) {
    await go(app, hash, heading);
    popups += await openEveryPopup(app);
  }
  // The screens above hold dialogs and menus (export, columns, print options, connections…).
  expect(popups).toBeGreaterThan(5);
  expect(await violations()).toEqual([]);
});

bare.describe('first run', () => {
  bare.use({ launch: { connect: 'none' } });

  bare('setup logs no CSP violation', async ({ app }) => {
    const violations = await watchViolations(app);
    await app.reload();
    await expect(app.getByRole('heading', { name: 'Welcome to Packbench' })).toBeVisible();
    await app.getByRole('button', { name: 'Test connection' }).click();
    await expect(app.getByText(/Enter|required|address/i).first()).toBeVisible();
    expect(await violations()).toEqual([]);
  });
});
