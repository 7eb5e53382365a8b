/**
 * Stock level filters over HTTP (spec, Endpoints → Inventory and locations). Expectations
 * are computed here from the full rows of the unfiltered list.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Location, ProductStock, StockLevel } from '../data/types';
import { fetchAll, type Paginated, startSandboxForFile, TEST_NOW } from './support/sandbox-fixture';

const api = startSandboxForFile({ scale: 0.5 });
const DAY = 86_400_000;

let levels: StockLevel[];
let locations: Location[];
/** Each row's batches' `days_until_expiry` (nulls dropped), read from the product stock. */
const batchDays = new Map<string, number[]>();

beforeAll(async () => {
  levels = await fetchAll<StockLevel>(api, '/api/inventory/?page_size=500');
  locations = (await api.get<Location[]>('/api/locations/')).body;
  const withBatches = new Set(levels.filter((s) => s.batch_count > 0).map((s) => s.product_id));
  for (const id of withBatches) {
    const stock = (await api.get<ProductStock>(`/api/inventory/${id}/`)).body;
    for (const level of stock.levels) {
      const days = (level.batch_breakdown ?? [])
        .map((b) => b.batch?.days_until_expiry)
        .filter((d): d is number => typeof d === 'number');
      batchDays.set(`${id}@${level.location?.id}`, days);
    }
  }
});

/** A row is identified by its product and location. */
const keyOf = (s: StockLevel) => `${s.product_id}@${s.location.id}`;

async function listKeys(query: string): Promise<{ count: number; keys: string[] }> {
  const path = `/api/inventory/?page_size=500&${query}`;
  const first = await api.get<Paginated<StockLevel>>(path);
  expect(first.status, query).toBe(200);
  const keys = (await fetchAll<StockLevel>(api, path)).map(keyOf);
  expect(new Set(keys).size, `${query}: no row twice`).toBe(keys.length);
  return { count: first.body.count, keys: keys.sort() };
}

async function expectFilter(
  query: string,
  test: (s: StockLevel) => boolean,
  { nonEmpty = true } = {},
): Promise<StockLevel[]> {
  const expected = levels.filter(test);
  if (nonEmpty) expect(expected.length, `${query}: the data has such rows`).toBeGreaterThan(0);
  expect(expected.length, `${query}: the filter leaves some out`).toBeLessThan(levels.length);
  const got = await listKeys(query);
  expect(got.keys, query).toEqual(expected.map(keyOf).sort());
  expect(got.count, `${query}: count`).toBe(expected.length);
  return expected;
}

const lowStock = (s: StockLevel) =>
  s.reorder_point !== null && s.available <= s.reorder_point && s.available > 0;
const outOfStock = (s: StockLevel) => s.available <= 0;
/** Spec: "rows holding a batch that expires within this many days"; expired batches do not. */
const expiringWithin = (days: number) => (s: StockLevel) =>
  (batchDays.get(keyOf(s)) ?? []).some((d) => d >= 0 && d <= days);
const holdsExpired = (s: StockLevel) =>
  s.earliest_expiry !== null && Date.parse(s.earliest_expiry) < TEST_NOW.getTime();

