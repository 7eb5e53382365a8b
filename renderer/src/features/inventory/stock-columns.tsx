/**
 * The stock levels grid's columns, one row per product and location. The numbers read left
 * to right as the sum they are — on hand, less committed, less reserved, equals available —
 * with available set large and its badges beside it, so a supervisor reads a row at a glance.
 * Every row is one line, so at 1280x720 ten rows and every column show: the product's name is
 * cut with an ellipsis (whole on hover), the location's name, the reorder point's source and
 * the batch count are on hover.
 */
import { cn } from '../../ui/cn';
import { countColumn, formatOf } from '../../ui/list/column-factories';
import { listColumns, NOWRAP_COLUMN, NUMBER_COLUMN } from '../../ui/list/list-columns';
import { locationColumn, productColumn } from './product-cells';
import { pointSource, type StockLevel } from './stock-facts';
import { StockStatus } from './stock-status';

const col = listColumns<StockLevel>();

/** Narrow gutters (4 px a side): with them, every column fits at 1280 pixels. */
const TIGHT = 'px-1';
const tight = (meta: { cellClass?: string; headerClass?: string }) => ({
  cellClass: `${meta.cellClass ?? ''} ${TIGHT}`,
  headerClass: `${meta.headerClass ?? ''} ${TIGHT}`,
});
const TIGHT_NUMBER = tight(NUMBER_COLUMN);

/** A header read as part of the sum ("− Committed"); the sign is not read out. */
const term = (sign: string, label: string) => () => (
  <>
    <span aria-hidden>{sign} </span>
    {label}
  </>
);

export const STOCK_COLUMNS = col.columns([
  productColumn(
    (s: StockLevel) => ({
      id: s.product_id,
      name: s.name,
      sku: s.sku,
      more: `${s.brand ? ` · ${s.brand}` : ''}${s.is_kit ? ' · Kit' : ''}`,
    }),
    { oneLine: true },
  ),
  locationColumn((s: StockLevel) => s.location, { oneLine: true }),
  countColumn((s: StockLevel) => s.on_hand, {
    id: 'on_hand',
    header: 'On hand',
    meta: TIGHT_NUMBER,
  }),
  countColumn((s: StockLevel) => s.committed, {
    id: 'committed',
    header: term('−', 'Committed'),
    meta: TIGHT_NUMBER,
  }),
  countColumn((s: StockLevel) => s.reserved, {
    id: 'reserved',
    header: term('−', 'Reserved'),
    meta: TIGHT_NUMBER,
  }),
  col.accessor((s) => s.available, {
    id: 'available',
    header: term('=', 'Available'),
    meta: tight({
      ...NUMBER_COLUMN,
      cellClass: `${NUMBER_COLUMN.cellClass} text-base font-semibold`,
    }),
    cell: ({ getValue, table }) => (
      <span data-field="available" className={cn(getValue() <= 0 && 'text-danger')}>
        {formatOf(table).number(getValue())}
      </span>
    ),
  }),
  col.display({
    id: 'status',
    header: 'Status',
    meta: tight(NOWRAP_COLUMN),
    cell: ({ row }) => <StockStatus row={row.original} />,
  }),
  col.accessor((s) => s.reorder_point, {
    id: 'reorder_point',
    // Short headers: every column fits at 1280 pixels.
    header: 'Reorder at',
    meta: TIGHT_NUMBER,
    cell: ({ row: { original: s }, table }) => {
      const source = s.reorder_point_source ? pointSource(s.reorder_point_source) : null;
      return (
        <span title={source ?? undefined}>
          {formatOf(table).number(s.reorder_point)}
          {source ? <span className="sr-only"> ({source})</span> : null}
        </span>
      );
    },
  }),
  col.accessor((s) => s.earliest_expiry, {
    id: 'expiry',
    header: 'Expires',
    meta: tight(NOWRAP_COLUMN),
    cell: ({ row: { original: s }, table }) => {
      const batches =
        s.batch_count > 0
          ? s.batch_count === 1
            ? '1 batch'
            : `${formatOf(table).number(s.batch_count)} batches`
          : null;
      return (
        <span title={batches ?? undefined}>
          {formatOf(table).date(s.earliest_expiry)}
          {batches ? <span className="sr-only"> ({batches})</span> : null}
        </span>
      );
    },
  }),
]);

/** A row's identity: the product at the location. */
export const stockRowId = (row: StockLevel) => `${row.product_id}@${row.location?.id ?? '?'}`;
export const stockRowData = (row: StockLevel) => ({ 'data-stock-row': stockRowId(row) });
