/**
 * Several connections: the embedded sandbox and a second account added in Settings, switched
 * from the header menu (the order count follows the account), and one removed after asking.
 */
import { expect, test } from './support/console-fixture';
import { sandboxProcessForFile } from './support/sandbox-process';

const other = sandboxProcessForFile(test, 'other-key-0123456789');

test('add, switch and remove connections', async ({ app }) => {
  const current = app.getByTestId('current-connection');
  await expect(current).toHaveText('Sandbox (demo data)');
  await app.getByRole('link', { name: 'Settings' }).click();
  await app.getByRole('tab', { name: 'Connections' }).click();
  await app.getByRole('button', { name: 'Add connection' }).click();
  const dialog = app.getByRole('dialog', { name: 'Add a connection' });
  await dialog.getByLabel('Name').fill('Sandbox (demo data)');
  await dialog.getByLabel('API base URL').fill(other().url);
  await dialog.getByLabel('API key').fill(other().key);
  await dialog.getByRole('button', { name: 'Save and connect' }).click();
  // The name is taken: the bridge's field error lands on the field.
  await expect(dialog.getByText(/already called/)).toBeVisible();
  await dialog.getByLabel('Name').fill('Second site');
  await dialog.getByRole('button', { name: 'Save and connect' }).click();
  const fallback = dialog.getByRole('button', { name: 'Use the key for this session only' });
  await expect(current.or(fallback).first()).toBeVisible();
  if (process.env.PACKBENCH_REQUIRE_KEYRING !== '1' && (await fallback.isVisible())) {
    await fallback.click();
  }
  await expect(dialog).toBeHidden();
  await expect(current).toHaveText('Second site');

  const rows = app.getByRole('list', { name: 'Saved connections' }).getByRole('listitem');
  await expect(rows).toHaveCount(2);
  const second = app.getByRole('listitem', { name: 'Second site' });
  await second.getByRole('button', { name: 'Test' }).click();
  await expect(second.getByTestId('connection-verdict')).toHaveAttribute('data-ok', 'true');

  // Switch back from the header menu.
  await app.getByRole('button', { name: /^Connection:/ }).click();
  await app.getByRole('menuitemradio', { name: /Sandbox \(demo data\)/ }).click();
  await expect(current).toHaveText('Sandbox (demo data)');

  // Remove the second one, after confirming.
  await second.getByRole('button', { name: 'Remove…' }).click();
  const confirm = app.getByRole('alertdialog', { name: 'Remove Second site?' });
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(rows).toHaveCount(1);
  await expect(current).toHaveText('Sandbox (demo data)');
});
