/**
 * Where a product is stocked and how much: the one source both the stock level list and the
 * per-product view are derived from. It is a pure function of (seed, now, product), so the
 * per-product view can be rebuilt on demand and always agrees with the list.
 *
 * Each row is drawn as one of three kinds first (in stock, low, out) and its numbers are then
 * made to fit, so that `available = on_hand − committed − reserved` always holds and the
 * low-stock and out-of-stock filters have rows to find at any seed.
 */
import { productCategory } from '../catalog';
import { minutesBefore, type Rng, rngFor } from '../seeded';
import type { CatalogProduct } from '../types';
import type { InventoryBatchRef, LocationType } from './api-types';
import {
  buildBatches,
  byExpiry,
  isBatchTracked,
  type OpenRecall,
  setExpiry,
  strictestRecall,
} from './batches';
import { DEFAULT_LOCATION_ID, type LocationInfo } from './locations';

/**
 * A batch forced into an exception (expired, expiring, recalled) by exceptions.ts: part of the
 * plan's context, so it lives here and exceptions.ts imports it (no import circle).
 */
export interface ForcedBatch {
  batchId: number;
  recall?: OpenRecall;
  /** Whole days from `now` to the batch's expiry (negative: already expired). */
  expiresInDays?: number;
}

export interface BatchSplit {
  batch: InventoryBatchRef;
  on_hand: number;
  committed: number;
}

export interface LevelPlan {
  info: LocationInfo;
  on_hand: number;
  committed: number;
  reserved: number;
  reorder_point: number | null;
  reorder_point_source: '' | 'auto' | 'manual';
  last_counted_at: string | null;
  /** Batches with stock here, soonest expiry first. */
  batches: BatchSplit[];
}

export interface ProductPlan {
  product: CatalogProduct;
  recall: OpenRecall | null;
  abc: 'A' | 'B' | 'C';
  /** By location id. */
  levels: LevelPlan[];
}

export interface PlanContext {
  seed: number;
  now: Date;
  /** Stock-holding locations, by id. */
  locations: readonly LocationInfo[];
  /** Exceptions placed on purpose, by product id, so each exists at any seed (exceptions.ts). */
  forced: ReadonlyMap<number, ForcedBatch>;
}

const ON_HAND: Record<LocationType, readonly [number, number]> = {
  warehouse: [20, 900],
  store: [2, 40],
  '3pl': [10, 400],
  dropship: [50, 2500],
  transit: [4, 150],
  virtual: [1, 12],
};
/** Reorder point ranges; locations without one never replenish on their own. */
const REORDER: Partial<Record<LocationType, readonly [number, number]>> = {
  warehouse: [15, 150],
  store: [2, 8],
  '3pl': [10, 80],
};

export function planProduct(ctx: PlanContext, product: CatalogProduct): ProductPlan {
  const rng = rngFor(ctx.seed, 'stock', product.id);
  const abc = rng.weighted<'A' | 'B' | 'C'>([
    ['A', 20],
    ['B', 30],
    ['C', 50],
  ]);
  const levels = pickLocations(rng, ctx.locations, product).map((info) =>
    planLevel(rng, ctx.now, info),
  );
  if (isBatchTracked(ctx.seed, product)) {
    const batches = buildBatches(rng, ctx.now, product);
    // Before the split: it sorts by expiry, and which batches it places does not depend on it.
    const forced = ctx.forced.get(product.id);
    const target = forced && batches.find((b) => b.id === forced.batchId);
    if (forced?.recall && target) target.recall_state = forced.recall;
    if (forced?.expiresInDays !== undefined && target) {
      setExpiry(target, product, ctx.now, forced.expiresInDays);
    }
    for (const level of levels) level.batches = splitBatches(rng, batches, level);
    const stocked = new Set(levels.flatMap((l) => l.batches.map((s) => s.batch)));
    // Batches sold through everywhere no longer matter: the recall is that of stock still held.
    return { product, abc, levels, recall: strictestRecall([...stocked]) };
  }
  return { product, abc, levels, recall: null };
}

