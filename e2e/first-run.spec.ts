/**
 * First run: no connection saved → the setup screen. A bad key gets a clear verdict, a good
 * key connects (stored in the keychain), and "Try the sandbox" connects to the embedded one.
 */
import { expectNoSeriousA11yViolations } from './support/axe';
import { expect, test } from './support/console-fixture';
import { sandboxProcessForFile } from './support/sandbox-process';

test.use({ launch: { connect: 'none' } });

const sandbox = sandboxProcessForFile(test, 'good-key-0123456789');

test('shows the setup screen, with field errors for empty input', async ({ app }) => {
  await expect(app.getByRole('heading', { name: 'Welcome to Packbench' })).toBeVisible();
  await expectNoSeriousA11yViolations(app, 'the setup screen');
  await app.getByRole('button', { name: 'Save and connect' }).click();
  await expect(app.getByText('Give the connection a name')).toBeVisible();
  await expect(app.getByLabel('API base URL')).toHaveAttribute('aria-invalid', 'true');
  await expect(app.getByText('Enter the API key from your account settings.')).toBeVisible();
  await app.getByLabel('API base URL').fill('http://example.com');
  await app.getByLabel('API base URL').blur();
  await expect(app.getByText(/https:\/\//).first()).toBeVisible();
  await expectNoSeriousA11yViolations(app, 'the setup screen with errors');
});

test('a bad key gets a clear verdict and does not connect', async ({ app }) => {
  await app.getByLabel('Name').fill('Warehouse');
  await app.getByLabel('API base URL').fill(sandbox().url);
  await app.getByLabel('API key').fill('wrong-key-0123456789');
  await app.getByRole('button', { name: 'Test connection' }).click();
  const verdict = app.getByTestId('connection-verdict');
  await expect(verdict).toHaveAttribute('data-ok', 'false');
  await expect(verdict).toContainText('Connection failed');
  await expect(verdict).toContainText('refused this API key');
  await expectNoSeriousA11yViolations(app, 'the setup screen with a failed verdict');
  // Still on the setup screen.
  await expect(app.getByRole('heading', { name: 'Welcome to Packbench' })).toBeVisible();
});

test('a good key tests, saves to the keychain and connects', async ({ app }) => {
  await app.getByLabel('Name').fill('Main warehouse');
  await app.getByLabel('API base URL').fill(sandbox().url);
  await app.getByLabel('API key').fill(sandbox().key);
  await app.getByRole('button', { name: 'Test connection' }).click();
  const verdict = app.getByTestId('connection-verdict');
  await expect(verdict).toHaveAttribute('data-ok', 'true');
  await expect(verdict).toContainText(/Connected: [\d,]+ orders/);
  await app.getByRole('button', { name: 'Save and connect' }).click();
  const fallback = app.getByRole('button', { name: 'Use the key for this session only' });
  const shell = app.getByTestId('current-connection');
  await expect(shell.or(fallback)).toBeVisible();
  if (process.env.PACKBENCH_REQUIRE_KEYRING !== '1' && (await fallback.isVisible())) {
    // No Secret Service outside `npm test`: the person is told and may keep it for this run.
    await fallback.click();
  }
  await expect(shell).toHaveText('Main warehouse');
  await expect(app.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
  await app.getByRole('link', { name: 'Settings' }).click();
  await app.getByRole('tab', { name: 'Connections' }).click();
  const row = app.getByRole('listitem', { name: 'Main warehouse' });
  await expect(row).toContainText('…6789');
  // The saved connection, tested with the key as stored (never shown again in full).
  await row.getByRole('button', { name: 'Test' }).click();
  await expect(row.getByTestId('connection-verdict')).toHaveAttribute('data-ok', 'true');
  if (process.env.PACKBENCH_REQUIRE_KEYRING === '1') await expect(row).toContainText('(keychain)');
});

test('"Try the sandbox" starts the embedded sandbox and connects', async ({ app }) => {
  await app.getByRole('button', { name: 'Try the sandbox' }).click();
  await expect(app.getByTestId('current-connection')).toHaveText('Sandbox (demo data)');
  await expect(app.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
  await app.getByRole('button', { name: /^Connection:/ }).click();
  await app.getByRole('menuitem', { name: 'Manage connections…' }).click();
  const row = app.getByRole('listitem', { name: 'Sandbox (demo data)' });
  await row.getByRole('button', { name: 'Test' }).click();
  await expect(row.getByTestId('connection-verdict')).toContainText(/Connected: [\d,]+ orders/);
});
