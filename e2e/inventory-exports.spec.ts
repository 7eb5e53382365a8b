/**
 * A supervisor's exports against a standalone sandbox (issue 13): the stock list of one
 * location, the exceptions board and the recall list, each exported to CSV into the default
 * export folder (missing, so made) and read back against what the sandbox's API says and what
 * the screen shows; the reorder list equals the rows at or below their reorder point computed
 * here from the API, and exports too. axe on the reorder list and the export dialog.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { api, expect } from './orders-fixture';
import { DIALOG, expectNoSeriousA11yViolations } from './support/axe';
import { withExportDir } from './support/export-dir';
import type { SandboxProcess } from './support/sandbox-process';
import { clickView } from './support/views';

const test = withExportDir('supervisor', 'Exports');

interface StockRow {
  product_id: number;
  sku: string;
  location: { id: number; code: string };
  available: number;
  reorder_point: number | null;
  reorder_point_source: string;
}

async function locationRows(sandbox: SandboxProcess, location: number): Promise<StockRow[]> {
  const rows: StockRow[] = [];
  for (let page = 1; ; page++) {
    const answer = await api<{ results: StockRow[]; next: string | null }>(
      sandbox,
      '/api/inventory/',
      { location, page_size: 500, page },
    );
    rows.push(...answer.results);
    if (!answer.next) return rows;
  }
}

/** Export CSV… → Export, into the default folder; the file read back as records. */
async function exportShown(app: Page, exportDir: string, dialogName: string, axe = false) {
  await app.getByRole('button', { name: 'Export CSV…' }).click();
  const dialog = app.getByRole('dialog', { name: dialogName });
  await expect(dialog).toContainText(exportDir);
  if (axe) await expectNoSeriousA11yViolations(app, 'the export dialog', { within: DIALOG });
  await dialog.getByRole('button', { name: 'Export' }).click();
  const path = app.getByTestId('export-path');
  await expect(path).toContainText(exportDir, { timeout: 60_000 });
  const file = (await path.textContent())!;
  await app.getByTestId('export-outcome').getByRole('button', { name: 'Dismiss' }).click();
  return parse(await readFile(file, 'utf8'), { columns: true }) as Record<string, string>[];
}

const section = (app: Page, name: string) =>
  app.getByRole('navigation', { name: 'Inventory sections' }).getByRole('link', { name }).click();

test('the stock list, the board, the recall list and the reorder list export to CSV', async ({
  app,
  sandbox,
  exportDir,
}) => {
  const locations = await api<{ id: number; code: string }[]>(sandbox, '/api/locations/');
  const where = locations[0]!;
  const expected = await locationRows(sandbox, where.id);
  const key = (r: { product_id?: number | string; sku?: string }) => `${r.product_id}|${r.sku}`;

  // The stock list of one location: every row of it, not only the page on screen.
  await clickView(app, 'Inventory');
  await app.getByLabel('Location', { exact: true }).selectOption(String(where.id));
  await expect(app.getByTestId('inventory-range')).toContainText(
    expected.length.toLocaleString('en-US'),
  );
  const stock = await exportShown(app, exportDir, 'Export stock rows to CSV', true);
  expect(stock.length).toBe(expected.length);
  expect(expected.length).toBeGreaterThan(50);
  expect(stock.map(key).sort()).toEqual(expected.map(key).sort());
  expect(stock.every((r) => r.location_code === where.code)).toBe(true);

  // The board, once counted: a row per location and the total, as on screen.
  await section(app, 'Exceptions');
  await expect(app.getByTestId('board-age')).toHaveText(/^Counted /, { timeout: 60_000 });
  const board = await exportShown(app, exportDir, 'Export board rows to CSV');
  expect(board.map((r) => r.location_code)).toEqual([
    ...locations.map((l) => l.code),
    'All locations',
  ]);
  const mandatoryShown = await app.locator('td[data-board-cell="mandatory@all"]').textContent();
  expect(board.at(-1)!.mandatory_recall).toBe(mandatoryShown!.replace(/,/g, ''));
  expect(Number(board.at(-1)!.mandatory_recall)).toBeGreaterThan(0);

  // The recall list: the batches shown, in the order shown.
  await section(app, 'Recalls');
  await expect(app.getByTestId('recall-summary')).toBeVisible({ timeout: 60_000 });
  const shownBatches = await app
    .getByTestId('recall-grid')
    .locator('[data-field="batch"]')
    .allTextContents();
  const recalls = await exportShown(app, exportDir, 'Export recalled batches to CSV');
  expect(recalls.map((r) => r.batch_code)).toEqual(shownBatches);
  expect(recalls.some((r) => r.recall === 'mandatory')).toBe(true);

  // The reorder list at one location: exactly the rows at or below their point, from the API.
  await section(app, 'Reorder');
  await expect(app.getByRole('heading', { level: 1, name: 'Reorder' })).toBeVisible();
  await app.getByLabel('Location', { exact: true }).selectOption(String(where.id));
  await expect(app).toHaveURL(new RegExp(`#/inventory/reorder\\?location=${where.id}$`));
  const due = expected.filter((r) => r.reorder_point !== null && r.available <= r.reorder_point);
  expect(due.length).toBeGreaterThan(0);
  await expect(app.getByTestId('reorder-summary')).toContainText(
    `${due.length.toLocaleString('en-US')} ${due.length === 1 ? 'row is' : 'rows are'} at or below`,
    { timeout: 60_000 },
  );
  await expect(app.getByTestId('reorder-grid').locator('tbody tr[data-reorder-row]')).toHaveCount(
    due.length,
  );
  await expectNoSeriousA11yViolations(app, 'the reorder list');
  const reorder = await exportShown(app, exportDir, 'Export rows to reorder to CSV');
  expect(reorder.map((r) => `${r.product_id}|${r.sku}`).sort()).toEqual(due.map(key).sort());
  for (const row of reorder) {
    const api = due.find((r) => String(r.product_id) === row.product_id)!;
    expect(Number(row.below_point_by)).toBe(api.reorder_point! - api.available);
    expect(row.reorder_point_source).toBe(api.reorder_point_source || 'not set');
  }
  // The address is a bookmark: a reload shows the same list.
  await app.reload();
  await expect(app.getByLabel('Location', { exact: true })).toHaveValue(String(where.id));
  await expect(app.getByTestId('reorder-grid').locator('tbody tr[data-reorder-row]')).toHaveCount(
    due.length,
  );
});
