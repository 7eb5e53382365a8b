/**
 * A product's recent stock movements (5–20, newest first, over roughly the last few weeks),
 * at the locations and bins where it is stocked. Drawn from the product's own record seed in
 * the 'movement' domain. They tell a plausible story but are not a ledger: they do not sum to
 * the on-hand figures (the list is only the latest movements).
 */
import { rngFor } from '../seeded';
import type { InventoryMovementSummary, ProductStockBin } from './api-types';
import type { LevelPlan } from './stock-plan';

type Kind = 'sale' | 'receipt' | 'return' | 'adjustment' | 'transfer' | 'count';

const KIND_WEIGHTS: readonly (readonly [Kind, number])[] = [
  ['sale', 45],
  ['receipt', 12],
  ['return', 10],
  ['adjustment', 8],
  ['transfer', 8],
  ['count', 8],
];

const ADJUSTMENT_NOTES = [
  'Damaged in handling',
  'Found during put-away',
  'Packaging damaged, written off',
  'Sample for photo shoot',
  '',
];

/** Staff user ids that book manual movements. */
const ACTORS = [3, 7, 12, 15, 21, 28, 34, 40];

export interface LevelWithBins {
  level: LevelPlan;
  bins: ProductStockBin[];
}

/** When and where a movement happened: drawn apart from its details, so the dataset can find
 * each location's latest movement without building every movement of every product. */
export interface MovementSlot {
  minutesAgo: number;
  /** Index into the product's levels. */
  level: number;
}

/** Record numbers of the detail draws: apart from the slots' (the product id). */
const DETAIL_DRAW = 0x2000_0000;

export function movementSlots(
  seed: number,
  productId: number,
  levels: readonly LevelPlan[],
): MovementSlot[] {
  const rng = rngFor(seed, 'movement', productId);
  // Movements happen where units are and move; transit and quarantine see few.
  const weights = levels.map((l, i) => {
    const type = l.info.location.location_type;
    const base = type === 'transit' || type === 'virtual' ? 0.5 : 2;
    return [i, base + Math.sqrt(Math.max(0, l.on_hand))] as const;
  });
  const count = rng.int(5, 20);
  const slots: MovementSlot[] = new Array(count);
  let minutesAgo = rng.int(5, 600);
  for (let n = 0; n < count; n++) {
    slots[n] = { minutesAgo, level: rng.weighted(weights) };
    minutesAgo += rng.int(20, 5000);
  }
  return slots;
}

export function recentMovements(
  seed: number,
  now: Date,
  productId: number,
  levels: readonly LevelWithBins[],
): InventoryMovementSummary[] {
  const slots = movementSlots(
    seed,
    productId,
    levels.map((l) => l.level),
  );
  const rng = rngFor(seed, 'movement', DETAIL_DRAW + productId);
  const year = now.getUTCFullYear();
  return slots.map((slot, n) => {
    const { level, bins } = levels[slot.level]!;
    const binned = bins.filter((b) => b.bin !== null);
    const bin = binned.length > 0 && rng.chance(0.85) ? rng.pick(binned).bin : null;
    const type = level.info.location.location_type;
    // Dropship stock changes only through sales and the supplier's feed; transit and quarantine
    // only by transfer.
    const kind: Kind =
      type === 'dropship'
        ? rng.chance(0.7)
          ? 'sale'
          : 'adjustment'
        : type === 'transit' || type === 'virtual'
          ? 'transfer'
          : rng.weighted(KIND_WEIGHTS);
    const ref = rng.int(100, 99_999);
    let delta: number;
    let movementType: string = kind;
    let source: string;
    let sourceRef: string;
    let url: string | null = null;
    let actor: number | null = rng.pick(ACTORS);
    let notes = '';
    switch (kind) {
      case 'sale':
        delta = -rng.int(1, 3);
        source = 'order';
        sourceRef = `#${10_000 + (ref % 90_000)}`;
        url = `https://admin.shopify.com/store/packbench-demo/orders/${5_712_300_000_000 + ref}`;
        actor = null;
        break;
      case 'receipt':
        delta = type === 'store' ? rng.int(2, 24) : rng.int(12, 240);
        source = 'purchase_order';
        sourceRef = `PO-${year}-${String(ref % 10_000).padStart(5, '0')}`;
        notes = rng.chance(0.4) ? `ASN ${80_000 + ref} received` : '';
        break;
      case 'return':
        delta = 1;
        source = 'return';
        sourceRef = `RMA-${year}-${String(ref).padStart(6, '0')}`;
        notes = 'Restocked after inspection';
        break;
      case 'transfer': {
        const out = rng.chance(0.5);
        const others = levels.filter((l) => l.level !== level);
        const otherCode =
          others.length > 0 ? rng.pick(others).level.info.location.code : 'TR-EU-LINEHAUL';
        delta = out ? -rng.int(1, 40) : rng.int(1, 40);
        movementType = out ? 'transfer_out' : 'transfer_in';
        source = 'transfer';
        sourceRef = `TRF-${String(ref).padStart(6, '0')}`;
        notes = out ? `To ${otherCode}` : `From ${otherCode}`;
        break;
      }
      case 'count':
        delta = rng.chance(0.5) ? -rng.int(1, 4) : rng.int(1, 4);
        source = 'cycle_count';
        sourceRef = `CC-${year}-${String(ref % 10_000).padStart(4, '0')}`;
        notes = 'Cycle count correction';
        break;
      default:
        if (type === 'dropship') {
          delta = rng.chance(0.5) ? -rng.int(5, 60) : rng.int(5, 200);
          source = 'supplier_feed';
          sourceRef = `FEED-${ref}`;
          actor = null;
          notes = 'Supplier stock feed';
        } else {
          delta = rng.chance(0.7) ? -rng.int(1, 6) : rng.int(1, 6);
          source = 'manual';
          sourceRef = '';
          notes = rng.pick(ADJUSTMENT_NOTES);
        }
    }
    return {
      id: productId * 100 + n + 1,
      delta,
      movement_type: movementType,
      source,
      source_ref: sourceRef,
      storefront_order_url: url,
      occurred_at: new Date(now.getTime() - slot.minutesAgo * 60_000).toISOString(),
      actor_id: actor,
      notes,
      location_code: level.info.location.code,
      bin_code: bin?.code ?? null,
    };
  });
}
