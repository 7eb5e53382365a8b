/**
 * The worklist's columns beside the open return (the split view leaves it about 40% of the
 * width): the return (RMA, the customer under it), status (the reason under it), value (its
 * age in days under it: what a clerk clears first), and the local review mark. The rest is in the detail beside it.
 */
import { CheckCircle2 } from 'lucide-react';
import type { ReturnReview } from '../../../../shared/contract/clerk-values';
import { returnAgeDays } from '../../../../shared/return-age';
import type { Formatters } from '../../ui/format/formatters';
import { cellMeta, listColumns, NUMBER_COLUMN } from '../../ui/list/list-columns';
import { ReturnStatusBadge } from './return-badges';
import type { ReturnRow } from './return-columns';
import { reasonLabel } from './return-words';

/** What the cells share: the formatters, the review marks and the time the ages count to. */
export interface WorklistMeta {
  format: Formatters;
  reviews: Map<number, ReturnReview>;
  now: number;
}

/** A return's age in words: "today", "1 day", "1,204 days"; a dash without a request date. */
export function ageWords(days: number | null, format: Formatters): string {
  if (days === null) return '—';
  if (days === 0) return 'today';
  return days === 1 ? '1 day' : `${format.number(days)} days`;
}

const col = listColumns<ReturnRow>();
const meta = (table: { options: { meta?: unknown } }) => cellMeta<WorklistMeta>(table);

export const WORKLIST_COLUMNS = col.columns([
  col.accessor((r) => r.rma_number, {
    id: 'return',
    header: 'Return',
    cell: ({ row }) => (
      <span className="flex flex-col leading-tight">
        <span className="font-medium whitespace-nowrap">
          {row.original.rma_number || `#${row.original.id}`}
        </span>
        <span className="text-xs text-muted">{row.original.customer_name || '—'}</span>
      </span>
    ),
  }),
  col.accessor((r) => r.status, {
    id: 'status',
    header: 'Status · reason',
    cell: ({ row }) => (
      <span className="flex flex-col items-start gap-0.5 leading-tight">
        <ReturnStatusBadge status={row.original.status} />
        <span className="text-xs text-muted">
          {reasonLabel(row.original.reason) ?? 'No reason'}
        </span>
      </span>
    ),
  }),
  col.accessor((r) => r.total_value, {
    id: 'value',
    header: 'Value · age',
    meta: NUMBER_COLUMN,
    cell: ({ row, table }) => {
      const { format, now } = meta(table);
      // The age under the value (the date it was requested on hover), so the worklist keeps
      // its width beside the open return at 1280 pixels.
      return (
        <span className="flex flex-col leading-tight">
          <span>{format.money(row.original.total_value, row.original.currency)}</span>
          <span
            className="text-xs text-muted whitespace-nowrap"
            title={`Requested ${format.date(row.original.requested_at)}`}
            data-field="age"
          >
            {ageWords(returnAgeDays(row.original.requested_at, now), format)}
          </span>
        </span>
      );
    },
  }),
  col.accessor((r) => r.id, {
    id: 'reviewed',
    header: () => (
      <span title="Reviewed">
        <CheckCircle2 aria-hidden className="inline size-4" />
        <span className="sr-only">Reviewed</span>
      </span>
    ),
    meta: { cellClass: 'text-center', headerClass: 'text-center' },
    cell: ({ row, table }) => {
      const review = meta(table).reviews.get(row.original.id);
      return review ? (
        <span title={`Reviewed by ${review.reviewedBy}`} data-reviewed="true">
          <CheckCircle2 aria-hidden className="inline size-4 text-ok" />
          <span className="sr-only">Reviewed by {review.reviewedBy}</span>
        </span>
      ) : (
        <span className="sr-only">Not reviewed</span>
      );
    },
  }),
]);
