/**
 * Stock level filters (spec, Inventory). Dates are measured from the dataset's `now`, the
 * same instant `days_until_expiry` counts from. `expiring_within_days=N` keeps rows whose
 * earliest expiry is at most N days ahead, including batches already past their date (still
 * on the shelf, so a supervisor must see them). A boolean filter set to false keeps the rows
 * that do not match it.
 */
import type { StockLevel } from '../data/types';
import { type Query, QueryReader } from './query';

export type StockPredicate = (s: StockLevel) => boolean;

export const isLowStock = (s: StockLevel) =>
  s.reorder_point !== null && s.available <= s.reorder_point && s.available > 0;
export const isOutOfStock = (s: StockLevel) => s.available <= 0;

export function stockFilter(query: Query, now: Date): StockPredicate {
  const q = new QueryReader(query);
  const tests: StockPredicate[] = [];
  const days = q.integer('expiring_within_days', 0);
  if (days !== undefined) {
    const limit = now.getTime() + days * 86_400_000;
    tests.push((s) => s.earliest_expiry !== null && Date.parse(s.earliest_expiry) <= limit);
  }
  const location = q.integer('location', 1);
  if (location !== undefined) tests.push((s) => s.location.id === location);
  const low = q.boolean('low_stock');
  if (low !== undefined) tests.push((s) => isLowStock(s) === low);
  const out = q.boolean('out_of_stock');
  if (out !== undefined) tests.push((s) => isOutOfStock(s) === out);
  const search = q.string('q')?.toLowerCase();
  if (search) {
    tests.push((s) =>
      [s.sku, s.gtin, s.name, s.brand].some((v) => v?.toLowerCase().includes(search)),
    );
  }
  q.done();
  return (s) => tests.every((t) => t(s));
}
