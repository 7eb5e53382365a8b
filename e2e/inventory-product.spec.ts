/**
 * A product's stock page against its own sandbox: opened from the stock grid by keyboard
 * (j/k/Enter) and by its link, it shows the product, every location's totals with the bin
 * breakdown (stock not in a bin on its own row) and the batches soonest expiry first with
 * days until expiry and recall state, and the recent movements newest first — as the API
 * answers. axe on the page.
 */
import type { Page } from '@playwright/test';
import { api, expect, test } from './orders-fixture';
import { expectNoSeriousA11yViolations } from './support/axe';
import { clickView } from './support/views';

interface Batch {
  batch: { batch_code: string; days_until_expiry: number | null; recall_state: string };
}
interface Level {
  location: { id: number; code: string; name: string };
  available_total: number;
  bin_breakdown: { bin: { code: string } | null; available: number }[];
  batch_breakdown: Batch[];
}
interface ProductStock {
  product: { id: number; sku: string; name: string; recall: string | null };
  levels: Level[];
  movements_recent: { id: number; occurred_at: string }[];
}
interface StockPage {
  results: { product_id: number; sku: string; location: { id: number } }[];
}

async function openInventory(app: Page) {
  await clickView(app, 'Inventory');
  await expect(app.getByTestId('inventory-range')).toContainText(/Stock rows \d/);
}

test('product stock shows every section as the API answers it', async ({ app, sandbox }) => {
  // A product with stock outside any bin, several batches and a recall.
  const all = await api<StockPage>(sandbox, '/api/inventory/', { page_size: 500 });
  let stock: ProductStock | undefined;
  for (const id of [...new Set(all.results.map((r) => r.product_id))]) {
    const s = await api<ProductStock>(sandbox, `/api/inventory/${id}/`);
    const hasLoose = s.levels.some((l) => l.bin_breakdown.some((b) => b.bin === null));
    const batches = s.levels.some((l) => l.batch_breakdown.length > 1);
    if (hasLoose && batches && s.product.recall && s.movements_recent.length > 1) {
      stock = s;
      break;
    }
  }
  expect(stock, 'the sandbox has such a product').toBeDefined();
  const product = stock!.product;

  await openInventory(app);
  const search = app.getByRole('searchbox', { name: 'Search' });
  await search.fill(product.sku);
  await search.press('Enter');
  const first = app.locator('tbody tr[data-stock-row]').first();
  await expect(first).toHaveAttribute('data-stock-row', new RegExp(`^${product.id}@`));
  // Keyboard: j moves down, k back up, Enter opens the active row's product.
  await app.locator('body').click({ position: { x: 1, y: 1 } });
  // At a person's pace: keys a few milliseconds apart are a scanner's (held-shortcut.ts).
  await app.keyboard.type('jk', { delay: 120 });
  await expect(first).toBeFocused();
  await app.keyboard.press('Enter');

  await expect(app.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  const productSection = app.getByRole('region', { name: 'Product' });
  await expect(productSection.locator('[data-field="sku"]')).toHaveText(product.sku);
  await expect(productSection).toContainText(
    product.recall === 'mandatory' ? 'Mandatory recall' : 'Voluntary recall',
  );

  const levels = app.getByRole('region', { name: 'Stock per location' });
  for (const level of stock!.levels) {
    const region = levels.getByRole('region', {
      name: `${level.location.code} — ${level.location.name}`,
    });
    await expect(region.getByTestId('level-sum')).toContainText(
      `${level.available_total.toLocaleString('en-US')} available`,
    );
    const bins = region.getByRole('table', { name: 'Bins' });
    await expect(bins.locator('tbody tr')).toHaveCount(Math.max(1, level.bin_breakdown.length));
    if (level.bin_breakdown.some((b) => b.bin === null)) {
      await expect(bins.getByRole('rowheader', { name: 'Not in a bin' })).toBeVisible();
    }
    const batches = region.getByRole('table', { name: /^Batches/ });
    const codes = await batches
      .locator('tbody tr[data-batch-code]')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-batch-code')));
    const expected = [...level.batch_breakdown].sort(
      (a, b) => (a.batch.days_until_expiry ?? 1e9) - (b.batch.days_until_expiry ?? 1e9),
    );
    expect(codes).toEqual(expected.map((b) => b.batch.batch_code));
    for (const b of level.batch_breakdown) {
      const rowOf = batches.locator(`tr[data-batch-code="${b.batch.batch_code}"]`);
      const days = b.batch.days_until_expiry;
      if (days !== null && days > 1) await expect(rowOf).toContainText(`Expires in ${days} days`);
      if (b.batch.recall_state === 'voluntary')
        await expect(rowOf).toContainText('Voluntary recall');
      if (b.batch.recall_state === 'mandatory')
        await expect(rowOf).toContainText('Mandatory recall');
    }
  }

  const movements = app.getByRole('table', { name: 'Recent movements' });
  const ids = await movements
    .locator('tbody tr[data-movement-id]')
    .evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-movement-id'))));
  const newestFirst = [...stock!.movements_recent].sort(
    (a, b) => Date.parse(b.occurred_at) - Date.parse(a.occurred_at),
  );
  expect(ids).toEqual(newestFirst.map((m) => m.id));
  await expectNoSeriousA11yViolations(app, 'the product stock page');

  // Back to the list, and open the product by its link too.
  await app.getByRole('link', { name: 'Stock levels' }).click();
  await app.getByRole('link', { name: product.name }).first().click();
  await expect(app.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
});
