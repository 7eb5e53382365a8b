/**
 * The supervisor's exceptions board against its own sandbox (issue 13): two clicks from launch,
 * every count on it equals the count computed here from the full data (every stock row and
 * every product's stock, read over the sandbox's HTTP API), a recalled batch is listed only at
 * the location holding it, a count opens the list of exactly its rows with the filters in the
 * address (which a reload keeps), axe on the new screens, and the last walk shown at the next
 * launch, when the API cannot be reached.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { api, expect, test } from './orders-fixture';
import { expectNoSeriousA11yViolations } from './support/axe';
import { launchConsole } from './support/console-fixture';
import { type SandboxProcess, startSandboxProcess } from './support/sandbox-process';
import { everyStockRow, type StockRow } from './support/stock-rows';
import { clickView } from './support/views';

// One console and sandbox for the file: the first two tests only read the board (the walk it
// keeps is the same data's); the last starts consoles of its own and stops the sandbox, so it
// is last.
test.use({ consoleScope: 'file' });

interface Batch {
  on_hand: number;
  batch: { id: number; batch_code: string; recall_state: string; days_until_expiry: number | null };
}
interface ProductStock {
  product: { id: number };
  levels: { location: { id: number }; batch_breakdown: Batch[] }[];
}
interface Location {
  id: number;
  code: string;
}
type Counts = Record<string, number>;

const n = (v: number) => v.toLocaleString('en-US');
const MEASURES = ['onHand', 'low', 'out', 'expiring', 'expired', 'voluntary', 'mandatory'];

/** Every stock row and every product's stock, from the sandbox itself. */
async function fullData(sandbox: SandboxProcess) {
  const rows = await everyStockRow(sandbox);
  const products = [...new Set(rows.map((r) => r.product_id))];
  const stocks = await Promise.all(
    products.map((id) => api<ProductStock>(sandbox, `/api/inventory/${id}/`)),
  );
  return { rows, stocks };
}

/**
 * The board computed from the full data by the API's own definitions: low and out from the
 * row (spec), expiring and expired from each batch's days_until_expiry (0…N, below 0), a
 * recall from the batches the location holds (the strictest), units on hand summed.
 */
function expectedBoard(data: Awaited<ReturnType<typeof fullData>>, days: number) {
  const board = new Map<string, Counts>();
  const at = (id: number | 'all') => {
    const key = String(id);
    if (!board.has(key)) board.set(key, Object.fromEntries(MEASURES.map((m) => [m, 0])));
    return board.get(key)!;
  };
  const add = (id: number, measure: string, by = 1) => {
    at(id)[measure]! += by;
    at('all')[measure]! += by;
  };
  for (const r of data.rows) {
    add(r.location.id, 'onHand', r.on_hand);
    if (r.available <= 0) add(r.location.id, 'out');
    else if (r.reorder_point !== null && r.available <= r.reorder_point) add(r.location.id, 'low');
  }
  for (const stock of data.stocks) {
    for (const level of stock.levels) {
      const held = level.batch_breakdown.filter((b) => b.on_hand > 0);
      const d = held.map((b) => b.batch.days_until_expiry).filter((v) => v !== null);
      if (d.some((v) => v >= 0 && v <= days)) add(level.location.id, 'expiring');
      if (d.some((v) => v < 0)) add(level.location.id, 'expired');
      const states = held.map((b) => b.batch.recall_state);
      if (states.includes('mandatory')) add(level.location.id, 'mandatory');
      else if (states.includes('voluntary')) add(level.location.id, 'voluntary');
    }
  }
  return board;
}

async function boardCounts(app: Page): Promise<Map<string, Counts>> {
  const cells = await app
    .getByTestId('exceptions-board')
    .locator('td[data-board-cell]')
    .evaluateAll((tds) =>
      tds.map((td) => [td.getAttribute('data-board-cell') ?? '', td.textContent ?? ''] as const),
    );
  const board = new Map<string, Counts>();
  for (const [cell, text] of cells) {
    const [measure, where] = cell.split('@') as [string, string];
    const counts = board.get(where) ?? {};
    counts[measure] = Number(text.replace(/,/g, ''));
    board.set(where, counts);
  }
  return board;
}

