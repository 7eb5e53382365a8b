/**
 * Batches (lots) of batch-tracked products: perishable goods carry an expiry date; a share of
 * electronics is lot-tracked without one (so a recall can reach them). Expiry dates are drawn
 * so that every list shows the interesting cases: already expired, within 7 days, within 30,
 * and comfortably later.
 */
import { isPerishable, productCategory, shelfLifeDays } from '../catalog';
import { type Rng, rngFor } from '../seeded';
import type { CatalogProduct } from '../types';
import type { InventoryBatchRef } from './api-types';

/**
 * A batch's recall state: `none`; an open recall, `voluntary` or `mandatory`; or `closed`, a
 * recall that has been resolved (it no longer counts towards a product's `recall`).
 */
export type RecallState = 'none' | 'voluntary' | 'mandatory' | 'closed';
export type OpenRecall = 'voluntary' | 'mandatory';

const DAY_MS = 86_400_000;
/** Record numbers of the lot-tracking draw: apart from the per-product plan's (the product id). */
const LOT_TRACKING_DRAW = 0x7000_0000;

/** Whether the product's stock is kept in batches (all perishables, about 1 in 8 electronics). */
export function isBatchTracked(seed: number, product: CatalogProduct): boolean {
  if (isPerishable(product)) return true;
  return (
    productCategory(product) === 'electronics' &&
    rngFor(seed, 'stock', LOT_TRACKING_DRAW + product.id).chance(0.125)
  );
}

/** The product's batches, oldest first. Ids are product id × 10 + n (n = 1..5): unique. */
export function buildBatches(rng: Rng, now: Date, product: CatalogProduct): InventoryBatchRef[] {
  const count = rng.int(2, 5);
  const shelf = shelfLifeDays(product);
  const batches: InventoryBatchRef[] = [];
  for (let n = 1; n <= count; n++) {
    let producedAt: Date | null;
    let expiresAt: Date | null = null;
    let days: number | null = null;
    if (shelf === null) {
      producedAt = new Date(now.getTime() - rng.int(20, 500) * DAY_MS - rng.int(0, 1439) * 60_000);
    } else {
      days = rng.weighted<() => number>([
        [() => rng.int(-45, -1), 5],
        [() => rng.int(0, 7), 7],
        [() => rng.int(8, 30), 10],
        [() => rng.int(31, shelf), 78],
      ])();
      // Expiry at the start of a UTC day, so `days_until_expiry` is an exact whole number.
      expiresAt = new Date(now.getTime() + days * DAY_MS);
      producedAt = new Date(expiresAt.getTime() - shelf * DAY_MS + rng.int(360, 1080) * 60_000);
    }
    const code = batchCode(product, producedAt, n);
    // A few lots were booked without a production date (goods from an old supplier system).
    if (rng.chance(0.05)) producedAt = null;
    batches.push({
      id: product.id * 10 + n,
      batch_code: code,
      produced_at: producedAt?.toISOString() ?? null,
      expires_at: expiresAt?.toISOString() ?? null,
      days_until_expiry: days,
      recall_state: rng.weighted<RecallState>([
        ['none', 93.5],
        ['voluntary', 3],
        ['mandatory', 1.5],
        ['closed', 2],
      ]),
    });
  }
  return batches;
}

/**
 * Moves a batch's expiry to `days` whole days from `now` (a placed exception, exceptions.ts),
 * with its production date and code moved along by the shelf life, as a drawn one would be.
 */
export function setExpiry(
  batch: InventoryBatchRef,
  product: CatalogProduct,
  now: Date,
  days: number,
): void {
  const shelf = shelfLifeDays(product);
  if (shelf === null) return;
  const expiresAt = new Date(now.getTime() + days * DAY_MS);
  const producedAt = new Date(expiresAt.getTime() - shelf * DAY_MS);
  const n = batch.id % 10;
  batch.expires_at = expiresAt.toISOString();
  batch.days_until_expiry = days;
  batch.batch_code = batchCode(product, producedAt, n);
  if (batch.produced_at !== null) batch.produced_at = producedAt.toISOString();
}

function batchCode(product: CatalogProduct, producedAt: Date, n: number): string {
  return `${product.sku.slice(0, 3)}-${yymmdd(producedAt)}-${n}`;
}

/** The strictest open recall of the given batches, or null. */
export function strictestRecall(batches: readonly InventoryBatchRef[]): OpenRecall | null {
  let recall: OpenRecall | null = null;
  for (const b of batches) {
    if (b.recall_state === 'mandatory') return 'mandatory';
    if (b.recall_state === 'voluntary') recall = 'voluntary';
  }
  return recall;
}

/** Soonest expiry first; batches without an expiry last; then by id. */
export function byExpiry(a: InventoryBatchRef, b: InventoryBatchRef): number {
  const ea = a.expires_at ?? '9999';
  const eb = b.expires_at ?? '9999';
  return ea < eb ? -1 : ea > eb ? 1 : a.id - b.id;
}

function yymmdd(d: Date): string {
  return d.toISOString().slice(2, 10).replaceAll('-', '');
}
