/**
 * The Returns worklist's CSV export: the current filter exported to a chosen folder through
 * the bridge, and the file read back has exactly the returns the sandbox lists for the same
 * filter. A folder is chosen among the offered places, never typed as a path; a way out
 * (`../etc`) is refused in the dialog. axe on the dialog.
 */
import { readFile, rm } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import { api, expect, test } from './orders-fixture';
import { DIALOG, expectNoSeriousA11yViolations } from './support/axe';
import { chooseSettingsSubfolder } from './support/export-dir';
import { clickView } from './support/views';

test('export the current filter to CSV and read it back', async ({ app, sandbox }) => {
  // Browser mode chooses among a few places (the config folder is one): never a typed path.
  const subfolder = `returns-export-${Date.now()}`;
  let folder = '';
  try {
    await clickView(app, 'Returns');
    await app.getByLabel('Status').selectOption('closed');
    await app.getByLabel('Channel', { exact: true }).selectOption('Amazon');
    const expected = await api<{ count: number; results: { id: number }[] }>(
      sandbox,
      '/api/returns/requests/',
      { status: 'closed', channel: 'Amazon', page_size: 500 },
    );
    expect(expected.count).toBeGreaterThan(0);
    await expect(app.getByTestId('returns-range')).toHaveText(
      `Returns 1–${Math.min(50, expected.count)} of ${expected.count}`,
    );

    await app.getByRole('button', { name: 'Export CSV…' }).click();
    const dialog = app.getByRole('dialog', { name: 'Export returns to CSV' });
    await expect(dialog).toContainText(`All ${expected.count} returns matching`);
    folder = await chooseSettingsSubfolder(dialog, '../etc', subfolder);
    await expectNoSeriousA11yViolations(app, 'the returns export dialog', { within: DIALOG });
    await dialog.getByRole('button', { name: 'Export' }).click();

    const path = app.getByTestId('export-path');
    await expect(path).toContainText(folder);
    const rows = parse(await readFile((await path.textContent())!, 'utf8'), {
      columns: true,
    }) as { id: string; status: string; channel: string }[];
    expect(rows.map((r) => Number(r.id)).sort((a, b) => a - b)).toEqual(
      expected.results.map((r) => r.id).sort((a, b) => a - b),
    );
    expect(rows.every((r) => r.channel === 'Amazon')).toBe(true);
    expect(rows.every((r) => ['COMPLETED', 'REJECTED', 'CANCELLED'].includes(r.status))).toBe(true);
    await expect(app.getByTestId('export-outcome')).toContainText(`${rows.length} rows written`);
  } finally {
    if (folder) await rm(folder, { recursive: true, force: true });
  }
});
