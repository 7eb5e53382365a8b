/**
 * The stock exceptions a supervisor looks for, placed on purpose so that each exists at any
 * seed (issue 13), on top of the random draws that make more of them:
 *
 * - a mandatory recall of a batch held at ONE stocking location (warehouse, store or 3PL)
 *   while the product also has stock elsewhere, and no other open recall of the product;
 * - a voluntary recall on another product (and no mandatory one there);
 * - a batch that expired 12 days ago, and one that expires in 3 days, each the only batch
 *   of its level at a stocking location.
 *
 * Low and out of stock need no help: every stocking level draws them (11 % and 9 %).
 *
 * How: the products are planned once without forcing; the first batch-tracked products (by
 * id) that fit each case are chosen, and planProduct then sets the chosen batch's recall or
 * expiry before spreading the batches over locations. Which batches a location holds does not
 * depend on recall or expiry, so the chosen batch sits where the unforced plan put it.
 */
import { isPerishable } from '../catalog';
import type { CatalogProduct } from '../types';
import { isBatchTracked } from './batches';
import type { ForcedBatch, LevelPlan, PlanContext, ProductPlan } from './stock-plan';

export const FORCED_EXPIRED_DAYS = -12;
export const FORCED_EXPIRING_DAYS = 3;

type Planner = (ctx: PlanContext, product: CatalogProduct) => ProductPlan;
type Pick = (plan: ProductPlan) => ForcedBatch | undefined;

/** The forced batches by product id. `plan` is planProduct (passed in: no import cycle). */
export function forcedExceptions(
  ctx: Omit<PlanContext, 'forced'>,
  catalog: readonly CatalogProduct[],
  plan: Planner,
): Map<number, ForcedBatch> {
  const unforced: PlanContext = { ...ctx, forced: new Map() };
  const tracked = [...catalog]
    .sort((a, b) => a.id - b.id)
    .filter((p) => isBatchTracked(ctx.seed, p));
  const plans = new Map<number, ProductPlan>();
  const planOf = (p: CatalogProduct) => {
    const found = plans.get(p.id) ?? plan(unforced, p);
    plans.set(p.id, found);
    return found;
  };
  const forced = new Map<number, ForcedBatch>();
  const place = (pick: Pick, perishableOnly: boolean) => {
    for (const product of tracked) {
      if (forced.has(product.id) || (perishableOnly && !isPerishable(product))) continue;
      const batch = pick(planOf(product));
      if (batch) {
        forced.set(product.id, batch);
        return;
      }
    }
  };
  place(recalledAtOneLocation, false);
  place(voluntaryRecall, false);
  place((p) => aloneAtStockingLevel(p, FORCED_EXPIRED_DAYS), true);
  place((p) => aloneAtStockingLevel(p, FORCED_EXPIRING_DAYS), true);
  return forced;
}

const stocking = (level: LevelPlan) =>
  ['warehouse', 'store', '3pl'].includes(level.info.location.location_type);

const isOpen = (state: string) => state === 'voluntary' || state === 'mandatory';

function recalledAtOneLocation(plan: ProductPlan): ForcedBatch | undefined {
  const stockedBatches = new Set(plan.levels.flatMap((l) => l.batches.map((s) => s.batch)));
  if ([...stockedBatches].some((b) => isOpen(b.recall_state))) return undefined;
  for (const level of plan.levels) {
    if (!stocking(level)) continue;
    const elsewhere = plan.levels.some((l) => l !== level && l.on_hand > 0);
    if (!elsewhere) continue;
    for (const { batch } of level.batches) {
      const holders = plan.levels.filter((l) => l.batches.some((s) => s.batch.id === batch.id));
      if (holders.length === 1) return { batchId: batch.id, recall: 'mandatory' };
    }
  }
  return undefined;
}

function voluntaryRecall(plan: ProductPlan): ForcedBatch | undefined {
  const stockedBatches = plan.levels.flatMap((l) => l.batches.map((s) => s.batch));
  if (stockedBatches.some((b) => b.recall_state === 'mandatory')) return undefined;
  const level = plan.levels.find((l) => stocking(l) && l.batches.length > 0);
  const first = level?.batches[0];
  return first && { batchId: first.batch.id, recall: 'voluntary' };
}

/** A batch that is its level's only one, at a stocking location, to expire `days` from now. */
function aloneAtStockingLevel(plan: ProductPlan, days: number): ForcedBatch | undefined {
  const level = plan.levels.find((l) => stocking(l) && l.batches.length === 1);
  const only = level?.batches[0];
  return only && { batchId: only.batch.id, expiresInDays: days };
}