/** The supervisor's two clicks from launch: Inventory, then Exceptions. */
async function goToBoard(app: Page) {
  await clickView(app, 'Inventory');
  await app
    .getByRole('navigation', { name: 'Inventory sections' })
    .getByRole('link', { name: 'Exceptions' })
    .click();
}

async function openBoard(app: Page) {
  await goToBoard(app);
  await expect(app.getByRole('heading', { level: 1, name: 'Stock exceptions' })).toBeVisible();
  await expect(app.getByTestId('board-age')).toHaveText(/^Counted /, { timeout: 60_000 });
}

test('the board counts what the full data holds at each location, and a count opens its rows', async ({
  app,
  sandbox,
}) => {
  const data = await fullData(sandbox);
  const locations = await api<Location[]>(sandbox, '/api/locations/');
  await openBoard(app);
  // Every location and the total row, each with all seven counts.
  await expect(app.getByTestId('exceptions-board').locator('tbody tr')).toHaveCount(
    locations.length + 1,
  );
  const expected = expectedBoard(data, 30);
  for (const l of locations) expected.get(String(l.id)) ?? expected.set(String(l.id), {});
  const shown = await boardCounts(app);
  for (const [where, counts] of expected) {
    for (const m of MEASURES) {
      expect(shown.get(where)?.[m], `${m} at ${where}`).toBe(counts[m] ?? 0);
    }
  }
  // The exceptions the sandbox seeds exist, so the comparison above compared something.
  const total = shown.get('all')!;
  for (const m of ['low', 'out', 'expiring', 'expired', 'voluntary', 'mandatory']) {
    expect(total[m], m).toBeGreaterThan(0);
  }
  await expectNoSeriousA11yViolations(app, 'the exceptions board');

  // Another horizon: asked for, counted again, and kept for next time.
  await app.getByLabel('Expiring within', { exact: true }).selectOption({ label: '7 days' });
  const week = expectedBoard(data, 7);
  await expect
    .poll(async () => (await boardCounts(app)).get('all')?.expiring, { timeout: 30_000 })
    .toBe(week.get('all')!.expiring);

  // A low-stock count opens the stock list with those filters in its address: the same rows.
  const busiest = locations.find((l) => (shown.get(String(l.id))?.low ?? 0) > 0)!;
  await app.locator(`td[data-board-cell="low@${busiest.id}"] a`).click();
  await expect(app).toHaveURL(new RegExp(`#/inventory\\?location=${busiest.id}&low=1$`));
  const low = await api<{ count: number; results: StockRow[] }>(sandbox, '/api/inventory/', {
    location: busiest.id,
    low_stock: 'true',
    page_size: 50,
  });
  expect(low.count).toBe(shown.get(String(busiest.id))?.low);
  const keys = () =>
    app
      .getByTestId('stock-grid')
      .locator('tbody tr[data-stock-row]')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-stock-row')));
  const wanted = low.results.map((r) => `${r.product_id}@${r.location.id}`);
  await expect.poll(keys).toEqual(wanted);
  await expect(app.getByLabel('Low stock')).toBeChecked();
  // The address is a bookmark: a reload shows the same list.
  await app.reload();
  await expect(app.getByLabel('Location', { exact: true })).toHaveValue(String(busiest.id));
  await expect(app.getByLabel('Low stock')).toBeChecked();
  await expect.poll(keys).toEqual(wanted);
  // '/' goes to the view's own search, not the header's.
  await app.getByTestId('stock-grid').click();
  await app.keyboard.press('/');
  await expect(app.getByRole('searchbox', { name: 'Search' })).toBeFocused();
});

