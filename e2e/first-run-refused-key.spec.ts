/**
 * A key the API refuses is never saved and selected silently: at first run "Save and connect"
 * tests it and saves nothing, "Save anyway" is the explicit second step, and a connection
 * whose key is refused says so at once over every view (never an endless "Loading…").
 */
import { bridgeCall } from './orders-fixture';
import { expectNoSeriousA11yViolations } from './support/axe';
import { expect, launchConsole, test } from './support/console-fixture';
import { type SandboxProcess, startSandboxProcess } from './support/sandbox-process';

let sandbox: SandboxProcess;
test.beforeAll(async () => {
  sandbox = await startSandboxProcess({ key: 'good-key-0123456789' });
});
test.afterAll(async () => {
  await sandbox?.stop();
});

test.describe('at first run', () => {
  test.use({ launch: { connect: 'none' } });

  test('a refused key is not saved without "Save anyway"', async ({ app, packbench }) => {
    await app.getByLabel('Name').fill('Warehouse');
    await app.getByLabel('API base URL').fill(sandbox.url);
    await app.getByLabel('API key').fill('wrong-key-0123456789');
    await app.getByRole('button', { name: 'Save and connect' }).click();

    await expect(app.getByTestId('connection-verdict')).toContainText('refused this API key');
    await expect(app.getByTestId('not-saved')).toContainText('Not saved.');
    await expectNoSeriousA11yViolations(app, 'the setup screen with a refused key');
    // Nothing was saved: the bridge lists no connection, and a reload is still first run.
    const list = await bridgeCall<{ connections: unknown[] }>(packbench.url, 'connectionsList', {});
    expect(list.connections).toEqual([]);
    await app.reload();
    await expect(app.getByRole('heading', { name: 'Welcome to Packbench' })).toBeVisible();

    // The explicit second step saves it, and the console says at once that the key is refused.
    await app.getByLabel('Name').fill('Warehouse');
    await app.getByLabel('API base URL').fill(sandbox.url);
    await app.getByLabel('API key').fill('wrong-key-0123456789');
    await app.getByRole('button', { name: 'Save and connect' }).click();
    await app.getByRole('button', { name: 'Save anyway' }).click();
    const fallback = app.getByRole('button', { name: 'Use the key for this session only' });
    const refused = app.getByTestId('key-refused');
    await expect(refused.or(fallback)).toBeVisible();
    if (await fallback.isVisible()) await fallback.click();
    await expect(refused).toContainText('The API refused the key of Warehouse');
    await expectNoSeriousA11yViolations(app, 'the console with a refused key');
  });
});

test('a saved connection whose key is refused says so at once, on every view', async ({ page }) => {
  const { running, stop } = await launchConsole({
    connect: { apiBase: sandbox.url, apiKey: 'revoked-key-0123456789' },
  });
  try {
    await page.goto(running.url);
    const refused = page.getByTestId('key-refused');
    await expect(refused).toContainText('The API refused the key');
    await page.getByRole('link', { name: 'Returns' }).click();
    await expect(page.getByRole('heading', { name: 'Returns', level: 1 })).toBeVisible();
    await expect(refused).toBeVisible();
    await expect(page.getByText('Loading returns…')).toBeHidden();
  } finally {
    await stop();
  }
});
