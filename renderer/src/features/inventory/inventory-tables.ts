/**
 * The supervisor's lists as plain tables for CSV (the bridge's tableExport writes them): the
 * exceptions board, the recall list and the reorder list, each exactly as on screen — the
 * same rows, in the same order — with column names a spreadsheet reads without the console.
 * Pure functions, so what a file holds is tested apart from the screens.
 */
import type { Api } from '../../../../shared/contract/values';
import type { BoardRow } from './exceptions-board';
import type { RecallEntry } from './recall-list';

export type TableCell = string | number | boolean | null;

export interface PlainTable {
  header: string[];
  rows: TableCell[][];
}

/** The board, or why it cannot be written yet (a count still being read). */
export function boardTable(
  rows: readonly BoardRow[],
  days: number,
): PlainTable | { notReady: string } {
  if (rows.length === 0 || rows.some((r) => Object.values(r.counts).some((v) => v === null))) {
    return { notReady: 'The board is still counting.' };
  }
  return {
    header: [
      'location_code',
      'location_name',
      'units_on_hand',
      'low_stock',
      'out_of_stock',
      `expiring_within_${days}_days`,
      'expired',
      'voluntary_recall',
      'mandatory_recall',
    ],
    rows: rows.map((r) => [
      r.location?.code ?? 'All locations',
      r.location?.name ?? '',
      r.counts.onHand,
      r.counts.low,
      r.counts.out,
      r.counts.expiring,
      r.counts.expired,
      r.counts.voluntary,
      r.counts.mandatory,
    ]),
  };
}

export function recallTable(entries: readonly RecallEntry[]): PlainTable {
  return {
    header: [
      'recall',
      'batch_code',
      'expires_at',
      'days_until_expiry',
      'product_id',
      'sku',
      'product_name',
      'location_code',
      'location_name',
      'on_hand',
      'committed',
      'available',
    ],
    rows: entries.map((e) => [
      e.state,
      e.batch.code,
      e.batch.expiresAt,
      e.batch.daysUntilExpiry,
      e.product.id,
      e.product.sku,
      e.product.name,
      e.location.code,
      e.location.name,
      e.onHand,
      e.committed,
      e.available,
    ]),
  };
}

/** How far below its reorder point a row is (0 at the point itself). */
export const shortBy = (row: Api['StockLevel']) =>
  typeof row.reorder_point === 'number' ? row.reorder_point - row.available : 0;

export function reorderTable(rows: readonly Api['StockLevel'][]): PlainTable {
  return {
    header: [
      'location_code',
      'location_name',
      'product_id',
      'sku',
      'name',
      'available',
      'on_hand',
      'reorder_point',
      'reorder_point_source',
      'below_point_by',
    ],
    rows: rows.map((r) => [
      r.location?.code ?? '',
      r.location?.name ?? '',
      r.product_id,
      r.sku,
      r.name,
      r.available,
      r.on_hand,
      r.reorder_point,
      r.reorder_point_source || 'not set',
      shortBy(r),
    ]),
  };
}
