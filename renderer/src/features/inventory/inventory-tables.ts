/**
 * The supervisor's lists as plain tables for CSV (the bridge's tableExport writes them): the
 * exceptions board, the recall list, the expired batches and the reorder list, each exactly as on screen — the
 * same rows, in the same order — with column names a spreadsheet reads without the console.
 * Pure functions, so what a file holds is tested apart from the screens.
 */
import type { PulledMark } from '../../../../shared/contract/action-values';
import type { Api } from '../../../../shared/contract/values';
import type { BoardRow } from './exceptions-board';
import { onShelf, pulledAtLocation } from './pulled-marks';
import type { HeldBatch, RecallBin, RecallEntry } from './recall-list';
import { DEFAULT_REORDER_MARGIN, suggestedQuantity } from './reorder-suggestion';

export type TableCell = string | number | boolean | null;

export interface PlainTable {
  header: string[];
  rows: TableCell[][];
}

/** A column of a table: its name in the header, and its cell in a row. */
type Column<T> = readonly [name: string, cell: (row: T) => TableCell];

/** The rows under the columns' names, each column's name beside what fills it. */
function plainTable<T>(columns: readonly Column<T>[], rows: readonly T[]): PlainTable {
  return {
    header: columns.map(([name]) => name),
    rows: rows.map((row) => columns.map(([, cell]) => cell(row))),
  };
}

/** The board, or why it cannot be written yet (a count still being read). */
export function boardTable(
  rows: readonly BoardRow[],
  days: number,
): PlainTable | { notReady: string } {
  if (rows.length === 0 || rows.some((r) => Object.values(r.counts).some((v) => v === null))) {
    return { notReady: 'The board is still counting.' };
  }
  return plainTable<BoardRow>(
    [
      ['location_code', (r) => r.location?.code ?? 'All locations'],
      ['location_name', (r) => r.location?.name ?? ''],
      ['units_on_hand', (r) => r.counts.onHand],
      ['low_stock', (r) => r.counts.low],
      ['out_of_stock', (r) => r.counts.out],
      [`expiring_within_${days}_days`, (r) => r.counts.expiring],
      ['expired', (r) => r.counts.expired],
      ['voluntary_recall', (r) => r.counts.voluntary],
      ['mandatory_recall', (r) => r.counts.mandatory],
    ],
    rows,
  );
}

const HELD_COLUMNS: readonly Column<HeldBatch>[] = [
  ['batch_code', (e) => e.batch.code],
  ['expires_at', (e) => e.batch.expiresAt],
  ['days_until_expiry', (e) => e.batch.daysUntilExpiry],
  ['product_id', (e) => e.product.id],
  ['sku', (e) => e.product.sku],
  ['product_name', (e) => e.product.name],
  ['location_code', (e) => e.location.code],
  ['location_name', (e) => e.location.name],
  ['on_hand', (e) => e.onHand],
  ['committed', (e) => e.committed],
  ['available', (e) => e.available],
];

/** Where a batch is (bins) and what was done (pulled, by whom, when, still on the shelf). */
function pulledColumns(marks: readonly PulledMark[]): Column<HeldBatch>[] {
  const pulled = (e: HeldBatch) => pulledAtLocation(marks, e.batch.id, e.location.id);
  return [
    ['bins', (e) => e.bins.map(binName).join(' ')],
    ['pulled', (e) => pulled(e).quantity],
    ['pulled_by', (e) => pulled(e).latest?.pulledBy ?? ''],
    ['pulled_at', (e) => pulled(e).latest?.pulledAt ?? ''],
    ['on_shelf', (e) => onShelf(e.onHand, pulled(e).quantity)],
  ];
}

/** The recall list with where it is (bins) and what was done (pulled, still on the shelf). */
export function recallTable(
  entries: readonly RecallEntry[],
  marks: readonly PulledMark[] = [],
): PlainTable {
  return plainTable<RecallEntry>(
    [['recall', (e) => e.state], ...HELD_COLUMNS, ...pulledColumns(marks)],
    entries,
  );
}

/** The expired batches as the recall list has them, without the recall. */
export function expiredTable(
  entries: readonly HeldBatch[],
  marks: readonly PulledMark[] = [],
): PlainTable {
  return plainTable<HeldBatch>([...HELD_COLUMNS, ...pulledColumns(marks)], entries);
}

/** A bin as a person names it; stock without a bin is "no bin". */
export const binName = (b: RecallBin): string =>
  b.id === null ? 'no bin' : b.code || `bin ${b.id}`;

/** How far below its reorder point a row is (0 at the point itself). */
export const shortBy = (row: Api['StockLevel']) =>
  typeof row.reorder_point === 'number' ? row.reorder_point - row.available : 0;

const REORDER_COLUMNS: readonly Column<Api['StockLevel']>[] = [
  ['location_code', (r) => r.location?.code ?? ''],
  ['location_name', (r) => r.location?.name ?? ''],
  ['product_id', (r) => r.product_id],
  ['sku', (r) => r.sku],
  ['name', (r) => r.name],
  ['available', (r) => r.available],
  ['on_hand', (r) => r.on_hand],
  ['reorder_point', (r) => r.reorder_point],
  ['reorder_point_source', (r) => r.reorder_point_source || 'not set'],
  ['below_point_by', shortBy],
];

export function reorderTable(
  rows: readonly Api['StockLevel'][],
  marginPercent = DEFAULT_REORDER_MARGIN,
): PlainTable {
  return plainTable<Api['StockLevel']>(
    [
      ...REORDER_COLUMNS,
      ['suggested_quantity', (r) => suggestedQuantity(r.available, r.reorder_point, marginPercent)],
    ],
    rows,
  );
}

/**
 * The reorder list as a purchase list: what to order, how many and where it goes, one line a
 * row that needs something (a row without a reorder point or already above it is left out).
 */
export function purchaseListTable(
  rows: readonly Api['StockLevel'][],
  marginPercent: number,
): PlainTable {
  const lines = rows
    .map((r) => ({ r, qty: suggestedQuantity(r.available, r.reorder_point, marginPercent) }))
    .filter((l): l is { r: Api['StockLevel']; qty: number } => l.qty !== null && l.qty > 0);
  return plainTable<(typeof lines)[number]>(
    [
      ['sku', (l) => l.r.sku],
      ['product', (l) => l.r.name],
      ['suggested_quantity', (l) => l.qty],
      ['location', (l) => l.r.location?.code ?? ''],
    ],
    lines,
  );
}
