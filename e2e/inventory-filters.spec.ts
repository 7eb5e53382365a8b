/**
 * The stock levels view against its own sandbox: each filter of the API (location, low stock,
 * out of stock, expiring within N days, search) shows exactly the first page the sandbox
 * answers for the same query, with its count; the badges say low, out of stock and which
 * recall; paging; filters and page size survive a reload. axe on the view.
 */
import type { Page } from '@playwright/test';
import { api, expect, test } from './orders-fixture';
import { expectNoSeriousA11yViolations } from './support/axe';
import type { StockRow } from './support/stock-rows';
import { openView } from './support/views';

// One console and sandbox for the file: the tests only read stock; the filters and page size
// each chooses are saved view state, forgotten before each test (support/bridge-call.ts).
test.use({ consoleScope: 'file' });

interface ProductStock {
  levels: {
    location: { id: number };
    batch_breakdown: { on_hand: number; batch: { recall_state: string } }[];
  }[];
}
interface StockPage {
  count: number;
  results: StockRow[];
}

type Query = Record<string, string | number | undefined>;
const keyOf = (s: StockRow) => `${s.product_id}@${s.location.id}`;
const n = (v: number) => v.toLocaleString('en-US');

function rangeText(page: number, size: number, count: number): string {
  if (count === 0) return '0 stock rows';
  return `Stock rows ${n((page - 1) * size + 1)}–${n(Math.min(count, page * size))} of ${n(count)}`;
}

const gridKeys = (app: Page) =>
  app
    .getByTestId('stock-grid')
    .locator('tbody tr[data-stock-row]')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-stock-row')));

async function openInventory(app: Page) {
  await openView(app, 'Inventory');
  await expect(app.getByTestId('inventory-range')).toContainText(/Stock rows \d|No stock/);
}

test('each filter shows the stock rows the API matches, with its count and badges', async ({
  app,
  sandbox,
}) => {
  const expectMatches = async (query: Query, page = 1, size = 50) => {
    const answer = await api<StockPage>(sandbox, '/api/inventory/', {
      page_size: size,
      page,
      ...query,
    });
    await expect.poll(() => gridKeys(app), { timeout: 20_000 }).toEqual(answer.results.map(keyOf));
    await expect(app.getByTestId('inventory-range')).toHaveText(
      rangeText(page, size, answer.count),
    );
    return answer;
  };
  const row = (s: StockRow) => app.locator(`tr[data-stock-row="${keyOf(s)}"]`);
  /** Ticks `label`: the rows the API matches for `query`, the first five with `badge`. */
  const expectFlagged = async (label: string, query: Query, badge: string, says: string) => {
    await app.getByLabel(label).check();
    const flagged = await expectMatches(query);
    expect(flagged.count).toBeGreaterThan(0);
    for (const s of flagged.results.slice(0, 5)) {
      await expect(row(s).locator(`[data-badge="${badge}"]`)).toHaveText(says);
    }
  };

  await openInventory(app);
  const all = await expectMatches({});
  // Available reads as on hand − committed − reserved on every row.
  for (const s of all.results.slice(0, 5)) {
    await expect(row(s).locator('[data-field="available"]')).toHaveText(n(s.available));
    expect(s.available).toBe(s.on_hand - s.committed - s.reserved);
  }
  await expectNoSeriousA11yViolations(app, 'the Inventory view');

  const locationFilter = app.getByLabel('Location', { exact: true });
  await locationFilter.selectOption({ label: 'WH-EWR-01 — Edison NJ Warehouse' });
  const atEdison = await expectMatches({ location: 3 });
  expect(atEdison.results.every((s) => s.location.code === 'WH-EWR-01')).toBe(true);
  await locationFilter.selectOption({ label: 'All locations' });
  await expectMatches({});

  await expectFlagged('Low stock', { low_stock: 'true' }, 'low-stock', 'Low stock');
  await app.getByLabel('Low stock').uncheck();

  await expectFlagged('Out of stock', { out_of_stock: 'true' }, 'out-of-stock', 'Out of stock');
  // Both at once can match nothing, and the view says so.
  await app.getByLabel('Low stock').check();
  await expect(app.getByText(/never both low and out of stock/)).toBeVisible();
  await expectMatches({ out_of_stock: 'true', low_stock: 'true' });
  // Said once, with the way out right there.
  const empty = app.getByTestId('empty-result');
  await expect(empty).toHaveText(/^No stock rows match these filters\.Clear filters \(2\)$/);
  await expect(app.getByText(/match these filters/)).toHaveCount(1);
  await empty.getByRole('button', { name: 'Clear filters (2)' }).click();
  await expectMatches({});

  await app.getByLabel('Expiring within').selectOption({ label: '30 days' });
  const expiring = await expectMatches({ expiring_within_days: 30 });
  expect(expiring.count).toBeGreaterThan(0);
  // The API's own "expiring soon" flag shows as a badge, and only where it is set.
  for (const s of expiring.results.slice(0, 8)) {
    await expect(row(s).locator('[data-badge="expiring-soon"]')).toHaveCount(
      s.expiring_soon ? 1 : 0,
    );
  }
  expect(expiring.results.some((s) => s.expiring_soon)).toBe(true);
  await locationFilter.selectOption({ label: 'WH-AMS-01 — Amsterdam Fulfilment Centre' });
  await expectMatches({ expiring_within_days: 30, location: 1 });
  // Any other horizon is typed.
  await app.getByLabel('Expiring within').selectOption({ label: 'Other…' });
  await app.getByLabel('Days', { exact: true }).fill('45');
  await app.getByLabel('Days', { exact: true }).press('Enter');
  await expectMatches({ expiring_within_days: 45, location: 1 });
  await expect(app.getByLabel('Expiring within')).toHaveValue('45');
  await app.getByRole('button', { name: /^Clear filters/ }).click();

  // Search, and the two kinds of recall told apart, each at the location holding the
  // recalled batch (the list's recall is the product's: the product's stock says where).
  const every = (await api<StockPage>(sandbox, '/api/inventory/', { page_size: 500 })).results;
  const recallHere = async (s: StockRow) => {
    const stock = await api<ProductStock>(sandbox, `/api/inventory/${s.product_id}/`);
    const states = (
      stock.levels.find((l) => l.location.id === s.location.id)?.batch_breakdown ?? []
    )
      .filter((b) => b.on_hand > 0)
      .map((b) => b.batch.recall_state);
    return states.includes('mandatory')
      ? 'mandatory'
      : states.includes('voluntary')
        ? 'voluntary'
        : null;
  };
  const search = app.getByRole('searchbox', { name: 'Search' });
  for (const kind of ['mandatory', 'voluntary'] as const) {
    // A product under this recall with at least one row that holds it and one that does not.
    let held: StockRow | undefined;
    let other: StockRow | undefined;
    for (const product of new Set(
      every.filter((s) => s.recall === kind).map((s) => s.product_id),
    )) {
      const rows = every.filter((s) => s.product_id === product);
      const here = await Promise.all(rows.map(recallHere));
      held = rows.find((_, i) => here[i] === kind);
      other = rows.find((_, i) => here[i] === null);
      if (held && other) break;
    }
    expect(held, `a ${kind} recall held at one location and not at another`).toBeDefined();
    await search.fill(held!.sku);
    await search.press('Enter');
    await expectMatches({ q: held!.sku });
    await expect(row(held!).locator(`[data-badge="recall-${kind}"]`)).toHaveText(
      kind === 'mandatory' ? 'Mandatory recall' : 'Voluntary recall',
    );
    await expect(row(other!).locator('[data-badge="recall-elsewhere"]')).toHaveText(
      'Recall elsewhere',
    );
    await expect(row(other!).locator(`[data-badge="recall-${kind}"]`)).toHaveCount(0);
  }
  await expectNoSeriousA11yViolations(app, 'the Inventory view with a search');
});

