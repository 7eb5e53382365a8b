/**
 * The API objects derived from a product's stock plan: its stock level rows (the list) and
 * its per-product view (bins, batches, recent movements). Both read the same plan, so the
 * per-product totals always equal the list's rows.
 */
import type { CatalogProduct } from '../types';
import type { ProductStock, ProductStockLocation, StockRow } from './api-types';
import { binBreakdown } from './bins';
import { type LevelWithBins, recentMovements } from './movements';
import type { LevelPlan, ProductPlan } from './stock-plan';

/**
 * A row is `expiring_soon` when it holds a batch that expires within this many days of `now`:
 * the same rows as `expiring_within_days=30`. A batch already past its date has expired; it
 * does not "expire within" any number of days (issue 13: expired is its own state, read from
 * `earliest_expiry` before `now`, or a batch's negative `days_until_expiry`).
 */
export const EXPIRING_SOON_DAYS = 30;
const DAY_MS = 86_400_000;

/** `out_of_stock` when nothing is available, `low_stock` at or below the reorder point, else `in_stock`. */
export function stockStatus(available: number, reorderPoint: number | null): string {
  if (available <= 0) return 'out_of_stock';
  if (reorderPoint !== null && available <= reorderPoint) return 'low_stock';
  return 'in_stock';
}

function available(level: LevelPlan): number {
  return level.on_hand - level.committed - level.reserved;
}

/**
 * The soonest expiry (ms) at or after `now` among the level's batches, or null: what
 * `expiring_soon` and the `expiring_within_days` filter read. Not a StockLevel field.
 */
export function upcomingExpiry(level: LevelPlan, now: Date): number | null {
  for (const { batch } of level.batches) {
    // Soonest first: the first one not yet expired is the answer.
    const at = batch.expires_at === null ? Number.NaN : Date.parse(batch.expires_at);
    if (at >= now.getTime()) return at;
  }
  return null;
}

export function stockLevels(plan: ProductPlan, now: Date): StockRow[] {
  const p = plan.product;
  const soon = now.getTime() + EXPIRING_SOON_DAYS * DAY_MS;
  return plan.levels.map((level) => {
    const upcoming = upcomingExpiry(level, now);
    // Batches are sorted soonest expiry first, those without an expiry last.
    const earliest = level.batches[0]?.batch.expires_at ?? null;
    const avail = available(level);
    return {
      location: level.info.ref,
      recall: plan.recall,
      product_id: p.id,
      sku: p.sku,
      gtin: p.gtin,
      name: p.name,
      brand: p.brand,
      is_kit: p.is_kit,
      image: p.image,
      on_hand: level.on_hand,
      committed: level.committed,
      reserved: level.reserved,
      available: avail,
      ppwr_grade: '',
      earliest_expiry: earliest,
      expiring_soon: upcoming !== null && upcoming <= soon,
      batch_count: level.batches.length,
      stock_status: stockStatus(avail, level.reorder_point),
      reorder_point: level.reorder_point,
      reorder_point_source: level.reorder_point_source,
      abc_class: plan.abc,
      last_counted_at: level.last_counted_at,
    };
  });
}

/** Levels with their bin breakdowns: what both the product view and the movements need. */
export function levelsWithBins(seed: number, plan: ProductPlan): LevelWithBins[] {
  return plan.levels.map((level) => ({ level, bins: binBreakdown(seed, plan.product.id, level) }));
}

export function productStock(seed: number, now: Date, plan: ProductPlan): ProductStock {
  const p: CatalogProduct = plan.product;
  const withBins = levelsWithBins(seed, plan);
  const levels: ProductStockLocation[] = withBins.map(({ level, bins }) => ({
    location: level.info.ref,
    on_hand_total: level.on_hand,
    committed_total: level.committed,
    reserved_total: level.reserved,
    available_total: available(level),
    reorder_point: level.reorder_point,
    reorder_point_source: level.reorder_point_source,
    bin_breakdown: bins,
    batch_breakdown: level.batches.map((s) => ({
      batch: s.batch,
      on_hand: s.on_hand,
      committed: s.committed,
      available: s.on_hand - s.committed,
    })),
  }));
  return {
    product: {
      recall: plan.recall,
      id: p.id,
      sku: p.sku,
      gtin: p.gtin,
      name: p.name,
      brand: p.brand,
      image: p.image,
      ppwr_grade: '',
      is_kit: p.is_kit,
    },
    levels,
    movements_recent: recentMovements(seed, now, p.id, withBins),
  };
}
