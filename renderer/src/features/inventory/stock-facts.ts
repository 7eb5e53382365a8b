/**
 * What a supervisor reads off a stock row, as pure functions: its badges (out of stock, low,
 * expiring soon, recall — voluntary apart from mandatory), available as on hand less committed
 * and reserved, how far away an expiry is, and the product page's lists in the order the spec
 * promises (batches soonest expiry first, movements newest first) even if an answer is not.
 * Every input may miss optional fields: a schema-valid answer never breaks these.
 */
import type { StockLevelRecall } from '../../../../shared/api/enums.gen';
import type {
  InventoryMovementSummary,
  ProductStock,
  ProductStockBatch,
  ProductStockBin,
  ProductStockLocation,
  StockLevel,
} from '../../../../shared/api/schema.gen';
import { daysUntilExpiry, isPastExpiry } from '../../../../shared/stock-expiry';

// The spec's own names, handed on to the views that read these rows.
export type { ProductStock, ProductStockBatch, ProductStockBin, ProductStockLocation, StockLevel };
export type Movement = InventoryMovementSummary;

export type StockBadgeKind =
  | 'out-of-stock'
  | 'low-stock'
  | 'expired'
  | 'expiring-soon'
  | 'recall-voluntary'
  | 'recall-mandatory'
  | 'recall-elsewhere';

export type StockTone = 'danger' | 'warn' | 'info';

export interface StockBadge {
  kind: StockBadgeKind;
  label: string;
  tone: StockTone;
  /** A longer sentence for the tooltip and screen readers. */
  description: string;
}

const num = (value: unknown): number =>
  typeof value === 'number' && Number.isFinite(value) ? value : 0;

/** Available as the spec defines it: on hand less committed and reserved. */
export function availableOf(row: { on_hand?: number; committed?: number; reserved?: number }) {
  return num(row.on_hand) - num(row.committed) - num(row.reserved);
}

/** The API's filter definitions (spec): out of stock = no available stock. */
export function isOutOfStock(available: number): boolean {
  return available <= 0;
}

/** Low stock: a reorder point, available at or below it and above zero. */
export function isLowStock(available: number, reorderPoint: number | null | undefined): boolean {
  return typeof reorderPoint === 'number' && available > 0 && available <= reorderPoint;
}

/** The badge of each recall the spec names (StockLevel.recall); anything else has none. */
const RECALL_BADGES: Record<StockLevelRecall, StockBadge> = {
  mandatory: {
    kind: 'recall-mandatory',
    label: 'Mandatory recall',
    tone: 'danger',
    description: 'A batch of this product is under a mandatory recall: do not ship it.',
  },
  voluntary: {
    kind: 'recall-voluntary',
    label: 'Voluntary recall',
    tone: 'warn',
    description: 'A batch of this product is under a voluntary recall.',
  },
};

export function recallBadge(recall: string | null | undefined): StockBadge | null {
  return recall && Object.hasOwn(RECALL_BADGES, recall)
    ? RECALL_BADGES[recall as StockLevelRecall]
    : null;
}

/** Whole days to an expiry as the API counts them (daysUntilExpiry, shared/stock-expiry.ts). */
export function daysUntil(iso: string | null | undefined, now = Date.now()): number | null {
  return daysUntilExpiry(iso, now);
}

/**
 * The row's expiry as its own state: expired (its earliest batch is past its date) apart
 * from expiring soon (the API's flag, which counts batches not yet expired), with the days
 * both ways in the label. A row can be both: one batch expired, another expiring soon.
 */
function expiryBadges(row: Partial<StockLevel>, now: number): StockBadge[] {
  const days = daysUntil(row.earliest_expiry, now);
  const badges: StockBadge[] = [];
  if (isPastExpiry(row.earliest_expiry, now)) {
    const text = expiryText(-daysExpired(row.earliest_expiry, now)) ?? 'Expired';
    badges.push({
      kind: 'expired',
      label: text,
      tone: 'danger',
      description: `A batch held here is past its expiry date (${text.toLowerCase()}): do not ship it.`,
    });
  }
  if (row.expiring_soon === true) {
    // The earliest expiry is the expired batch's when there is one: no days for the other.
    const text = badges.length === 0 ? (expiryText(days) ?? 'Expiring soon') : 'Expiring soon';
    badges.push({
      kind: 'expiring-soon',
      label: text,
      tone: 'warn',
      description:
        badges.length === 0
          ? `A batch held here expires soon (${text.toLowerCase()}).`
          : 'Another batch held here expires soon.',
    });
  }
  return badges;
}

/** Whole UTC days since an expiry that is past (isPastExpiry): 1 for any instant of yesterday. */
export function daysExpired(iso: string | null | undefined, now = Date.now()): number {
  return Math.max(1, -(daysUntilExpiry(iso, now) ?? -1));
}

export type OpenRecall = 'voluntary' | 'mandatory';

/**
 * The strictest open recall among the batches a location holds (the product stock answer's
 * batch_breakdown there), or null: the list row's `recall` is the product's, for every
 * location, while the recalled batch sits at some of them only.
 */
export function recallAtLocation(
  stock: Partial<ProductStock> | undefined,
  locationId: number | undefined,
): OpenRecall | null {
  const here = (stock?.levels ?? []).find((l) => l.location?.id === locationId);
  let recall: OpenRecall | null = null;
  for (const b of here?.batch_breakdown ?? []) {
    if ((b.on_hand ?? 0) <= 0) continue;
    if (b.batch?.recall_state === 'mandatory') return 'mandatory';
    if (b.batch?.recall_state === 'voluntary') recall = 'voluntary';
  }
  return recall;
}