/** 2–5 locations that may hold the product, the default one always among them. */
function pickLocations(
  rng: Rng,
  locations: readonly LocationInfo[],
  product: CatalogProduct,
): LocationInfo[] {
  const category = productCategory(product);
  const food = category === 'food' || category === 'supplements';
  const candidates = locations.filter(
    (l) =>
      l.holds === 'all' ||
      (l.holds === 'non_food' && !food) ||
      (l.holds === 'electronics_home' && (category === 'electronics' || category === 'home')),
  );
  const wanted = Math.min(rng.int(2, 5), candidates.length);
  const chosen: LocationInfo[] = [];
  const home = candidates.find((l) => l.location.id === DEFAULT_LOCATION_ID);
  // Every product is held (with bins) at the default warehouse, the pack station's location
  // (issue 12: a packed item's bins). The draw that used to leave it out 1 time in 10 is still
  // made, so every other draw of the product stays what it was.
  rng.chance(0.9);
  if (home) chosen.push(home);
  let pool = candidates.filter((l) => l !== home && l.weight > 0);
  while (chosen.length < wanted && pool.length > 0) {
    const next = rng.weighted(pool.map((l) => [l, l.weight] as const));
    chosen.push(next);
    pool = pool.filter((l) => l !== next);
  }
  return chosen.sort((a, b) => a.location.id - b.location.id);
}

function planLevel(rng: Rng, now: Date, info: LocationInfo): LevelPlan {
  const type = info.location.location_type;
  const rp = REORDER[type];
  const allocates = type !== 'transit' && type !== 'virtual';
  const kind = allocates
    ? rng.weighted<'in' | 'low' | 'out'>([
        ['in', 80],
        ['low', rp ? 11 : 0],
        ['out', 9],
      ])
    : 'in';
  let reorder: number | null = rp && rng.chance(0.7) ? rng.int(rp[0], rp[1]) : null;
  let onHand: number;
  let committed: number;
  let reserved: number;
  if (kind === 'low' && rp) {
    reorder ??= rng.int(rp[0], rp[1]);
    const available = rng.int(1, reorder);
    committed = rng.chance(0.5) ? rng.int(0, reorder) : 0;
    reserved = rng.chance(0.2) ? rng.int(1, 3) : 0;
    onHand = available + committed + reserved;
  } else if (kind === 'out') {
    onHand = rng.chance(0.5) ? 0 : rng.int(1, 3);
    reserved = onHand > 0 && rng.chance(0.3) ? rng.int(0, onHand) : 0;
    // Oversold now and then: more committed than is on the shelf.
    committed = onHand - reserved + (rng.chance(0.4) ? rng.int(1, 5) : 0);
  } else {
    const [lo, hi] = ON_HAND[type];
    onHand = rng.int(lo, hi);
    committed = allocates && rng.chance(0.6) ? rng.int(0, Math.floor(onHand * 0.2)) : 0;
    reserved = allocates && rng.chance(0.25) ? rng.int(0, Math.floor(onHand * 0.05)) : 0;
    // An in-stock row stays above its reorder point, or it would be low stock.
    if (reorder !== null) reorder = Math.min(reorder, onHand - committed - reserved - 1);
  }
  const counted = type !== 'dropship' && type !== 'transit' && !rng.chance(0.12);
  return {
    info,
    on_hand: onHand,
    committed,
    reserved,
    reorder_point: reorder,
    reorder_point_source: reorder === null ? '' : rng.chance(0.6) ? 'auto' : 'manual',
    last_counted_at: counted ? minutesBefore(now, rng.int(1, 180) * 1440 + rng.int(0, 600)) : null,
    batches: [],
  };
}

/** Spreads the level's units over 1–3 of the product's batches; committed goes first-expiry-first. */
function splitBatches(
  rng: Rng,
  batches: readonly InventoryBatchRef[],
  level: LevelPlan,
): BatchSplit[] {
  if (level.on_hand <= 0) return [];
  const pool = [...batches];
  const count = Math.min(rng.int(1, Math.min(3, pool.length)), level.on_hand);
  const chosen: InventoryBatchRef[] = [];
  for (let i = 0; i < count; i++) chosen.push(pool.splice(rng.int(0, pool.length - 1), 1)[0]!);
  chosen.sort(byExpiry);
  const units = splitUnits(rng, level.on_hand, count);
  let toCommit = level.committed;
  const splits = chosen.map((batch, i) => {
    const onHand = units[i]!;
    const take = Math.min(onHand, toCommit);
    toCommit -= take;
    return { batch, on_hand: onHand, committed: take };
  });
  // Committed beyond what is on hand (oversold) stays on the last batch.
  const last = splits[splits.length - 1];
  if (last) last.committed += toCommit;
  return splits;
}

/** `total` split into `parts` positive integers (total ≥ parts ≥ 1), uneven like real stock. */
export function splitUnits(rng: Rng, total: number, parts: number): number[] {
  const weights = Array.from({ length: parts }, () => 0.2 + rng.next());
  const sum = weights.reduce((a, b) => a + b, 0);
  const units = weights.map((w) => 1 + Math.floor(((total - parts) * w) / sum));
  let rest = total - units.reduce((a, b) => a + b, 0);
  for (let i = 0; rest > 0; i = (i + 1) % parts, rest--) units[i]! += 1;
  return units;
}
