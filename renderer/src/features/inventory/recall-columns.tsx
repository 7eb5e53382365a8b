/**
 * The recall list's columns: the recall (mandatory in the danger colour), the batch and its
 * product, the location holding it, and the units there as on hand, committed and available.
 */
import { countColumn, formatOf, STRONG_NUMBER_COLUMN } from '../../ui/list/column-factories';
import { listColumns, NOWRAP_COLUMN } from '../../ui/list/list-columns';
import { locationColumn, productColumn } from './product-cells';
import type { RecallEntry } from './recall-list';
import { Badge } from './stock-badges';
import { expiryText, recallBadge } from './stock-facts';

const col = listColumns<RecallEntry>();

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
            {expiryText(e.batch.daysUntilExpiry, formatOf(table).number) ??
              formatOf(table).date(e.batch.expiresAt)}
          </div>
        ) : null}
      </>
    ),
  }),
  productColumn((e: RecallEntry) => e.product),
  locationColumn((e: RecallEntry) => e.location, { marked: true }),
  countColumn((e: RecallEntry) => e.onHand, { id: 'on_hand', header: 'On hand' }),
  countColumn((e: RecallEntry) => e.committed, { id: 'committed', header: 'Committed' }),
  countColumn((e: RecallEntry) => e.available, {
    id: 'available',
    header: 'Available',
    meta: STRONG_NUMBER_COLUMN,
  }),
]);

/** A recalled batch at one location. */
export const recallRowId = (e: RecallEntry) => `${e.batch.id}@${e.location.id}`;
export const recallRowData = (e: RecallEntry) => ({
  'data-recall-row': recallRowId(e),
  'data-recall-state': e.state,
});
