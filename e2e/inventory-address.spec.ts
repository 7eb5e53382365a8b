/**
 * The address is the source of a list's filters when it changes (issue 32: on
 * `#/inventory?location=2&low=1`, changing the address to `#/inventory?q=GFT-0078` was
 * ignored and overwritten by the old filters, even after a reload). On every inventory list
 * whose filters live in its address (the stock list, the recall, expired and reorder lists),
 * a new address typed over the old one is what the filters show, stays in the address, and
 * survives a reload. (Shipments and returns keep their filters in the settings file, not the
 * address: there is no address to change.)
 */
import { api, expect, test } from './orders-fixture';
import { goToAddress } from './support/views';

interface StockRow {
  sku: string;
  location: { id: number };
}

test('a changed address sets the filters of every inventory list, and a reload keeps it', async ({
  app,
  sandbox,
}) => {
  const first = await api<{ results: StockRow[] }>(sandbox, '/api/inventory/', { page_size: 1 });
  const row = first.results[0]!;
  const at = String(row.location.id);
  const location = app.getByLabel('Location', { exact: true });

  // The stock list: location and low stock, then a search alone typed over them.
  await goToAddress(app, `#/inventory?location=${at}&low=1`);
  await expect(app.getByLabel('Low stock')).toBeChecked();
  await expect(location).toHaveValue(at);
  await goToAddress(app, `#/inventory?q=${row.sku}`);
  const search = app.getByRole('search', { name: 'Search stock' }).getByRole('searchbox');
  await expect(search).toHaveValue(row.sku);
  await expect(app.getByLabel('Low stock')).not.toBeChecked();
  await expect(location).toHaveValue('');
  // Not overwritten by the old filters: the address still names the search alone.
  await expect(app).toHaveURL(new RegExp(`#/inventory\\?q=${row.sku}$`));
  await expect(app.getByTestId('stock-grid').locator('tbody tr').first()).toContainText(row.sku);
  await app.reload();
  await expect(
    app.getByRole('search', { name: 'Search stock' }).getByRole('searchbox'),
  ).toHaveValue(row.sku);
  await expect(app.getByLabel('Low stock')).not.toBeChecked();

  // The recall list: every location and mandatory, then one location alone.
  await goToAddress(app, '#/inventory/recalls?location=all&state=mandatory');
  await expect(app.getByLabel('Recall', { exact: true })).toHaveValue('mandatory');
  await goToAddress(app, `#/inventory/recalls?location=${at}`);
  await expect(location).toHaveValue(at);
  await expect(app.getByLabel('Recall', { exact: true })).toHaveValue('');
  await app.reload();
  await expect(app.getByLabel('Location', { exact: true })).toHaveValue(at);

  // The expired and reorder lists: all locations, then one.
  for (const list of ['expired', 'reorder']) {
    await goToAddress(app, `#/inventory/${list}?location=all`);
    await expect(location).toHaveValue('');
    await goToAddress(app, `#/inventory/${list}?location=${at}`);
    await expect(location).toHaveValue(at);
    await app.reload();
    await expect(app.getByLabel('Location', { exact: true })).toHaveValue(at);
  }
});
