/**
 * Every stock exception a supervisor looks for exists in the demo data (issue 13): scale 1,
 * seed 1 and the default `now` (start of today), read over HTTP as the console reads it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { ProductStock, StockLevel } from '../data/types';
import { fetchAll, type Paginated, startSandboxForFile } from './support/sandbox-fixture';

const api = startSandboxForFile({ scale: 1, seed: 1, now: undefined });
const DAY = 86_400_000;

type Level = ProductStock['levels'][number];
type Batch = NonNullable<Level['batch_breakdown']>[number];

let rows: StockLevel[];
let now: number;
const stockOf = new Map<number, ProductStock>();

const isOpenRecall = (b: Batch) =>
  b.batch?.recall_state === 'voluntary' || b.batch?.recall_state === 'mandatory';
const batchesOf = (level: Level) => level.batch_breakdown ?? [];

async function count(query: string): Promise<number> {
  const r = await api.get<Paginated<StockLevel>>(`/api/inventory/?${query}`);
  expect(r.status, query).toBe(200);
  return r.body.count;
}

beforeAll(async () => {
  now = api.sandbox().dataset.options.now.getTime();
  // The default `now` is the start of today, UTC.
  expect(now % DAY).toBe(0);
  expect(Date.now() - now).toBeLessThan(DAY);
  rows = await fetchAll<StockLevel>(api, '/api/inventory/?page_size=500');
  const products = new Set(rows.filter((s) => s.batch_count > 0).map((s) => s.product_id));
  for (const id of products) {
    stockOf.set(id, (await api.get<ProductStock>(`/api/inventory/${id}/`)).body);
  }
});

describe('stock exceptions at scale 1, seed 1', () => {
  it('has expired stock on hand, apart from stock expiring within a few days', async () => {
    const dated = [...stockOf.values()].flatMap((p) => p.levels.flatMap(batchesOf));
    const expired = dated.filter((b) => (b.batch?.days_until_expiry ?? 0) < 0);
    expect(expired.length).toBeGreaterThan(0);
    for (const b of expired) expect(b.on_hand).toBeGreaterThan(0);
    const soon = dated.filter((b) => {
      const d = b.batch?.days_until_expiry;
      return typeof d === 'number' && d >= 0 && d <= 7;
    });
    expect(soon.length).toBeGreaterThan(0);
    expect(await count('expiring_within_days=7')).toBeGreaterThan(0);
    // A row whose only batch has expired is expired stock, not "expiring soon".
    const expiredOnly = rows.filter(
      (s) =>
        s.batch_count === 1 &&
        s.earliest_expiry !== null &&
        Date.parse(s.earliest_expiry) < now &&
        s.on_hand > 0,
    );
    expect(expiredOnly.length).toBeGreaterThan(0);
    for (const s of expiredOnly) expect(s.expiring_soon).toBe(false);
  });

  it('has low stock (at or below the reorder point, above zero) and out of stock', async () => {
    const low = rows.filter(
      (s) => s.reorder_point !== null && s.available <= s.reorder_point && s.available > 0,
    );
    expect(low.length).toBeGreaterThan(0);
    expect(await count('low_stock=true')).toBe(low.length);
    const out = rows.filter((s) => s.available <= 0);
    expect(out.length).toBeGreaterThan(0);
    expect(await count('out_of_stock=true')).toBe(out.length);
  });

  it('has a voluntary and a mandatory recall, product-wide on the rows as the spec says', () => {
    for (const kind of ['voluntary', 'mandatory'] as const) {
      const recalled = rows.filter((s) => s.recall === kind);
      expect(recalled.length, kind).toBeGreaterThan(0);
      for (const s of recalled) {
        const stock = stockOf.get(s.product_id)!;
        expect(stock.product.recall).toBe(kind);
        const states = stock.levels.flatMap(batchesOf).map((b) => b.batch?.recall_state);
        expect(states).toContain(kind);
      }
    }
  });

  it('has a recalled batch held at one location only, the product stocked elsewhere too', () => {
    const cases = [...stockOf.values()].filter((stock) => {
      if (stock.product.recall !== 'mandatory') return false;
      const holding = stock.levels.filter((l) => batchesOf(l).some(isOpenRecall));
      const clean = stock.levels.filter((l) => !batchesOf(l).some(isOpenRecall));
      return holding.length === 1 && clean.some((l) => (l.on_hand_total ?? 0) > 0);
    });
    expect(cases.length).toBeGreaterThan(0);
    const stock = cases[0]!;
    const holding = stock.levels.find((l) => batchesOf(l).some(isOpenRecall))!;
    const batch = batchesOf(holding).find(isOpenRecall)!;
    expect(batch.on_hand).toBeGreaterThan(0);
    // The list's `recall` stays product-wide: every row of the product says "mandatory"...
    const productRows = rows.filter((s) => s.product_id === stock.product.id);
    expect(productRows.length).toBeGreaterThan(1);
    for (const s of productRows) expect(s.recall).toBe('mandatory');
    // ...while the batch's own state shows only where it is held.
    for (const level of stock.levels) {
      const here = batchesOf(level).some((b) => b.batch?.id === batch.batch?.id);
      expect(here).toBe(level.location?.id === holding.location?.id);
    }
  });
});
