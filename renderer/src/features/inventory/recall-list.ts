/**
 * The recall list as pure functions: every recalled batch with stock, at the location that
 * holds it (the product stock's batch_breakdown per location), with on hand, committed and
 * available there. A product's `recall` on the stock list is product-wide; these entries are
 * what a supervisor pulls off the shelf, and where.
 */

import { locationFromSearch } from './inventory-filters';
import type { OpenRecall, ProductStock } from './stock-facts';

export interface RecallEntry {
  product: { id: number; sku: string; name: string };
  batch: { id: number; code: string; expiresAt: string | null; daysUntilExpiry: number | null };
  state: OpenRecall;
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

export interface RecallBin {
  id: number | null;
  code: string;
}

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

/** Mandatory first, then by location, product and batch: the order a recall is worked in. */
export function recallEntries(stocks: readonly ProductStock[]): RecallEntry[] {
  const out: RecallEntry[] = [];
  for (const stock of stocks) {
    const p = stock.product;
    for (const level of stock.levels ?? []) {
      const bins: RecallBin[] = (level.bin_breakdown ?? [])
        .filter((b) => num(b.on_hand) > 0)
        .map((b) => ({ id: b.bin ? num(b.bin.id) : null, code: b.bin?.code ?? '' }));
      for (const b of level.batch_breakdown ?? []) {
        const batch = b.batch;
        const state = batch?.recall_state;
        if (!batch || (state !== 'mandatory' && state !== 'voluntary')) continue;
        if (num(b.on_hand) <= 0) continue;
        out.push({
          product: { id: num(p?.id), sku: p?.sku ?? '', name: p?.name ?? '' },
          batch: {
            id: num(batch.id),
            code: batch.batch_code ?? '',
            expiresAt: batch.expires_at ?? null,
            daysUntilExpiry: batch.days_until_expiry ?? null,
          },
          state,
          location: {
            id: num(level.location?.id),
            code: level.location?.code ?? '',
            name: level.location?.name ?? '',
          },
          bins,
          onHand: num(b.on_hand),
          committed: num(b.committed),
          available: num(b.available),
        });
      }
    }
  }
  const rank = (s: OpenRecall) => (s === 'mandatory' ? 0 : 1);
  return out.sort(
    (a, b) =>
      rank(a.state) - rank(b.state) ||
      a.location.code.localeCompare(b.location.code) ||
      a.product.name.localeCompare(b.product.name) ||
      a.batch.code.localeCompare(b.batch.code),
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