test('expired stock is its own state, apart from stock expiring soon, with the days', async ({
  app,
  sandbox,
}) => {
  const all = await api<StockPage>(sandbox, '/api/inventory/', { page_size: 500 });
  const now = Date.now();
  const expired = all.results.find(
    (s) => !s.expiring_soon && s.earliest_expiry !== null && Date.parse(s.earliest_expiry) < now,
  );
  const soon = all.results.find(
    (s) => s.expiring_soon && s.earliest_expiry !== null && Date.parse(s.earliest_expiry) > now,
  );
  // The sandbox's data has both (sandbox/data/inventory/exceptions.ts).
  expect(expired).toBeDefined();
  expect(soon).toBeDefined();
  await openInventory(app);
  const search = app.getByRole('searchbox', { name: 'Search' });
  const row = (s: StockRow) =>
    app.getByTestId('stock-grid').locator(`tr[data-stock-row="${keyOf(s)}"]`);
  for (const [s, kind, text] of [
    [expired!, 'expired', /^Expired (today|yesterday|\d+ days ago)$/],
    [soon!, 'expiring-soon', /^Expires (today|tomorrow|in \d+ days)$/],
  ] as const) {
    await search.fill(s.sku);
    await search.press('Enter');
    await expect(row(s).locator(`[data-badge="${kind}"]`)).toHaveText(text);
  }
  // An expired row the API does not flag never reads as expiring soon.
  await search.fill(expired!.sku);
  await search.press('Enter');
  await expect(row(expired!).locator('[data-badge="expiring-soon"]')).toHaveCount(0);
});

test('paging, and filters and page size kept across a reload', async ({ app, sandbox }) => {
  await openInventory(app);
  await app.getByLabel('Per page').selectOption('25');
  const second = await api<StockPage>(sandbox, '/api/inventory/', { page_size: 25, page: 2 });
  await app.getByRole('button', { name: 'Next page' }).click();
  await expect.poll(() => gridKeys(app), { timeout: 20_000 }).toEqual(second.results.map(keyOf));
  await expect(app.getByTestId('inventory-range')).toHaveText(rangeText(2, 25, second.count));

  await app
    .getByLabel('Location', { exact: true })
    .selectOption({ label: 'WH-LEJ-01 — Leipzig Distribution Hub' });
  await app.getByLabel('Expiring within').selectOption({ label: '90 days' });
  const expected = await api<StockPage>(sandbox, '/api/inventory/', {
    page_size: 25,
    location: 2,
    expiring_within_days: 90,
  });
  await expect.poll(() => gridKeys(app), { timeout: 20_000 }).toEqual(expected.results.map(keyOf));

  await app.reload();
  await expect(app.getByRole('heading', { level: 1, name: 'Inventory' })).toBeVisible();
  await expect(app.getByLabel('Location', { exact: true })).toHaveValue('2');
  await expect(app.getByLabel('Expiring within')).toHaveValue('90');
  await expect(app.getByLabel('Per page')).toHaveValue('25');
  await expect.poll(() => gridKeys(app), { timeout: 20_000 }).toEqual(expected.results.map(keyOf));
  await expect(app.getByTestId('inventory-range')).toHaveText(rangeText(1, 25, expected.count));
});
