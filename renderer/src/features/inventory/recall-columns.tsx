/**
 * The recall list's columns: the recall (mandatory in the danger colour), the batch and its
 * product, the location holding it, and the units there as on hand, committed and available.
 */
import { Link } from 'wouter';
import type { Formatters } from '../../ui/format/formatters';
import { cellMeta, listColumns, NOWRAP_COLUMN, NUMBER_COLUMN } from '../../ui/list/list-columns';
import type { RecallEntry } from './recall-list';
import { Badge } from './stock-badges';
import { expiryText, recallBadge } from './stock-facts';

export interface RecallMeta {
  format: Formatters;
}

const col = listColumns<RecallEntry>();
const format = (table: { options: { meta?: unknown } }) => cellMeta<RecallMeta>(table).format;

export const RECALL_COLUMNS = col.columns([
  col.accessor((e) => e.state, {
    id: 'recall',
    header: 'Recall',
    meta: NOWRAP_COLUMN,
    cell: ({ row: { original: e } }) => {
      const badge = recallBadge(e.state);
      return badge ? (
        <Badge tone={badge.tone} title={badge.description} kind={badge.kind}>
          {badge.label}
        </Badge>
      ) : null;
    },
  }),
  col.accessor((e) => e.batch.code, {
    id: 'batch',
    header: 'Batch',
    meta: NOWRAP_COLUMN,
    cell: ({ row: { original: e }, table }) => (
      <>
        <span className="whitespace-nowrap font-mono text-xs" data-field="batch">
          {e.batch.code}
        </span>
        {e.batch.expiresAt ? (
          <div className="text-xs text-muted">
            {expiryText(e.batch.daysUntilExpiry) ?? format(table).date(e.batch.expiresAt)}
          </div>
        ) : null}
      </>
    ),
  }),
  col.accessor((e) => e.product.name, {
    id: 'product',
    header: 'Product',
    meta: { cellClass: 'max-w-80' },
    cell: ({ row: { original: e } }) => (
      <>
        <Link
          href={`/inventory/${e.product.id}`}
          className="font-medium text-accent underline-offset-2 hover:underline"
          tabIndex={-1}
        >
          {e.product.name || e.product.sku}
        </Link>
        <div className="text-xs text-muted">{e.product.sku}</div>
      </>
    ),
  }),
  col.accessor((e) => e.location.code, {
    id: 'location',
    header: 'Location',
    cell: ({ row: { original: e } }) => (
      <span title={e.location.name}>
        <span className="whitespace-nowrap font-mono text-xs" data-field="location">
          {e.location.code}
        </span>
        <div className="text-xs text-muted">{e.location.name}</div>
      </span>
    ),
  }),
  col.accessor((e) => e.onHand, {
    id: 'on_hand',
    header: 'On hand',
    meta: NUMBER_COLUMN,
    cell: ({ getValue, table }) => format(table).number(getValue()),
  }),
  col.accessor((e) => e.committed, {
    id: 'committed',
    header: 'Committed',
    meta: NUMBER_COLUMN,
    cell: ({ getValue, table }) => format(table).number(getValue()),
  }),
  col.accessor((e) => e.available, {
    id: 'available',
    header: 'Available',
    meta: { ...NUMBER_COLUMN, cellClass: `${NUMBER_COLUMN.cellClass} font-semibold` },
    cell: ({ getValue, table }) => format(table).number(getValue()),
  }),
]);

/** A recalled batch at one location. */
export const recallRowId = (e: RecallEntry) => `${e.batch.id}@${e.location.id}`;
export const recallRowData = (e: RecallEntry) => ({
  'data-recall-row': recallRowId(e),
  'data-recall-state': e.state,
});
