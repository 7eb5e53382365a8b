/**
 * What needs action on one product, for the summary at the top of its stock page: recalled
 * batches and where (recall-list.ts, the same rule as the recall list), expired batches and
 * where, batches expiring within the horizon and where, and locations at or below their
 * reorder point. Pure, from the product stock answer; expired by the shared rule.
 */
import { isPastExpiry } from '../../../../shared/stock-expiry';
import { recallEntries } from './recall-list';
import type { ProductStock } from './stock-facts';

export type ActionKind = 'mandatory' | 'voluntary' | 'expired' | 'expiring' | 'reorder';

export interface ProductAction {
  kind: ActionKind;
  /** Where: the location's code. */
  location: string;
  /** The batch, for batch actions. */
  batch?: string;
  /** Units on hand concerned (the batch's there, or the location's available for reorder). */
  units: number;
  /** Days to expiry (negative: since), for expiry actions. */
  days?: number | null;
  /** The reorder point, for reorder actions. */
  reorderPoint?: number;
}

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

/** Most urgent first: mandatory recalls, voluntary, expired, expiring (soonest), reorder. */
export function productActions(
  stock: ProductStock,
  now: number,
  expiringWithinDays = 30,
): ProductAction[] {
  const out: ProductAction[] = recallEntries([stock]).map((r) => ({
    kind: r.state,
    location: r.location.code,
    batch: r.batch.code,
    units: r.onHand,
  }));
  for (const level of stock.levels ?? []) {
    const location = level.location?.code ?? '';
    for (const b of level.batch_breakdown ?? []) {
      const batch = b.batch;
      if (!batch || num(b.on_hand) <= 0) continue;
      const days = batch.days_until_expiry ?? null;
      const expired = isPastExpiry(batch.expires_at, now);
      const expiring = !expired && days !== null && days >= 0 && days <= expiringWithinDays;
      if (!expired && !expiring) continue;
      out.push({
        kind: expired ? 'expired' : 'expiring',
        location,
        batch: batch.batch_code ?? '',
        units: num(b.on_hand),
        days,
      });
    }
    const point = level.reorder_point;
    if (typeof point === 'number' && num(level.available_total) <= point) {
      out.push({
        kind: 'reorder',
        location,
        units: num(level.available_total),
        reorderPoint: point,
      });
    }
  }
  const rank: Record<ActionKind, number> = {
    mandatory: 0,
    voluntary: 1,
    expired: 2,
    expiring: 3,
    reorder: 4,
  };
  return out.sort(
    (a, b) =>
      rank[a.kind] - rank[b.kind] ||
      (a.days ?? 0) - (b.days ?? 0) ||
      a.location.localeCompare(b.location),
  );
}
