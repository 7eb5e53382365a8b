/**
 * A returns clerk records what came back, in Chromium against a standalone sandbox: in the
 * split view, r, c and s on the first line of a return (received, opened, restock), l and w
 * on its next line where there is one; each shows at once with who recorded it, is still
 * there after a reload, and the dispositions CSV for the ERP reads back with csv-parse as
 * recorded. Screenshots at 1280x720 and 1440x900 are attached. axe on the panel.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { api, expect } from './orders-fixture';
import { expectNoSeriousA11yViolations } from './support/axe';
import { withExportDir } from './support/export-dir';
import { clickView } from './support/views';

const test = withExportDir('dispositions', 'exports');

interface Return {
  id: number;
  rma_number: string;
  lines: { sku: string; quantity: number }[];
}

const lineAt = (app: Page, i: number) => app.getByTestId('disposition-line').nth(i);

test('a clerk records each line’s disposition by key and exports them for the ERP', async ({
  app,
  sandbox,
}, testInfo) => {
  await clickView(app, 'Returns');
  await expect(app.getByTestId('returns-range')).toContainText(/Returns \d/);
  const pane = app.getByTestId('return-detail');
  const id = Number(await pane.getAttribute('data-return-id'));
  const ret = await api<Return>(sandbox, `/api/returns/requests/${id}/`);
  const panel = app.getByTestId('disposition-panel');
  await expect(app.getByTestId('disposition-line')).toHaveCount(ret.lines.length);
  // The keys go to the list, as the clerk's hands are on it.
  await app.locator(`tr[data-return-id="${id}"]`).focus();

  // Each key, then what it shows (a person's pace: keys bunched together read as a scan).
  for (const [key, attribute, value] of [
    ['r', 'data-received', 'true'],
    ['c', 'data-condition', 'new'],
    ['c', 'data-condition', 'opened'],
    ['s', 'data-action', 'restock'],
  ] as const) {
    await app.keyboard.press(key);
    await expect(lineAt(app, 0)).toHaveAttribute(attribute, value);
  }
  await expect(lineAt(app, 0)).toHaveAttribute('data-received', 'true');
  await expect(lineAt(app, 0).getByTestId('disposition-by')).toContainText('Recorded by');
  if (ret.lines.length > 1) {
    await app.keyboard.press('l');
    await expect(lineAt(app, 1)).toHaveAttribute('data-current', 'true');
    await app.keyboard.press('w');
    await expect(lineAt(app, 1)).toHaveAttribute('data-action', 'write_off');
  }
  await expectNoSeriousA11yViolations(app, 'the dispositions panel');
  for (const [width, height] of [
    [1280, 720],
    [1440, 900],
  ] as const) {
    await app.setViewportSize({ width, height });
    const shot = testInfo.outputPath(`dispositions-${width}x${height}.png`);
    await app.screenshot({ path: shot });
    await testInfo.attach(`${width}x${height}`, { path: shot, contentType: 'image/png' });
  }

  // Kept: a reload shows the same.
  await app.reload();
  await expect(pane).toHaveAttribute('data-return-id', String(id));
  await expect(lineAt(app, 0)).toHaveAttribute('data-condition', 'opened');
  await expect(lineAt(app, 0)).toHaveAttribute('data-action', 'restock');

  await panel.getByRole('button', { name: 'Export dispositions for the ERP' }).click();
  const path = panel.getByTestId('export-path');
  await expect(path).toBeVisible();
  const rows = parse(await readFile((await path.textContent())!, 'utf8'), {
    bom: true,
    columns: true,
  }) as Record<string, string>[];
  expect(rows).toHaveLength(ret.lines.length > 1 ? 2 : 1);
  expect(rows[0]).toMatchObject({
    rma_number: ret.rma_number,
    return_id: String(id),
    line: '1',
    sku: ret.lines[0]!.sku,
    quantity: String(ret.lines[0]!.quantity),
    received: 'yes',
    condition: 'opened',
    action: 'restock',
  });
  if (ret.lines.length > 1) expect(rows[1]).toMatchObject({ line: '2', action: 'write_off' });
});
