/**
 * A choice made just before the page goes away is kept. A person changes a view's tab and page
 * size, or the theme, and presses F5 (or closes the tab) at once: the writes still on their
 * way finish (settings writes are sent with keepalive) and the ones queued behind them are
 * sent as the page goes (use-view-state.ts). No wait for the settings file here: the reload
 * comes right after the last click, as a person's would.
 */
import { expect, openOrders, test } from './orders-fixture';

test('a view changed five times and reloaded at once keeps the last of each choice', async ({
  app,
}) => {
  await openOrders(app);
  await app.getByRole('tab', { name: /^Shipped/ }).click();
  // Each write waits for the one before it: the later ones are still queued at the reload.
  for (const size of ['25', '100', '25', '100']) {
    await app.getByLabel('Per page').selectOption(size);
  }
  await app.reload();
  await openOrders(app);
  await expect(app.getByRole('tab', { name: /^Shipped/ })).toHaveAttribute('aria-selected', 'true');
  await expect(app.getByLabel('Per page')).toHaveValue('100');
});

test('a theme chosen and reloaded at once is kept', async ({ app }) => {
  await app.getByRole('link', { name: 'Settings' }).click();
  await app.getByRole('tab', { name: 'Appearance' }).click();
  const html = app.locator('html');
  const next = (await html.getAttribute('data-theme')) === 'dark' ? 'Light' : 'Dark';
  await app.getByRole('radio', { name: next }).click();
  await app.reload();
  await app.getByRole('tab', { name: 'Appearance' }).click();
  await expect(app.getByRole('radio', { name: next })).toBeChecked();
  await expect(html).toHaveAttribute('data-theme', next.toLowerCase());
});
