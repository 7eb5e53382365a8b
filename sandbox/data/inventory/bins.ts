/**
 * Where a level's units sit inside its location: one to three bins, and now and then a share
 * not yet put away (bin null). Locations without bins (dropship, transit, virtual) hold all
 * their units unbinned. Drawn from its own record seed per (product, location), so it is
 * stable without being stored.
 */
import { rngFor } from '../seeded';
import type { InventoryBinRef, ProductStockBin } from './api-types';
import type { LevelPlan } from './stock-plan';
import { splitUnits } from './stock-plan';

/** Record numbers of bin draws: apart from the per-product plan's (the product id). */
const BIN_DRAW = 0x1000_0000;

export function binBreakdown(seed: number, productId: number, level: LevelPlan): ProductStockBin[] {
  const rng = rngFor(seed, 'stock', BIN_DRAW + productId * 16 + level.info.location.id);
  const bins = level.info.bins;
  const slots: (InventoryBinRef | null)[] = [];
  if (bins.length > 0) {
    const count = rng.chance(0.55) ? 1 : rng.int(2, 3);
    const pool = [...bins];
    for (let i = 0; i < count; i++) slots.push(pool.splice(rng.int(0, pool.length - 1), 1)[0]!);
    slots.sort((a, b) => a!.id - b!.id);
    // Received but not yet put away.
    if (rng.chance(0.2)) slots.push(null);
  } else {
    slots.push(null);
  }
  // Fewer slots than units would leave a slot empty; nothing on hand keeps the first slot only.
  const used = slots.slice(0, Math.max(1, Math.min(slots.length, level.on_hand)));
  const units = level.on_hand > 0 ? splitUnits(rng, level.on_hand, used.length) : [0];
  let toCommit = level.committed;
  let toReserve = level.reserved;
  const rows = used.map((bin, i) => {
    const onHand = units[i]!;
    const committed = Math.min(onHand, toCommit);
    toCommit -= committed;
    const reserved = Math.min(onHand - committed, toReserve);
    toReserve -= reserved;
    return { bin, on_hand: onHand, committed, reserved, available: 0 };
  });
  // Whatever exceeds the units on hand (oversold) is booked against the first, the pick bin.
  const first = rows[0]!;
  first.committed += toCommit;
  first.reserved += toReserve;
  for (const row of rows) row.available = row.on_hand - row.committed - row.reserved;
  return rows;
}
