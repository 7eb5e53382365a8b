/**
 * A return's lines and money. Lines are 1–3 of the order's items (never more units than were
 * ordered); amounts are computed in cents and follow the resolution:
 *
 * - REFUND: `refund_amount` = total − fee; KEEP_IT: the total is refunded, nothing comes back.
 * - STORE_CREDIT: `credit_amount` = total, plus a 10 % bonus now and then (a common incentive).
 * - EXCHANGE: neither; the replacement goes out on an exchange order.
 * - REJECTED or CANCELLED returns pay nothing: all three amounts are null.
 *
 * `fee_amount` is a return-shipping fee charged on "changed my mind" returns with a label.
 */
import { money, type Rng } from '../seeded';
import type { CatalogProduct } from '../types';
import type { ReturnReason, ReturnResolution, ReturnStatus } from './return-types';

/** An order item as the orders store sends it (Order.items is "any JSON"). */
export interface SourceItem {
  sku: string;
  name: string;
  qty: number;
  price: string | null;
}

export interface DraftLine {
  product: number | null;
  sku: string;
  name: string;
  quantity: number;
  /** Cents, or null when the order carried no price. */
  unitCents: number | null;
  reason: ReturnReason;
  statedCents: number | null;
  passportCount: number;
}

/** Reads Order.items defensively: only entries with a SKU or a name and a positive quantity. */
export function sourceItems(items: unknown): SourceItem[] {
  if (!Array.isArray(items)) return [];
  const out: SourceItem[] = [];
  for (const raw of items) {
    if (typeof raw !== 'object' || raw === null) continue;
    const item = raw as Record<string, unknown>;
    const sku = typeof item.sku === 'string' ? item.sku : '';
    const name = typeof item.name === 'string' && item.name ? item.name : sku;
    const qty = typeof item.qty === 'number' ? Math.floor(item.qty) : 1;
    const price =
      typeof item.price === 'string' || typeof item.price === 'number' ? String(item.price) : null;
    if (name && qty > 0) out.push({ sku, name, qty, price });
  }
  return out;
}

export function drawLines(
  rng: Rng,
  items: readonly SourceItem[],
  bySku: ReadonlyMap<string, CatalogProduct>,
  reason: ReturnReason,
  portal: boolean,
): DraftLine[] {
  const pool = [...items];
  const count = Math.min(
    pool.length,
    rng.weighted([
      [1, 70],
      [2, 22],
      [3, 8],
    ] as const),
  );
  const lines: DraftLine[] = [];
  for (let i = 0; i < count; i++) {
    const item = pool.splice(rng.int(0, pool.length - 1), 1)[0]!;
    const product = bySku.get(item.sku);
    const cents =
      item.price !== null && Number.isFinite(Number(item.price))
        ? Math.round(Number(item.price) * 100)
        : null;
    lines.push({
      product: product?.id ?? null,
      sku: item.sku,
      name: item.name.slice(0, 200),
      quantity: rng.int(1, item.qty),
      // A few orders from older imports carry no price on the line.
      unitCents: rng.chance(0.03) ? null : cents,
      // Mostly the return's reason; a second line sometimes has its own, or none.
      reason: i === 0 || rng.chance(0.6) ? reason : rng.chance(0.5) ? '' : 'other',
      // Customers on the portal sometimes state what they paid (gift purchases, discounts).
      statedCents:
        portal && cents !== null && rng.chance(0.15)
          ? Math.round(cents * rng.pick([0.8, 0.9, 1]))
          : null,
      passportCount: item.sku.startsWith('EAR') || item.sku.startsWith('CHG') ? 1 : 0,
    });
  }
  return lines;
}

export function totalCents(lines: readonly DraftLine[]): number {
  return lines.reduce((sum, l) => sum + (l.unitCents ?? 0) * l.quantity, 0);
}

export interface Amounts {
  refund_amount: string | null;
  credit_amount: string | null;
  fee_amount: string | null;
  /** What the rules would refund (REFUND, KEEP_IT) or credit (STORE_CREDIT); null for EXCHANGE. */
  suggested: string | null;
}

export function drawAmounts(
  rng: Rng,
  total: number,
  resolution: ReturnResolution,
  status: ReturnStatus,
  reason: ReturnReason,
  hasLabel: boolean,
): Amounts {
  const fee =
    hasLabel && reason === 'changed_mind' && resolution === 'REFUND'
      ? Math.min(total, rng.pick([395, 495, 595]))
      : 0;
  const bonus = resolution === 'STORE_CREDIT' && rng.chance(0.3) ? Math.round(total * 0.1) : 0;
  const suggested =
    resolution === 'EXCHANGE'
      ? null
      : resolution === 'STORE_CREDIT'
        ? money((total + bonus) / 100)
        : money((total - fee) / 100);
  if (status === 'REJECTED' || status === 'CANCELLED') {
    return { refund_amount: null, credit_amount: null, fee_amount: null, suggested };
  }
  return {
    refund_amount:
      resolution === 'REFUND' || resolution === 'KEEP_IT' ? money((total - fee) / 100) : null,
    credit_amount: resolution === 'STORE_CREDIT' ? money((total + bonus) / 100) : null,
    fee_amount: fee > 0 ? money(fee / 100) : null,
    suggested,
  };
}