describe('inventory list filters', () => {
  it('lists every row; available is on hand less committed and reserved on every row', async () => {
    const r = await api.get<Paginated<StockLevel>>('/api/inventory/');
    expect(r.body.count).toBe(levels.length);
    expect(levels.length).toBeGreaterThan(100);
    expect(new Set(levels.map(keyOf)).size).toBe(levels.length);
    for (const s of levels) {
      expect(s.available, keyOf(s)).toBe(s.on_hand - s.committed - s.reserved);
    }
  });

  it('location=<id> keeps that location’s rows, for every location', async () => {
    expect(locations.length).toBe(10);
    for (const location of locations) {
      const has = levels.some((s) => s.location.id === location.id);
      await expectFilter(`location=${location.id}`, (s) => s.location.id === location.id, {
        nonEmpty: has,
      });
    }
    // Stock sits at several locations, and a location without stock lists nothing.
    expect(new Set(levels.map((s) => s.location.id)).size).toBeGreaterThan(5);
    const unknown = await listKeys('location=999');
    expect(unknown.count).toBe(0);
  });

  it('low_stock=true: a reorder point, available at or below it and above zero', async () => {
    const rows = await expectFilter('low_stock=true', lowStock);
    for (const s of rows) expect(s.reorder_point, keyOf(s)).not.toBeNull();
    // Rows at or below zero are out of stock, not low stock, even with a reorder point.
    expect(levels.some((s) => s.reorder_point !== null && s.available <= 0)).toBe(true);
    await expectFilter('low_stock=false', (s) => !lowStock(s));
    for (const s of levels) {
      if (s.reorder_point === null) expect(s.reorder_point_source, keyOf(s)).toBe('');
    }
  });

  it('out_of_stock=true: no available stock (zero or oversold)', async () => {
    const rows = await expectFilter('out_of_stock=true', outOfStock);
    expect(rows.some((s) => s.available === 0)).toBe(true);
    expect(rows.some((s) => s.available < 0)).toBe(true);
    await expectFilter('out_of_stock=false', (s) => !outOfStock(s));
    await expectFilter('out_of_stock=1', outOfStock);
  });

  it('stock_status agrees with the two filters', () => {
    for (const s of levels) {
      const expected = outOfStock(s) ? 'out_of_stock' : lowStock(s) ? 'low_stock' : 'in_stock';
      expect(s.stock_status, keyOf(s)).toBe(expected);
    }
  });

  it('expiring_within_days=7 and 30 keep rows holding a batch expiring that soon, not expired ones', async () => {
    const week = await expectFilter('expiring_within_days=7', expiringWithin(7));
    const month = await expectFilter('expiring_within_days=30', expiringWithin(30));
    expect(month.length).toBeGreaterThan(week.length);
    // A row whose only dated batches have expired is not "expiring"...
    const expiredOnly = levels.filter(
      (s) => holdsExpired(s) && (batchDays.get(keyOf(s)) ?? []).every((d) => d < 0),
    );
    expect(expiredOnly.length).toBeGreaterThan(0);
    for (const s of expiredOnly) expect(month.map(keyOf)).not.toContain(keyOf(s));
    // Rows without an expiry never are.
    for (const s of month) expect(s.earliest_expiry).not.toBeNull();
    await expectFilter('expiring_within_days=0', expiringWithin(0), { nonEmpty: false });
    // A row that holds an expired batch and one expiring within the days is, for the latter.
    const days = [...batchDays.values()].flat();
    expect(Math.max(...days)).toBeGreaterThan(400);
    const year = await expectFilter('expiring_within_days=400', expiringWithin(400));
    expect(year.some(holdsExpired)).toBe(true);
  });

  it('expiring_soon is the 30-day rule; earliest_expiry is the soonest batch, expired or not', () => {
    for (const s of levels) {
      expect(s.expiring_soon, keyOf(s)).toBe(expiringWithin(30)(s));
      const days = batchDays.get(keyOf(s)) ?? [];
      const soonest = days.length > 0 ? Math.min(...days) : null;
      const earliest =
        s.earliest_expiry === null
          ? null
          : Math.round((Date.parse(s.earliest_expiry) - TEST_NOW.getTime()) / DAY);
      expect(earliest, keyOf(s)).toBe(soonest);
    }
    expect(levels.some((s) => s.expiring_soon)).toBe(true);
    expect(levels.some((s) => holdsExpired(s) && !s.expiring_soon)).toBe(true);
  });

  describe('q', () => {
    const holds = (s: StockLevel, needle: string) =>
      [s.sku, s.gtin, s.name, s.brand].some(
        (v) => typeof v === 'string' && v.toLowerCase().includes(needle.toLowerCase()),
      );

    it('searches SKU, GTIN, name and brand', async () => {
      const row = levels.find((s) => !!s.brand && !!s.gtin)!;
      expect(row).toBeDefined();
      for (const needle of [row.sku, row.gtin!, row.brand!, row.name]) {
        const rows = await expectFilter(`q=${encodeURIComponent(needle)}`, (s) => holds(s, needle));
        expect(rows.map(keyOf)).toContain(keyOf(row));
      }
    });

    it('is case-insensitive and matches parts of a field', async () => {
      const row = levels.find((s) => s.name.includes(' '))!;
      const word = row.name.split(' ')[0]!;
      await expectFilter(`q=${encodeURIComponent(word.toUpperCase())}`, (s) => holds(s, word));
      await expectFilter(`q=${encodeURIComponent(row.sku.toLowerCase())}`, (s) =>
        holds(s, row.sku),
      );
      expect((await listKeys('q=zzqx-no-such-product')).count).toBe(0);
    });
  });

  it('combines filters with AND', async () => {
    const warehouse = levels[0]!.location.id;
    await expectFilter(
      `location=${warehouse}&low_stock=true`,
      (s) => s.location.id === warehouse && lowStock(s),
    );
    await expectFilter(
      `location=${warehouse}&out_of_stock=false&low_stock=false`,
      (s) => s.location.id === warehouse && !outOfStock(s) && !lowStock(s),
    );
    const expiring = levels.find(expiringWithin(30))!;
    await expectFilter(
      `expiring_within_days=30&location=${expiring.location.id}`,
      (s) => expiringWithin(30)(s) && s.location.id === expiring.location.id,
    );
    const brand = levels.find((s) => !!s.brand)!.brand!;
    await expectFilter(
      `q=${encodeURIComponent(brand)}&out_of_stock=false`,
      (s) =>
        !outOfStock(s) &&
        [s.sku, s.gtin, s.name, s.brand].some((v) =>
          v?.toLowerCase().includes(brand.toLowerCase()),
        ),
    );
    const none = await listKeys('low_stock=true&out_of_stock=true');
    expect(none.count).toBe(0);
  });

  it('a bad boolean or number is a 400 naming the field', async () => {
    for (const [query, field] of [
      ['low_stock=maybe', 'low_stock'],
      ['out_of_stock=yes-please', 'out_of_stock'],
      ['expiring_within_days=soon', 'expiring_within_days'],
      ['location=main', 'location'],
    ] as const) {
      const r = await api.get<{ code: string; errors: Record<string, string[]> }>(
        `/api/inventory/?${query}`,
      );
      expect(r.status, query).toBe(400);
      expect(r.body.code).toBe('invalid');
      expect(Object.keys(r.body.errors), query).toEqual([field]);
    }
  });
});
