/**
 * The reorder list's columns: the product and the location, what is available against the
 * reorder point (and whether that point was set by hand or computed), how far below it, and
 * how many to order to be back above it by the margin (a setting).
 */
import type { Api } from '../../../../shared/contract/values';
import type { Formatters } from '../../ui/format/formatters';
import { countColumn, formatOf, STRONG_NUMBER_COLUMN } from '../../ui/list/column-factories';
import { cellMeta, listColumns, NUMBER_COLUMN } from '../../ui/list/list-columns';
import { shortBy } from './inventory-tables';
import { locationColumn, productColumn } from './product-cells';
import { suggestedQuantity } from './reorder-suggestion';
import { pointSource } from './stock-facts';

type Row = Api['StockLevel'];

/** What the reorder cells share: the formatters and the margin the suggestion aims for. */
export interface ReorderMeta {
  format: Formatters;
  reorderMargin: number;
}

const col = listColumns<Row>();

export const REORDER_COLUMNS = col.columns([
  productColumn((r: Row) => ({ id: r.product_id, name: r.name, sku: r.sku })),
  locationColumn((r: Row) => r.location, { marked: true }),
  countColumn((r: Row) => r.available, {
    id: 'available',
    header: 'Available',
    meta: STRONG_NUMBER_COLUMN,
  }),
  col.accessor((r) => r.reorder_point ?? 0, {
    id: 'reorder_point',
    header: 'Reorder point',
    meta: NUMBER_COLUMN,
    cell: ({ row: { original: r }, table }) => (
      <>
        {formatOf(table).number(r.reorder_point ?? 0)}
        <div className="whitespace-nowrap text-xs text-muted" data-field="point-source">
          {pointSource(r.reorder_point_source)}
        </div>
      </>
    ),
  }),
  countColumn((r: Row) => shortBy(r), { id: 'below_by', header: 'Below point by' }),
  countColumn((r: Row) => r.on_hand, { id: 'on_hand', header: 'On hand' }),
  col.accessor((r) => r.available, {
    id: 'suggested',
    header: 'Suggested order',
    meta: STRONG_NUMBER_COLUMN,
    cell: ({ row: { original: r }, table }) => {
      const { format, reorderMargin } = cellMeta<ReorderMeta>(table);
      const qty = suggestedQuantity(r.available, r.reorder_point, reorderMargin);
      return (
        <span data-field="suggested" title={`Back above the reorder point by ${reorderMargin} %`}>
          {qty === null ? '—' : format.number(qty)}
        </span>
      );
    },
  }),
]);

export const reorderRowId = (r: Row) => `${r.product_id}@${r.location?.id}`;
export const reorderRowData = (r: Row) => ({ 'data-reorder-row': reorderRowId(r) });
