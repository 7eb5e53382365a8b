/**
 * The reorder list's columns: the product and the location, what is available against the
 * reorder point (and whether that point was set by hand or computed), and how far below it.
 */
import { Link } from 'wouter';
import type { Api } from '../../../../shared/contract/values';
import type { Formatters } from '../../ui/format/formatters';
import { cellMeta, listColumns, NOWRAP_COLUMN, NUMBER_COLUMN } from '../../ui/list/list-columns';
import { shortBy } from './inventory-tables';
import { pointSource } from './stock-facts';

type Row = Api['StockLevel'];

export interface ReorderMeta {
  format: Formatters;
}

const col = listColumns<Row>();
const format = (table: { options: { meta?: unknown } }) => cellMeta<ReorderMeta>(table).format;

export const REORDER_COLUMNS = col.columns([
  col.accessor((r) => r.name, {
    id: 'product',
    header: 'Product',
    meta: { cellClass: 'max-w-80' },
    cell: ({ row: { original: r } }) => (
      <>
        <Link
          href={`/inventory/${r.product_id}`}
          className="font-medium text-accent underline-offset-2 hover:underline"
          tabIndex={-1}
        >
          {r.name || r.sku}
        </Link>
        <div className="whitespace-nowrap font-mono text-xs text-muted">{r.sku}</div>
      </>
    ),
  }),
  col.accessor((r) => r.location?.code ?? '', {
    id: 'location',
    header: 'Location',
    meta: NOWRAP_COLUMN,
    cell: ({ row: { original: r } }) => (
      <span title={r.location?.name}>
        <span className="font-mono text-xs" data-field="location">
          {r.location?.code}
        </span>
        <div className="text-xs text-muted">{r.location?.name}</div>
      </span>
    ),
  }),
  col.accessor((r) => r.available, {
    id: 'available',
    header: 'Available',
    meta: { ...NUMBER_COLUMN, cellClass: `${NUMBER_COLUMN.cellClass} font-semibold` },
    cell: ({ getValue, table }) => format(table).number(getValue()),
  }),
  col.accessor((r) => r.reorder_point ?? 0, {
    id: 'reorder_point',
    header: 'Reorder point',
    meta: NUMBER_COLUMN,
    cell: ({ row: { original: r }, table }) => (
      <>
        {format(table).number(r.reorder_point ?? 0)}
        <div className="whitespace-nowrap text-xs text-muted" data-field="point-source">
          {pointSource(r.reorder_point_source)}
        </div>
      </>
    ),
  }),
  col.accessor((r) => shortBy(r), {
    id: 'below_by',
    header: 'Below point by',
    meta: NUMBER_COLUMN,
    cell: ({ getValue, table }) => format(table).number(getValue()),
  }),
  col.accessor((r) => r.on_hand, {
    id: 'on_hand',
    header: 'On hand',
    meta: NUMBER_COLUMN,
    cell: ({ getValue, table }) => format(table).number(getValue()),
  }),
]);

export const reorderRowId = (r: Row) => `${r.product_id}@${r.location?.id}`;
export const reorderRowData = (r: Row) => ({ 'data-reorder-row': reorderRowId(r) });
