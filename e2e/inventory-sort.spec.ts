/**
 * Sorting the stock list (issue 13) against a standalone sandbox: a header sorts the whole
 * filtered list, not the page on screen — page 1 and page 2 are exactly the first hundred rows
 * of every stock row sorted here from the sandbox's API (same order, ties by SKU and location);
 * the other direction; the sort in the address survives a reload; the way back to the API's
 * order. axe on the sorted list.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './orders-fixture';
import { expectNoSeriousA11yViolations } from './support/axe';
import { everyStockRow } from './support/stock-rows';
import { clickView } from './support/views';

// One console and sandbox for the file: the tests only read stock; the sort is in the address
// and the view's saved state, forgotten before each test (support/bridge-call.ts).
test.use({ consoleScope: 'file' });

const shownKeys = (app: Page) =>
  app
    .getByTestId('stock-grid')
    .locator('tbody tr[data-stock-row]')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-stock-row')));

test('a header sorts every stock row, across pages, and the sort is in the address', async ({
  app,
  sandbox,
}) => {
  const every = await everyStockRow(sandbox);
  expect(every.length).toBeGreaterThan(100);
  const order = (desc: boolean) =>
    [...every]
      .sort(
        (a, b) =>
          (desc ? b.available - a.available : a.available - b.available) ||
          a.sku.localeCompare(b.sku) ||
          a.location.code.localeCompare(b.location.code),
      )
      .map((r) => `${r.product_id}@${r.location.id}`);

  await clickView(app, 'Inventory');
  await expect(app.getByTestId('inventory-range')).toContainText(/\d/);
  const header = app.locator('th[data-column-id="available"]');
  await header.getByRole('button').click();
  await expect(app).toHaveURL(/sort=available(?!&desc)/);
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  await expect(app.getByTestId('sort-status')).toContainText(
    `Sorted by available, lowest first, over all ${every.length.toLocaleString('en-US')} rows`,
  );
  const up = order(false);
  await expect.poll(() => shownKeys(app)).toEqual(up.slice(0, 50));
  await expectNoSeriousA11yViolations(app, 'the sorted stock list');
  await app.getByRole('button', { name: 'Next page' }).click();
  await expect.poll(() => shownKeys(app)).toEqual(up.slice(50, 100));

  // The other way: back to page 1, highest first.
  await header.getByRole('button').click();
  await expect(app).toHaveURL(/sort=available&desc=1/);
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  const down = order(true);
  await expect.poll(() => shownKeys(app)).toEqual(down.slice(0, 50));

  // A bookmark: the reload shows the same sorted rows.
  await app.reload();
  await expect(app.getByTestId('sort-status')).toContainText('highest first');
  await expect.poll(() => shownKeys(app)).toEqual(down.slice(0, 50));

  // Back to the API's own order.
  await app.getByRole('button', { name: 'API order' }).click();
  await expect(app).not.toHaveURL(/sort=/);
  await expect(app.getByTestId('sort-status')).toHaveCount(0);
  await expect
    .poll(() => shownKeys(app))
    .toEqual(every.slice(0, 50).map((r) => `${r.product_id}@${r.location.id}`));
});

/** Headers whose text is cut (ellipsis) or broken over lines, and batch codes broken. */
async function broken(app: Page, grid: string) {
  return app.getByTestId(grid).evaluate((table) => {
    // Lines a text takes: its rendered pieces grouped by top, pieces less than half a line
    // apart on one line (a sign and a word in two spans sit a pixel or two apart).
    const lines = (el: Element) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      const half = Number.parseFloat(getComputedStyle(el).fontSize) / 2;
      const tops = Array.from(range.getClientRects(), (r) => r.top).sort((x, y) => x - y);
      return tops.filter((top, i) => i === 0 || top - tops[i - 1]! > half).length;
    };
    const out: string[] = [];
    for (const th of Array.from(table.querySelectorAll('thead th'))) {
      const label = (th.querySelector('button') ?? th) as HTMLElement;
      if (label.scrollWidth > label.clientWidth + 1 || lines(label) > 1) {
        out.push(`header ${th.textContent}`);
      }
    }
    for (const code of Array.from(table.querySelectorAll('[data-field="batch"]'))) {
      if (lines(code) > 1) out.push(`batch ${code.textContent}`);
    }
    return out;
  });
}

for (const [width, height] of [
  [1280, 720],
  [1440, 900],
] as const) {
  test(`at ${width}x${height} the supervisor's lists keep headers and batch codes whole`, async ({
    app,
  }) => {
    await app.setViewportSize({ width, height });
    await clickView(app, 'Inventory');
    await expect(app.getByTestId('stock-grid').locator('tbody tr').first()).toBeVisible();
    expect(await broken(app, 'stock-grid')).toEqual([]);
    const sections = app.getByRole('navigation', { name: 'Inventory sections' });
    await sections.getByRole('link', { name: 'Exceptions' }).click();
    await expect(app.getByTestId('board-age')).toHaveText(/^Counted /, { timeout: 60_000 });
    expect(await broken(app, 'exceptions-board')).toEqual([]);
    await sections.getByRole('link', { name: 'Recalls' }).click();
    await expect(
      app.getByTestId('recall-grid').locator('[data-field="batch"]').first(),
    ).toBeVisible({ timeout: 60_000 });
    expect(await broken(app, 'recall-grid')).toEqual([]);
    await sections.getByRole('link', { name: 'Reorder' }).click();
    await expect(app.getByTestId('reorder-summary')).toBeVisible({ timeout: 60_000 });
    expect(await broken(app, 'reorder-grid')).toEqual([]);
    // No column is cut off: the last header is reachable inside the window.
    const last = app.getByTestId('reorder-grid').locator('thead th').last();
    await last.scrollIntoViewIfNeeded();
    const box = (await last.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(width);
  });
}