/**
 * The badges of a stock row, most urgent first. `recallHere` is the recall of the batches at
 * this row's location when known (recallAtLocation); until then the product's recall shows.
 * A product recalled only elsewhere gets a quiet "Recall elsewhere" instead of an alarm.
 */
export function stockBadges(
  row: Partial<StockLevel>,
  now = Date.now(),
  recallHere?: OpenRecall | null,
): StockBadge[] {
  const badges: StockBadge[] = [];
  const available = typeof row.available === 'number' ? row.available : availableOf(row);
  const productRecall = row.recall === 'mandatory' || row.recall === 'voluntary';
  const elsewhere = recallHere === null && productRecall;
  const recall = recallBadge(recallHere === undefined ? row.recall : recallHere);
  if (recall?.tone === 'danger') badges.push(recall);
  if (isOutOfStock(available)) {
    badges.push({
      kind: 'out-of-stock',
      label: 'Out of stock',
      tone: 'danger',
      description: 'Nothing is available here: all stock is committed, reserved or gone.',
    });
  } else if (isLowStock(available, row.reorder_point)) {
    badges.push({
      kind: 'low-stock',
      label: 'Low stock',
      tone: 'warn',
      description: 'Available stock is at or below the reorder point.',
    });
  }
  badges.push(...expiryBadges(row, now));
  if (recall && recall.tone !== 'danger') badges.push(recall);
  if (elsewhere) {
    badges.push({
      kind: 'recall-elsewhere',
      label: 'Recall elsewhere',
      tone: 'info',
      description: `A ${row.recall} recall covers a batch of this product held at another location, not here.`,
    });
  }
  return badges;
}

/**
 * "Expires in 12 days", "Expires today", "Expired 3 days ago", or null when no date; the days
 * with digit grouping ("Expired 739,946 days ago"), by `count` (the person's formatter) or
 * the browser's locale.
 */
export function expiryText(
  days: number | null | undefined,
  count: (n: number) => string = (n) => n.toLocaleString(),
): string | null {
  if (typeof days !== 'number' || !Number.isFinite(days)) return null;
  if (days === 0) return 'Expires today';
  if (days === 1) return 'Expires tomorrow';
  if (days > 0) return `Expires in ${count(days)} days`;
  return days === -1 ? 'Expired yesterday' : `Expired ${count(-days)} days ago`;
}

/** How urgent an expiry is: past or within 30 days reads as danger or warning. */
export function expiryTone(days: number | null | undefined): StockTone | null {
  if (typeof days !== 'number') return null;
  if (days < 0) return 'danger';
  if (days <= 30) return 'warn';
  return null;
}

/** A batch's recall state as a badge ("none" and blank are no badge). */
export function batchRecallBadge(state: string | null | undefined): StockBadge | null {
  const known = recallBadge(state);
  if (known) return known;
  if (!state || state === 'none') return null;
  return { kind: 'recall-voluntary', label: state, tone: 'warn', description: `Recall: ${state}` };
}

const time = (value: string | null | undefined): number | null => {
  if (!value) return null;
  const t = Date.parse(value);
  return Number.isNaN(t) ? null : t;
};

/** Batches soonest expiry first; batches without an expiry last, by batch code. */
export function sortBatches(batches: readonly ProductStockBatch[]): ProductStockBatch[] {
  const key = (b: ProductStockBatch) =>
    typeof b.batch?.days_until_expiry === 'number'
      ? b.batch.days_until_expiry * 86_400_000
      : (() => {
          const t = time(b.batch?.expires_at);
          return t === null ? Number.POSITIVE_INFINITY : t - Date.now();
        })();
  return [...batches].sort(
    (a, b) =>
      key(a) - key(b) || (a.batch?.batch_code ?? '').localeCompare(b.batch?.batch_code ?? ''),
  );
}

/** Movements newest first (undated ones last), whatever order the answer came in. */
export function sortMovements(movements: readonly Movement[]): Movement[] {
  return [...movements].sort(
    (a, b) =>
      (time(b.occurred_at) ?? Number.NEGATIVE_INFINITY) -
      (time(a.occurred_at) ?? Number.NEGATIVE_INFINITY),
  );
}

/** Bins with stock assigned first (by code), then the stock not in a bin. */
export function sortBins(bins: readonly ProductStockBin[]): ProductStockBin[] {
  return [...bins].sort((a, b) => {
    if (!a.bin !== !b.bin) return a.bin ? -1 : 1;
    return (a.bin?.code ?? '').localeCompare(b.bin?.code ?? '');
  });
}

/** "+12" / "−3": a movement's delta with its sign, so in and out read apart. */
export function signedDelta(delta: number | undefined, format: (n: number) => string): string {
  if (typeof delta !== 'number') return '—';
  if (delta > 0) return `+${format(delta)}`;
  if (delta < 0) return `−${format(-delta)}`;
  return format(0);
}

/** "set by hand" / "computed" / "not set": the API's `manual` / `auto` / empty reorder point. */
export function pointSource(source: string | null | undefined): string {
  if (source === 'manual') return 'set by hand';
  if (source === 'auto') return 'computed';
  return source ? source : 'not set';
}
