/**
 * The recall list as pure functions: every recalled batch with stock, at the location that
 * holds it (the product stock's batch_breakdown per location), with on hand, committed and
 * available there. A product's `recall` on the stock list is product-wide; these entries are
 * what a supervisor pulls off the shelf, and where.
 */

import { isPastExpiry } from '../../../../shared/stock-expiry';
import { locationFromSearch } from './inventory-filters';
import type { OpenRecall, ProductStock } from './stock-facts';

/**
 * A batch held at one location (recalled, or past its date on the expired list): what a
 * supervisor pulls off the shelf, and where.
 */
export interface HeldBatch {
  product: { id: number; sku: string; name: string };
  batch: { id: number; code: string; expiresAt: string | null; daysUntilExpiry: number | null };
  location: { id: number; code: string; name: string };
  /**
   * The location's bins that hold the product (the stock data does not say which bin holds
   * which batch, so these are where to look); id null for stock not assigned to a bin.
   */
  bins: RecallBin[];
  onHand: number;
  committed: number;
  available: number;
}

export interface RecallEntry extends HeldBatch {
  state: OpenRecall;
}

export interface RecallBin {
  id: number | null;
  code: string;
}

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

type BatchLine = NonNullable<
  NonNullable<ProductStock['levels']>[number]['batch_breakdown']
>[number];

/** Every batch with stock that `keep` picks, at each location holding it. */
function heldBatches(
  stocks: readonly ProductStock[],
  keep: (b: NonNullable<BatchLine['batch']>) => boolean,
): { entry: HeldBatch; line: NonNullable<BatchLine['batch']> }[] {
  const out: { entry: HeldBatch; line: NonNullable<BatchLine['batch']> }[] = [];
  for (const stock of stocks) {
    const p = stock.product;
    for (const level of stock.levels ?? []) {
      const bins: RecallBin[] = (level.bin_breakdown ?? [])
        .filter((b) => num(b.on_hand) > 0)
        .map((b) => ({ id: b.bin ? num(b.bin.id) : null, code: b.bin?.code ?? '' }));
      for (const b of level.batch_breakdown ?? []) {
        const batch = b.batch;
        if (!batch || !keep(batch) || num(b.on_hand) <= 0) continue;
        out.push({
          line: batch,
          entry: {
            product: { id: num(p?.id), sku: p?.sku ?? '', name: p?.name ?? '' },
            batch: {
              id: num(batch.id),
              code: batch.batch_code ?? '',
              expiresAt: batch.expires_at ?? null,
              daysUntilExpiry: batch.days_until_expiry ?? null,
            },
            location: {
              id: num(level.location?.id),
              code: level.location?.code ?? '',
              name: level.location?.name ?? '',
            },
            bins,
            onHand: num(b.on_hand),
            committed: num(b.committed),
            available: num(b.available),
          },
        });
      }
    }
  }
  return out;
}

const byPlace = (a: HeldBatch, b: HeldBatch) =>
  a.location.code.localeCompare(b.location.code) ||
  a.product.name.localeCompare(b.product.name) ||
  a.batch.code.localeCompare(b.batch.code);

const isOpenRecall = (s: unknown): s is OpenRecall => s === 'mandatory' || s === 'voluntary';

/** Mandatory first, then by location, product and batch: the order a recall is worked in. */
export function recallEntries(stocks: readonly ProductStock[]): RecallEntry[] {
  const out: RecallEntry[] = [];
  for (const { entry, line } of heldBatches(stocks, (b) => isOpenRecall(b.recall_state))) {
    if (isOpenRecall(line.recall_state)) out.push({ ...entry, state: line.recall_state });
  }
  const rank = (s: OpenRecall) => (s === 'mandatory' ? 0 : 1);
  return out.sort((a, b) => rank(a.state) - rank(b.state) || byPlace(a, b));
}

/**
 * Every batch past its date with stock, at each location holding it, the longest expired
 * first. Judged by the batch's own date against `now` (the walk's instant), as the board's
 * Expired column judges a row by its earliest expiry.
 */
export function expiredEntries(stocks: readonly ProductStock[], now: number): HeldBatch[] {
  return heldBatches(stocks, (b) => isPastExpiry(b.expires_at, now))
    .map((h) => h.entry)
    .sort(
      (a, b) => (a.batch.expiresAt ?? '').localeCompare(b.batch.expiresAt ?? '') || byPlace(a, b),
    );
}

export interface RecallFilter {
  /** A location id, or null for every location. */
  location: number | null;
  /** One recall state, or null for both. */
  state: OpenRecall | null;
}

export function filterRecalls(entries: readonly RecallEntry[], f: RecallFilter): RecallEntry[] {
  return entries.filter(
    (e) =>
      (f.location === null || e.location.id === f.location) &&
      (f.state === null || e.state === f.state),
  );
}

/** The recall list's filter from its address (`location=3&state=mandatory`). */
export function recallFilterFromSearch(search: string): RecallFilter {
  const params = new URLSearchParams(search);
  const state = params.get('state');
  return {
    location: locationFromSearch(search),
    state: state === 'mandatory' || state === 'voluntary' ? state : null,
  };
}

export function recallFilterToSearch(f: RecallFilter): string {
  const params = new URLSearchParams();
  params.set('location', f.location === null ? 'all' : String(f.location));
  if (f.state) params.set('state', f.state);
  return params.toString();
}
