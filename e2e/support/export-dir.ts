/**
 * The orders fixture with an export folder of the test's own: `<tmp>/packbench-<name>-<uuid>/
 * <...under>`, not made (the first export must make it), removed after the test, and the
 * console launched on the sandbox with PACKBENCH_EXPORT_DIR pointing there. Shared by the
 * suites that export and read the file back, instead of a pasted fixture in each.
 */
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Locator } from '@playwright/test';
import { test as ordersTest } from '../orders-fixture';

export function withExportDir(name: string, ...under: string[]) {
  return ordersTest.extend<{ exportDir: string }>({
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a fixture needs from this pattern
    exportDir: async ({}, use) => {
      const root = join(tmpdir(), `packbench-${name}-${randomUUID()}`);
      await use(join(root, ...under));
      await rm(root, { recursive: true, force: true });
    },
    launch: async ({ sandboxBoot, exportDir }, use) => {
      await use({
        connect: { apiBase: sandboxBoot.url, apiKey: sandboxBoot.key },
        env: { PACKBENCH_EXPORT_DIR: exportDir },
      });
    },
  });
}

/**
 * In the export dialog: a subfolder climbing out (`refused`, e.g. '../..') is refused in
 * words, then `subfolder` of the settings folder is taken. Returns the folder the dialog shows.
 */
export async function chooseSettingsSubfolder(
  dialog: Locator,
  refused: string,
  subfolder: string,
): Promise<string> {
  await dialog.getByLabel('Place').selectOption({ label: 'Packbench’s settings folder' });
  await dialog.getByLabel('Subfolder (optional)').fill(refused);
  await dialog.getByRole('button', { name: 'Use this folder' }).click();
  await expect(dialog.getByRole('alert')).toContainText('cannot start with a dot');
  await dialog.getByLabel('Subfolder (optional)').fill(subfolder);
  await dialog.getByRole('button', { name: 'Use this folder' }).click();
  await expect(dialog.getByTestId('export-folder')).toContainText(subfolder);
  return (await dialog.getByTestId('export-folder').locator('code').textContent())!;
}
