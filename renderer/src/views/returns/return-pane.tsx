/**
 * The open return beside the worklist: painted at once from the worklist's row (the list's
 * items are whole returns), then from its own fresh copy (prefetched for the next row while
 * the clerk reads this one). `data-fresh` says which is on screen.
 */
import { Maximize2 } from 'lucide-react';
import { Link } from 'wouter';
import type { ReturnReview } from '../../../../shared/contract/clerk-values';
import type { ReturnRow } from '../../features/returns/return-columns';
import { useBridgeQuery } from '../../query/bridge-query';
import { useFormatters } from '../../ui/format/use-formatters';
import { ReturnDetailContent, ReturnLabelActions } from './return-detail-content';

/** How long a fetched return is taken as current (moving back to it asks nothing). */
export const RETURN_FRESH_MS = 30_000;

export function ReturnPane({
  row,
  review,
  onReviewDone,
}: {
  row: ReturnRow;
  review: ReturnReview | undefined;
  onReviewDone(): void;
}) {
  const format = useFormatters();
  const detail = useBridgeQuery(
    'returnsGet',
    { id: row.id },
    { placeholderData: row, staleTime: RETURN_FRESH_MS },
  );
  const ret = detail.data ?? row;
  const rma = ret.rma_number || `#${ret.id}`;
  return (
    <section
      aria-label={`Return ${rma}`}
      data-testid="return-pane"
      data-fresh={!detail.isPlaceholderData}
      className="flex min-h-0 flex-col gap-pad overflow-auto rounded-md border border-line bg-canvas p-pad"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">Return {rma}</h2>
        <div className="flex flex-wrap items-center gap-2">
          <ReturnLabelActions id={ret.id} hasLabel={ret.has_return_label === true} />
          <Link
            href={`/returns/${ret.id}`}
            className="inline-flex items-center gap-1 text-sm underline"
            title="Open this return on its own page (Enter)"
          >
            <Maximize2 aria-hidden className="size-4" /> Full page
          </Link>
        </div>
      </div>
      <ReturnDetailContent
        ret={ret}
        format={format}
        review={review}
        updating={detail.isFetching}
        layout="pane"
        onReviewDone={onReviewDone}
      />
    </section>
  );
}
