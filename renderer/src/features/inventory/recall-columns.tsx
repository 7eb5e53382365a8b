/**
 * The recall list's columns: the recall (mandatory in the danger colour), the batch and its
 * product, the location holding it, and the units there as on hand, committed and available.
 */
import {
  countColumn,
  type FormatMeta,
  formatOf,
  STRONG_NUMBER_COLUMN,
} from '../../ui/list/column-factories';
import { listColumns, NOWRAP_COLUMN } from '../../ui/list/list-columns';
import { LocationCell, ProductLink } from './product-cells';
import type { RecallEntry } from './recall-list';
import { Badge } from './stock-badges';
import { expiryText, recallBadge } from './stock-facts';

export type RecallMeta = FormatMeta;

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
            {expiryText(e.batch.daysUntilExpiry) ?? formatOf(table).date(e.batch.expiresAt)}
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
      <ProductLink productId={e.product.id} name={e.product.name || e.product.sku}>
        <div className="text-xs text-muted">{e.product.sku}</div>
      </ProductLink>
    ),
  }),
  col.accessor((e) => e.location.code, {
    id: 'location',
    header: 'Location',
    cell: ({ row: { original: e } }) => (
      <LocationCell
        code={e.location.code}
        name={e.location.name}
        codeClass="whitespace-nowrap"
        marked
      />
    ),
  }),
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