test('a recalled batch is listed only at the location holding it', async ({ app, sandbox }) => {
  const data = await fullData(sandbox);
  // The sandbox's seeded case: a mandatory recall of a batch one location holds while the
  // product has stock elsewhere (sandbox/data/inventory/exceptions.ts), found from its data.
  let found: { batch: Batch; at: number; elsewhere: number } | undefined;
  for (const stock of data.stocks) {
    const holding = stock.levels.filter((l) =>
      l.batch_breakdown.some((b) => b.on_hand > 0 && b.batch.recall_state === 'mandatory'),
    );
    const clean = stock.levels.filter((l) => !holding.includes(l));
    if (holding.length === 1 && clean.length > 0) {
      const batch = holding[0]!.batch_breakdown.find((b) => b.batch.recall_state === 'mandatory')!;
      found = { batch, at: holding[0]!.location.id, elsewhere: clean[0]!.location.id };
      break;
    }
  }
  expect(found, 'a batch under mandatory recall held at one location only').toBeDefined();
  const { batch, at, elsewhere } = found!;

  await openBoard(app);
  await app.locator(`td[data-board-cell="mandatory@${at}"] a`).click();
  await expect(app).toHaveURL(new RegExp(`#/inventory/recalls\\?location=${at}&state=mandatory$`));
  await expect(app.getByRole('heading', { level: 1, name: 'Recalls' })).toBeVisible();
  const row = app.locator(`tr[data-recall-row="${batch.batch.id}@${at}"]`);
  await expect(row).toBeVisible();
  await expect(row.locator('[data-field="batch"]')).toHaveText(batch.batch.batch_code);
  await expect(row.locator('[data-badge="recall-mandatory"]')).toHaveText('Mandatory recall');
  await expect(row.locator('td').nth(4)).toHaveText(n(batch.on_hand));
  await expectNoSeriousA11yViolations(app, 'the recall list');

  // Every location: the batch appears once, at its location; at another, not at all.
  await app.getByLabel('Location', { exact: true }).selectOption('');
  await expect(app.locator(`tr[data-recall-row^="${batch.batch.id}@"]`)).toHaveCount(1);
  await app.getByLabel('Location', { exact: true }).selectOption(String(elsewhere));
  await expect(app).toHaveURL(new RegExp(`location=${elsewhere}&state=mandatory$`));
  await expect(app.getByTestId('recall-summary')).toBeVisible();
  await expect(app.locator(`tr[data-recall-row^="${batch.batch.id}@"]`)).toHaveCount(0);
});

test('the last walk shows at the next launch while a fresh one runs, and the recall list with it', async ({
  page,
  sandbox,
}) => {
  const configDir = await mkdtemp(join(tmpdir(), 'packbench-walk-kept-'));
  const connect = { apiBase: sandbox.url, apiKey: sandbox.key };
  const walked = ['expired', 'voluntary', 'mandatory'];
  try {
    let running = await launchConsole({ connect }, { configDir });
    await page.goto(running.running.url);
    await openBoard(page);
    const before = await boardCounts(page);
    expect(before.get('all')?.mandatory, 'stock under a mandatory recall').toBeGreaterThan(0);
    await running.stop();

    // The next launch, on an account whose rate leaves the walk 20 s or more to run (its 8
    // requests behind the board's 33 counts at half a request a second): the walk's columns
    // show what the last one found while the counts are still coming.
    await sandbox.stop();
    const slow = await startSandboxProcess({ port: sandbox.port, key: sandbox.key, rate: 0.5 });
    running = await launchConsole({ connect }, { configDir });
    try {
      await page.goto(running.running.url);
      await goToBoard(page);
      for (const [where, counts] of before) {
        for (const measure of walked) {
          await expect(page.locator(`td[data-board-cell="${measure}@${where}"]`)).toHaveText(
            n(counts[measure]!),
          );
        }
      }
      // The counts not yet in come from the board kept at the last launch, and say so.
      await expect(page.getByTestId('board-age')).toHaveText(
        /^Showing the counts of .+; counting afresh…$/,
      );
      await page.locator('td[data-board-cell="mandatory@all"] a').click();
      await expect(page.getByRole('heading', { level: 1, name: 'Recalls' })).toBeVisible();
      await expect(page.getByTestId('walk-status')).toHaveText(/^Read from [\d,]+ stock rows at /);
      await expect(page.locator('tr[data-recall-row]').first()).toBeVisible();
    } finally {
      await running.stop();
      await slow.stop();
    }
  } finally {
    await rm(configDir, { recursive: true, force: true });
  }
});
