/**
 * The stock levels grid's columns, one row per product and location. The numbers read left
 * to right as the sum they are — on hand, less committed, less reserved, equals available —
 * with available set large and its badges beside it, so a supervisor reads a row at a glance.
 */
import { Link } from 'wouter';
import { cn } from '../../ui/cn';
import type { Formatters } from '../../ui/format/formatters';
import { cellMeta, listColumns, NOWRAP_COLUMN, NUMBER_COLUMN } from '../../ui/list/list-columns';
import { pointSource, type StockLevel } from './stock-facts';
import { StockStatus } from './stock-status';

export interface StockMeta {
  format: Formatters;
}

const col = listColumns<StockLevel>();
const format = (table: { options: { meta?: unknown } }) => cellMeta<StockMeta>(table).format;

/** A header read as part of the sum ("− Committed"); the sign is not read out. */
const term = (sign: string, label: string) => () => (
  <>
    <span aria-hidden>{sign} </span>
    {label}
  </>
);

export const STOCK_COLUMNS = col.columns([
  col.accessor((s) => s.name || s.sku, {
    id: 'product',
    header: 'Product',
    meta: { cellClass: 'max-w-80' },
    cell: ({ row: { original: s } }) => (
      <>
        {/* The row holds the Tab stop: the link is reached by Enter on it, or a click. */}
        <Link
          href={`/inventory/${s.product_id}`}
          className="font-medium text-accent underline-offset-2 hover:underline"
          tabIndex={-1}
        >
          {s.name || s.sku || `Product ${s.product_id}`}
        </Link>
        <div className="text-xs text-muted">
          {s.sku}
          {s.brand ? ` · ${s.brand}` : ''}
          {s.is_kit ? ' · Kit' : ''}
        </div>
      </>
    ),
  }),
  col.accessor((s) => s.location?.code, {
    id: 'location',
    header: 'Location',
    cell: ({ row: { original: s } }) => (
      <span title={s.location?.name}>
        <span className="font-mono text-xs">{s.location?.code}</span>
        <div className="text-xs text-muted">{s.location?.name}</div>
      </span>
    ),
  }),
  col.accessor((s) => s.on_hand, {
    id: 'on_hand',
    header: 'On hand',
    meta: NUMBER_COLUMN,
    cell: ({ getValue, table }) => format(table).number(getValue()),
  }),
  col.accessor((s) => s.committed, {
    id: 'committed',
    header: term('−', 'Committed'),
    meta: NUMBER_COLUMN,
    cell: ({ getValue, table }) => format(table).number(getValue()),
  }),
  col.accessor((s) => s.reserved, {
    id: 'reserved',
    header: term('−', 'Reserved'),
    meta: NUMBER_COLUMN,
    cell: ({ getValue, table }) => format(table).number(getValue()),
  }),
  col.accessor((s) => s.available, {
    id: 'available',
    header: term('=', 'Available'),
    meta: { ...NUMBER_COLUMN, cellClass: `${NUMBER_COLUMN.cellClass} text-base font-semibold` },
    cell: ({ getValue, table }) => (
      <span data-field="available" className={cn(getValue() <= 0 && 'text-danger')}>
        {format(table).number(getValue())}
      </span>
    ),
  }),
  col.display({
    id: 'status',
    header: 'Status',
    cell: ({ row }) => <StockStatus row={row.original} />,
  }),
  col.accessor((s) => s.reorder_point, {
    id: 'reorder_point',
    header: 'Reorder point',
    meta: NUMBER_COLUMN,
    cell: ({ row: { original: s }, table }) => (
      <>
        {format(table).number(s.reorder_point)}
        {s.reorder_point_source ? (
          <div className="whitespace-nowrap text-xs text-muted">
            {pointSource(s.reorder_point_source)}
          </div>
        ) : null}
      </>
    ),
  }),
  col.accessor((s) => s.earliest_expiry, {
    id: 'expiry',
    header: 'Earliest expiry',
    meta: NOWRAP_COLUMN,
    cell: ({ row: { original: s }, table }) => (
      <>
        {format(table).date(s.earliest_expiry)}
        {s.batch_count > 0 && (
          <div className="text-xs text-muted">
            {s.batch_count === 1 ? '1 batch' : `${format(table).number(s.batch_count)} batches`}
          </div>
        )}
      </>
    ),
  }),
]);

/** A row's identity: the product at the location. */
export const stockRowId = (row: StockLevel) => `${row.product_id}@${row.location?.id ?? '?'}`;
export const stockRowData = (row: StockLevel) => ({ 'data-stock-row': stockRowId(row) });
