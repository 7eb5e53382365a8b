/**
 * The shell on the embedded sandbox (as `npm run demo` starts it): every view is reachable
 * and renders (views not built yet show their "coming" page), keyboard navigation and the
 * shortcut sheet, search focus, and axe on every screen.
 */
import type { Page } from '@playwright/test';
import { DIALOG, expectNoSeriousA11yViolations } from './support/axe';
import { expect, test } from './support/console-fixture';

// One console for the file: its tests only move between views and open dialogs they close;
// the one thing written (the Orders search typed in the third test) no other test reads.
test.use({ consoleScope: 'file' });

const VIEWS = [
  ['Orders', 'g o'],
  ['Shipments', 'g s'],
  ['Tracking', 'g t'],
  ['Returns', 'g r'],
  ['Inventory', 'g i'],
  ['Locations', 'g l'],
  ['Print queue', 'g p'],
  ['Settings', 'g ,'],
] as const;

/**
 * Presses a "g" sequence at a person's pace. Keys a few milliseconds apart are a barcode
 * scanner's (the Orders view's scan listener keeps them from the shortcuts), so Playwright's
 * back-to-back presses would be read as the start of a scan.
 */
async function goTo(app: Page, keys: string): Promise<void> {
  await settled(app);
  await app.keyboard.type(keys.replace(' ', ''), { delay: 120 });
}

/**
 * Waits until the page's main thread is free (frames come at their pace for a moment): a
 * view still rendering its first data on a loaded machine can hold the second key of a "g"
 * sequence past the sequence's one-second window, which no person at a bench would see.
 */
async function settled(app: Page): Promise<void> {
  await app.evaluate(
    () =>
      new Promise<void>((done) => {
        const started = performance.now();
        let last = started;
        let calm = 0;
        const frame = (now: number) => {
          calm = now - last < 50 ? calm + (now - last) : 0;
          last = now;
          if (calm >= 250 || now - started > 10_000) done();
          else requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
  );
}

test('every view opens from the navigation, and none is broken', async ({ app }) => {
  await expect(app.getByTestId('current-connection')).toHaveText('Sandbox (demo data)');
  const nav = app.getByRole('navigation', { name: 'Views' });
  for (const [label] of VIEWS) {
    await nav.getByRole('link', { name: label }).click();
    await expect(app.getByRole('heading', { level: 1, name: label })).toBeVisible();
    await expect(nav.getByRole('link', { name: label })).toHaveAttribute('aria-current', 'page');
    await expect(app).toHaveTitle(`${label} · Packbench`);
    // Views that later issues build say so; none may land in its error boundary.
    const coming = app.getByTestId('coming-view');
    if ((await coming.count()) > 0) await expect(coming).toContainText(`${label} is coming`);
    await expect(app.getByText(/could not be shown/)).toHaveCount(0);
    await expectNoSeriousA11yViolations(app, `the ${label} view`);
  }
});

test('g + letter goes to each view; the address survives a reload', async ({ app }) => {
  await expect(app.getByTestId('current-connection')).toHaveText('Sandbox (demo data)');
  for (const [label, keys] of VIEWS) {
    await goTo(app, keys);
    await expect(app.getByRole('heading', { level: 1, name: label })).toBeVisible();
  }
  await app.reload();
  // The session token came from the fragment once and is kept for this tab.
  await expect(app.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  expect(new URL(app.url()).hash).toBe('#/settings');
});

test('? opens the shortcut sheet, / focuses search, letters are ignored while typing', async ({
  app,
}) => {
  // A view without a search box of its own: "/" takes the header's.
  await expect(app.getByTestId('current-connection')).toHaveText('Sandbox (demo data)');
  await goTo(app, 'g t');
  await expect(app.getByRole('heading', { level: 1, name: 'Tracking' })).toBeVisible();
  await app.keyboard.press('Shift+?');
  const sheet = app.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(sheet).toBeVisible();
  await expect(sheet.getByRole('region', { name: 'Go to' })).toContainText('Print queue');
  await expectNoSeriousA11yViolations(app, 'the shortcut sheet', { within: DIALOG });
  await app.keyboard.press('Escape');
  await expect(sheet).toBeHidden();

  await app.keyboard.press('/');
  const search = app.getByRole('searchbox', { name: 'Find an order' });
  await expect(search).toBeFocused();
  await app.keyboard.type('g s');
  // Typed into the field, not taken as "go to Shipments".
  await expect(search).toHaveValue('g s');
  await expect(app.getByRole('heading', { level: 1, name: 'Tracking' })).toBeVisible();
  // Enter takes the search to the Orders view.
  await app.keyboard.press('Enter');
  await expect(app.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();

  // On the Orders view the sheet also lists the grid's keys, each with its key.
  // Out of the search box first: letters typed there are text, not shortcuts.
  await app.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await app.keyboard.press('Shift+?');
  const orders = sheet.getByRole('region', { name: 'Orders' });
  for (const [label, key] of [
    ['Next row', 'j'],
    ['Previous row', 'k'],
    ['Open the order', 'Enter'],
    ['Print the row’s label', 'p'],
    ['Select or clear the row', 'x'],
  ]) {
    await expect(orders.getByRole('term').filter({ hasText: label })).toHaveCount(1);
    await expect(
      orders.locator('div').filter({ has: app.getByRole('term').filter({ hasText: label }) }),
    ).toContainText(key!);
  }
  await expect(sheet.getByRole('region', { name: 'General' })).toContainText('Search');
});

test('the connection menu, settings tabs and dialogs pass axe', async ({ app }) => {
  await app.getByRole('button', { name: /^Connection:/ }).click();
  const menu = app.getByRole('menu');
  await expect(menu.getByRole('menuitemradio', { name: /Sandbox/ })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await expectNoSeriousA11yViolations(app, 'the connection menu');
  await menu.getByRole('menuitem', { name: 'Manage connections…' }).click();
  await expect(app.getByRole('tab', { name: 'Connections', selected: true })).toBeVisible();
  await expectNoSeriousA11yViolations(app, 'Settings → Connections');
  await app.getByRole('button', { name: 'Add connection' }).click();
  await expect(app.getByRole('dialog', { name: 'Add a connection' })).toBeVisible();
  await expectNoSeriousA11yViolations(app, 'the add-connection dialog');
  await app.keyboard.press('Escape');
  await app.getByRole('tab', { name: 'Keyboard' }).click();
  await expectNoSeriousA11yViolations(app, 'Settings → Keyboard');
  await app.getByRole('tab', { name: 'Appearance' }).click();
  await expectNoSeriousA11yViolations(app, 'Settings → Appearance');
});
