/**
 * The Locations view against its own sandbox: the stock chart has a bar for each location's
 * totals and each bar links to that location's stock (the stock levels view filtered to it);
 * the list shows every location with its type, address, storage, temperature and flags; the
 * detail shows every field and the stock held. axe on each screen.
 */
import type { Page } from '@playwright/test';
import { api, expect, test } from './orders-fixture';
import { expectNoSeriousA11yViolations } from './support/axe';
import { openView } from './support/views';

// One console and sandbox for the file: both tests read; the Inventory location filter the
// first one leaves set (in the console's settings) the second does not read.
test.use({ consoleScope: 'file' });

interface Location {
  id: number;
  code: string;
  name: string;
  location_type: string;
  city?: string;
  is_active?: boolean;
  is_fulfillable?: boolean;
  storage_type?: string;
  temperature_zone?: string;
}
interface Totals {
  results: { location_id: number; units_on_hand: number; sku_count: number }[];
}
interface StockPage {
  count: number;
  results: { product_id: number; location: { id: number } }[];
}

async function openLocations(app: Page) {
  await openView(app, 'Locations');
}

const n = (v: number) => v.toLocaleString('en-US');
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('the stock chart links each location to its stock', async ({ app, sandbox }) => {
  const locations = await api<Location[]>(sandbox, '/api/locations/');
  const totals = await api<Totals>(sandbox, '/api/inventory/location-stock/');
  await openLocations(app);
  const chart = app.getByRole('list', { name: 'Units on hand and SKUs per location' });
  const bars = chart.getByRole('link');
  await expect(bars).toHaveCount(totals.results.length);
  // Most units first, each bar named with its numbers.
  const sorted = [...totals.results].sort((a, b) => b.units_on_hand - a.units_on_hand);
  await expect(bars.first()).toHaveAttribute('data-location-id', String(sorted[0]!.location_id));
  for (const t of totals.results) {
    const l = locations.find((x) => x.id === t.location_id)!;
    await expect(chart.locator(`a[data-location-id="${t.location_id}"]`)).toHaveAccessibleName(
      new RegExp(
        `^${escapeRegExp(`${l.code} ${l.name}`)} ${n(t.units_on_hand)} units on hand · ${n(t.sku_count)} SKUs`,
      ),
    );
  }
  await expectNoSeriousA11yViolations(app, 'the Locations view');

  // A location in the middle of the chart: its link opens its stock, and only its stock.
  const target = sorted[2]!;
  const location = locations.find((x) => x.id === target.location_id)!;
  await chart.locator(`a[data-location-id="${target.location_id}"]`).click();
  await expect(app.getByRole('heading', { level: 1, name: 'Inventory' })).toBeVisible();
  await expect(app.getByLabel('Location', { exact: true })).toHaveValue(String(location.id));
  const expected = await api<StockPage>(sandbox, '/api/inventory/', {
    location: location.id,
    page_size: 50,
  });
  await expect
    .poll(
      () =>
        app
          .locator('tbody tr[data-stock-row]')
          .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-stock-row'))),
      { timeout: 20_000 },
    )
    .toEqual(expected.results.map((s) => `${s.product_id}@${s.location.id}`));
  await expect(app.getByTestId('inventory-range')).toContainText(`of ${n(expected.count)}`);
});

test('the locations list and a location’s detail show every field', async ({ app, sandbox }) => {
  const locations = await api<Location[]>(sandbox, '/api/locations/');
  await openLocations(app);
  const table = app.getByTestId('locations-table');
  await expect(table.locator('tbody tr')).toHaveCount(locations.length);
  const paris = locations.find((l) => l.is_fulfillable === false && l.temperature_zone)!;
  const row = table.locator(`tr[data-location-id="${paris.id}"]`);
  await expect(row).toContainText(paris.code);
  await expect(row.locator('[data-badge="flag-fulfillable"]')).toHaveText('Not fulfillable');
  if (paris.city) await expect(row).toContainText(paris.city);

  const leipzig = locations.find((l) => l.storage_type === 'automated')!;
  await table.getByRole('link', { name: leipzig.name }).click();
  await expect(app.getByRole('heading', { level: 1, name: leipzig.name })).toBeVisible();
  const detail = app.getByRole('region', { name: 'Location' });
  await expect(detail.locator('[data-field="code"]')).toHaveText(leipzig.code);
  await expect(detail.locator('[data-field="location_type"]')).toHaveText('Warehouse');
  await expect(detail.locator('[data-field="storage_type"]')).toHaveText('Automated');
  await expect(detail.locator('[data-field="temperature_zone"]')).toHaveText('Controlled');
  await expect(detail.locator('[data-field="flags"]')).toContainText('Active');
  await expect(detail.locator('[data-field="address"]')).toContainText(leipzig.city!);
  const totals = await api<Totals>(sandbox, '/api/inventory/location-stock/');
  const total = totals.results.find((t) => t.location_id === leipzig.id)!;
  const held = app.getByRole('region', { name: 'Stock held' });
  await expect(held.locator('[data-field="units_on_hand"]')).toHaveText(n(total.units_on_hand));
  await expect(held.locator('[data-field="sku_count"]')).toHaveText(n(total.sku_count));
  await expectNoSeriousA11yViolations(app, 'a location’s detail');

  await app.getByRole('link', { name: 'Show its stock' }).click();
  await expect(app.getByLabel('Location', { exact: true })).toHaveValue(String(leipzig.id));
});
