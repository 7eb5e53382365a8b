/**
 * A supervisor marks a recalled batch pulled, in Chromium against the embedded sandbox: the
 * recall list names the bins at the batch's location; "Pulled…" records units from one bin
 * (who is the console's to fill in); the row then says who pulled how many and shows the
 * units still on the shelf; a reload reads the mark back from the local store. Screenshots at
 * 1280x720 and 1440x900 are attached.
 */
import { expect, test } from './orders-fixture';
import { goToAddress } from './support/views';

const shelf = (n: number) => `On shelf: ${n.toLocaleString('en-US')}`;

test('a recalled batch marked pulled shows what is left on the shelf, after a reload too', async ({
  app,
}, testInfo) => {
  await goToAddress(app, '#/inventory/recalls?location=all');
  await expect(app.getByRole('heading', { level: 1, name: 'Recalls' })).toBeVisible();
  const first = app.locator('[data-recall-row]').first();
  await expect(first).toBeVisible({ timeout: 60_000 });
  const rowId = (await first.getAttribute('data-recall-row'))!;
  const row = app.locator(`[data-recall-row="${rowId}"]`);
  await expect(row.locator('[data-field="bins"]')).not.toHaveText('');
  const before = Number(
    (await row.locator('[data-field="on-shelf"]').textContent())!.replace(/\D/g, ''),
  );
  expect(before).toBeGreaterThan(0);
  await expect(row.locator('[data-field="pulled"]')).toHaveCount(0);

  await row.getByRole('button', { name: /^Pulled… / }).click();
  const dialog = app.getByRole('dialog');
  await dialog.getByLabel('Units pulled').fill('1');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(row.locator('[data-field="pulled"]')).toHaveText(/^Pulled 1 by .+ at \d/);
  await expect(row.locator('[data-field="on-shelf"]')).toHaveText(shelf(before - 1));

  await app.reload();
  await expect(row.locator('[data-field="on-shelf"]')).toHaveText(shelf(before - 1), {
    timeout: 60_000,
  });
  await expect(row.locator('[data-field="pulled"]')).toHaveText(/^Pulled 1 by .+ at \d/);
  for (const [width, height] of [
    [1280, 720],
    [1440, 900],
  ] as const) {
    await app.setViewportSize({ width, height });
    const shot = testInfo.outputPath(`recalls-pulled-${width}x${height}.png`);
    await app.screenshot({ path: shot });
    await testInfo.attach(`${width}x${height}`, { path: shot, contentType: 'image/png' });
  }
});
