/**
 * The sandbox's inventory: a fixed set of locations, and stock of every catalogue product at
 * 2–5 of them. The stock level list is built once (about 3.5 rows per product: 525 at scale
 * 1, ~52,000 at scale 100); the per-product view is rebuilt on demand from the same
 * deterministic plan, so it always agrees with the list. see sandbox/README.md for
 * the choices the spec leaves open.
 */
import type { CatalogProduct, DatasetOptions, InventoryStore, StockLevel } from '../types';
import type { LocationStockTotal, ProductStock, StockRow } from './api-types';
import { forcedExceptions } from './exceptions';
import { buildLocations } from './locations';
import { movementSlots } from './movements';
import { type PlanContext, planProduct } from './stock-plan';
import { productStock, stockLevels, upcomingExpiry } from './stock-views';

export { EXPIRING_SOON_DAYS, stockStatus } from './stock-views';

export function buildInventory(
  opts: DatasetOptions,
  catalog: readonly CatalogProduct[],
): InventoryStore {
  const infos = buildLocations(opts.now);
  const base = {
    seed: opts.seed,
    now: opts.now,
    locations: infos.filter((l) => l.holds !== 'none'),
  };
  const ctx: PlanContext = { ...base, forced: forcedExceptions(base, catalog, planProduct) };
  const byId = new Map(catalog.map((p) => [p.id, p]));
  // Sorted by SKU, then location id: a stable order for paging.
  const bySku = [...catalog].sort((a, b) => (a.sku < b.sku ? -1 : a.sku > b.sku ? 1 : a.id - b.id));

  const levels: StockRow[] = [];
  // Rows holding a batch not yet expired → its soonest expiry (ms), for the expiring filter.
  const upcoming = new Map<StockLevel, number>();
  const latestMinutes = new Map<number, number>();
  for (const product of bySku) {
    const plan = planProduct(ctx, product);
    stockLevels(plan, opts.now).forEach((row, i) => {
      levels.push(row);
      const at = upcomingExpiry(plan.levels[i]!, opts.now);
      if (at !== null) upcoming.set(row, at);
    });
    // Each location's latest movement, from the movements' times and places alone.
    const slots = movementSlots(opts.seed, product.id, plan.levels);
    for (const slot of slots) {
      const location = plan.levels[slot.level]!.info.location.id;
      const seen = latestMinutes.get(location);
      if (seen === undefined || slot.minutesAgo < seen)
        latestMinutes.set(location, slot.minutesAgo);
    }
  }

  const totals: LocationStockTotal[] = infos.map(({ location }) => ({
    location_id: location.id,
    units_on_hand: 0,
    sku_count: 0,
    last_movement_at: lastMovementAt(opts.now, latestMinutes.get(location.id)),
  }));
  const totalById = new Map(totals.map((t) => [t.location_id, t]));
  for (const row of levels) {
    const t = totalById.get(row.location.id)!;
    t.units_on_hand += row.on_hand;
    if (row.on_hand > 0) t.sku_count += 1;
  }

  return {
    locations: infos.map((l) => l.location),
    levels,
    upcomingExpiry: (row) => upcoming.get(row) ?? null,
    product(productId: number): ProductStock | undefined {
      const product = byId.get(productId);
      return product && productStock(opts.seed, opts.now, planProduct(ctx, product));
    },
    locationStock() {
      // A fresh copy: callers may not change the dataset.
      return { results: totals.map((t) => ({ ...t })) };
    },
  };
}

function lastMovementAt(now: Date, minutesAgo: number | undefined): string | null {
  return minutesAgo === undefined
    ? null
    : new Date(now.getTime() - minutesAgo * 60_000).toISOString();
}
