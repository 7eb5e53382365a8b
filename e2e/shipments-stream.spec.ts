/**
 * The shipments list arrives in chunks (issue 16): on a sandbox of ~25,000 shipments the grid
 * shows its first rows while the rest load, the count line says how far it has come and that
 * sort and filter cover only what has arrived, and the count grows to the whole list; a reload
 * shows the copy kept on disk with its age, then the fresh list.
 */
import { api, expect, test } from './orders-fixture';

test.use({ sandboxOptions: { rate: 0, scale: 20 } });

const loadedSoFar = (text: string) => {
  const m = /within the ([\d,]+) loaded so far/.exec(text);
  return m ? Number(m[1]!.replaceAll(',', '')) : null;
};

test('the first shipments show while the rest load, the count grows, a reload shows the kept copy', async ({
  app,
  sandbox,
}) => {
  test.setTimeout(120_000);
  const all = await api<{ shipment_id: string }[]>(sandbox, '/api/shipping/v1/shipments/');
  expect(all.length).toBeGreaterThan(20_000);
  await app
    .getByRole('navigation', { name: 'Views' })
    .getByRole('link', { name: 'Shipments' })
    .click();
  const count = app.getByTestId('shipments-count');
  // Rows in the grid while the list is still loading.
  await expect(count).toContainText('sorted and filtered within the', { timeout: 60_000 });
  const first = loadedSoFar((await count.textContent()) ?? '');
  expect(first).not.toBeNull();
  expect(first!).toBeLessThan(all.length);
  await expect(
    app.getByTestId('shipments-grid').locator('[role="row"][data-shipment-id]').first(),
  ).toBeVisible();
  await app.screenshot({ path: `/tmp/stream16-loading-${app.viewportSize()?.width}.png` });
  // The count grows to the whole list.
  const f = (n: number) => n.toLocaleString('en-US');
  await expect(count).toHaveText(`${f(all.length)} of ${f(all.length)} shipments`, {
    timeout: 90_000,
  });
  await app.screenshot({ path: '/tmp/stream16-loaded.png' });

  // A reload shows the copy kept on disk at once, with its age, while a fresh list loads.
  // The second look at the larger of the two sizes the console is checked at.
  await app.setViewportSize({ width: 1440, height: 900 });
  await app.reload();
  await app
    .getByRole('navigation', { name: 'Views' })
    .getByRole('link', { name: 'Shipments' })
    .click();
  await expect(count).toContainText('as of just now', { timeout: 60_000 });
  await app.screenshot({ path: '/tmp/stream16-kept.png' });
  await expect(count).toHaveText(`${f(all.length)} of ${f(all.length)} shipments`, {
    timeout: 90_000,
  });
});
