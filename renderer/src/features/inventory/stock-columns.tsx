/**
 * The stock levels grid's columns, one row per product and location. The numbers read left
 * to right as the sum they are — on hand, less committed, less reserved, equals available —
 * with available set large and its badges beside it, so a supervisor reads a row at a glance.
 */
import { cn } from '../../ui/cn';
import { countColumn, formatOf } from '../../ui/list/column-factories';
import { listColumns, NOWRAP_COLUMN, NUMBER_COLUMN } from '../../ui/list/list-columns';
import { locationColumn, productColumn } from './product-cells';
import { pointSource, type StockLevel } from './stock-facts';
import { StockStatus } from './stock-status';

const col = listColumns<StockLevel>();

/** A header read as part of the sum ("− Committed"); the sign is not read out. */
const term = (sign: string, label: string) => () => (
  <>
    <span aria-hidden>{sign} </span>
    {label}
  </>
);

export const STOCK_COLUMNS = col.columns([
  productColumn((s: StockLevel) => ({
    id: s.product_id,
    name: s.name,
    sku: s.sku,
    more: `${s.brand ? ` · ${s.brand}` : ''}${s.is_kit ? ' · Kit' : ''}`,
  })),
  locationColumn((s: StockLevel) => s.location),
  countColumn((s: StockLevel) => s.on_hand, { id: 'on_hand', header: 'On hand' }),
  countColumn((s: StockLevel) => s.committed, { id: 'committed', header: term('−', 'Committed') }),
  countColumn((s: StockLevel) => s.reserved, { id: 'reserved', header: term('−', 'Reserved') }),
  col.accessor((s) => s.available, {
    id: 'available',
    header: term('=', 'Available'),
    meta: { ...NUMBER_COLUMN, cellClass: `${NUMBER_COLUMN.cellClass} text-base font-semibold` },
    cell: ({ getValue, table }) => (
      <span data-field="available" className={cn(getValue() <= 0 && 'text-danger')}>
        {formatOf(table).number(getValue())}
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
        {formatOf(table).number(s.reorder_point)}
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
        {formatOf(table).date(s.earliest_expiry)}
        {s.batch_count > 0 && (
          <div className="text-xs text-muted">
            {s.batch_count === 1 ? '1 batch' : `${formatOf(table).number(s.batch_count)} batches`}
          </div>
        )}
      </>
    ),
  }),
]);

/** A row's identity: the product at the location. */
export const stockRowId = (row: StockLevel) => `${row.product_id}@${row.location?.id ?? '?'}`;
export const stockRowData = (row: StockLevel) => ({ 'data-stock-row': stockRowId(row) });
