/**
 * Stock level filters (spec, Inventory). Dates are measured from the dataset's `now`, the
 * same instant `days_until_expiry` counts from. `expiring_within_days=N` keeps "rows holding
 * a batch that expires within this many days" (spec): a batch whose expiry is from `now` to
 * N days after it. A batch already past its date has expired and does not count (a row with
 * one expired batch and one expiring next week does, for the second); expired stock shows as
 * `earliest_expiry` before `now`. A boolean filter set to false keeps the rows that do not
 * match it.
 */
import type { StockLevel } from '../data/types';
import { type Query, QueryReader } from './query';

export type StockPredicate = (s: StockLevel) => boolean;

export const isLowStock = (s: StockLevel) =>
  s.reorder_point !== null && s.available <= s.reorder_point && s.available > 0;
export const isOutOfStock = (s: StockLevel) => s.available <= 0;

/** `upcomingExpiry`: the soonest expiry (ms) not yet past of the row's batches, or null. */
export function stockFilter(
  query: Query,
  now: Date,
  upcomingExpiry: (s: StockLevel) => number | null,
): StockPredicate {
  const q = new QueryReader(query);
  const tests: StockPredicate[] = [];
  const days = q.integer('expiring_within_days', 0);
  if (days !== undefined) {
    const limit = now.getTime() + days * 86_400_000;
    tests.push((s) => {
      const at = upcomingExpiry(s);
      return at !== null && at <= limit;
    });
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
