/**
 * Whole stock lists for a supervisor (issue 13), read page by page at background priority:
 *
 * - `inventoryExport`: the stock list for the current filters as CSV. The API has no stock
 *   export, so the console walks the list and writes the file itself (csv-file.ts), with
 *   progress and cancel under the call's operation id, and the rows the service sent that do
 *   not match the API's description counted in the result, never silently dropped;
 * - `inventoryReorder`: every row at or below its reorder point (at one location or all), the
 *   union of the API's two filters that find them — `low_stock` (a reorder point, available at
 *   or below it and above zero) and `out_of_stock` (nothing available), the latter kept only
 *   where a reorder point is set — bounded, with the reorder point's source.
 */
import type { InventoryFilters } from '@shared/contract/arg-schemas';
import type { Api, ExportResult, ReorderList } from '@shared/contract/values';
import { isPastExpiry } from '@shared/stock-expiry';
import type { CallContext } from '../../kernel/handler-types';
import { type ApiHandlerDeps, background } from '../../kernel/operations/api-deps';
import { boundedWalk, MAX_WALK_ROWS } from '../../kernel/operations/bounded-walk';
import { writeCsvTable } from '../../kernel/operations/csv-file';
import { inventoryListQuery } from '../../kernel/operations/query';

type StockLevel = Api['StockLevel'];

/** Asked for on every page; the server clamps it to its maximum. */
const PAGE_SIZE = 1000;
/** The most rows one whole-list read keeps (a stock list this long is no longer a worklist). */
export const WHOLE_LIST_LIMIT = MAX_WALK_ROWS;
/** The reorder list's bound: rows beyond it are counted, not listed. */
export const REORDER_LIMIT = 20_000;

const rowKey = (row: StockLevel) => `${row.product_id}@${row.location?.id}`;

/** Every row of the stock list for `filters`, with the rows set aside as unreadable. */
export async function wholeList(
  deps: ApiHandlerDeps,
  filters: InventoryFilters,
  ctx: CallContext,
  phase: string,
): Promise<{ rows: StockLevel[]; count: number; leftOut: number }> {
  const api = await deps.client();
  let leftOut = 0;
  const walk = await boundedWalk(
    async (page, pageSize, signal) => {
      const checked = await api.page(
        'inventory_list',
        { query: inventoryListQuery(filters, { page, pageSize }) },
        { priority: 'background', signal },
      );
      leftOut += checked.rejectedRows?.length ?? 0;
      return checked;
    },
    {
      pageSize: PAGE_SIZE,
      signal: background(ctx).signal,
      idOf: rowKey,
      what: 'stock rows',
      phase,
      maxRows: WHOLE_LIST_LIMIT,
      progress: ctx.progress,
    },
  );
  return { rows: walk.rows, count: walk.count, leftOut };
}

export const STOCK_CSV_HEADER = [
  'location_id',
  'location_code',
  'location_name',
  'product_id',
  'sku',
  'gtin',
  'name',
  'brand',
  'on_hand',
  'committed',
  'reserved',
  'available',
  'reorder_point',
  'reorder_point_source',
  'stock_status',
  'earliest_expiry',
  'expiry',
  'batch_count',
  'recall',
  'abc_class',
  'last_counted_at',
] as const;

/** `expired`, `expiring soon` or empty: the same line the console's badges draw. */
export function expiryState(row: StockLevel, now: number): string {
  if (isPastExpiry(row.earliest_expiry, now)) return 'expired';
  return row.expiring_soon ? 'expiring soon' : '';
}

export function stockCsvRow(row: StockLevel, now: number) {
  return [
    row.location?.id,
    row.location?.code,
    row.location?.name,
    row.product_id,
    row.sku,
    row.gtin,
    row.name,
    row.brand,
    row.on_hand,
    row.committed,
    row.reserved,
    row.available,
    row.reorder_point,
    row.reorder_point_source,
    row.stock_status,
    row.earliest_expiry,
    expiryState(row, now),
    row.batch_count,
    row.recall,
    row.abc_class,
    row.last_counted_at,
  ];
}

export async function inventoryExport(
  deps: ApiHandlerDeps,
  args: { filters?: InventoryFilters; destination?: string },
  ctx: CallContext,
  now: Date = deps.now?.() ?? new Date(),
): Promise<ExportResult> {
  const list = await wholeList(deps, args.filters ?? {}, ctx, 'Reading stock rows');
  ctx.progress({ phase: 'Writing the file', done: list.rows.length, total: list.rows.length });
  const written = await writeCsvTable(
    { header: STOCK_CSV_HEADER, rows: list.rows.map((r) => stockCsvRow(r, now.getTime())) },
    {
      destination: args.destination,
      exportDir: deps.exportDir,
      ...(deps.folders ? { folders: deps.folders } : {}),
      prefix: 'stock',
      now,
      signal: ctx.signal,
    },
  );
  return list.leftOut > 0 ? { ...written, leftOut: list.leftOut } : written;
}

/** At or below the reorder point: a point is set and what is available has reached it. */
export function needsReorder(row: StockLevel): boolean {
  return typeof row.reorder_point === 'number' && row.available <= row.reorder_point;
}

export async function inventoryReorder(
  deps: ApiHandlerDeps,
  args: { location?: number },
  ctx: CallContext,
): Promise<ReorderList> {
  const at = args.location === undefined ? {} : { location: args.location };
  const low = await wholeList(deps, { ...at, low_stock: true }, ctx, 'Reading low stock');
  const out = await wholeList(
    deps,
    { ...at, out_of_stock: true },
    ctx,
    'Reading stock that is out',
  );
  const seen = new Set<string>();
  const rows: StockLevel[] = [];
  // Low first, then out; a row in both (the list moved between the reads) once.
  for (const row of [...low.rows, ...out.rows]) {
    const key = rowKey(row);
    if (seen.has(key) || !needsReorder(row)) continue;
    seen.add(key);
    rows.push(row);
  }
  rows.sort((a, b) => a.available - b.available || a.sku.localeCompare(b.sku));
  const kept = rows.slice(0, REORDER_LIMIT);
  return {
    rows: kept,
    total: rows.length,
    leftOut: low.leftOut + out.leftOut,
    at: new Date().toISOString(),
  };
}
