/**
 * One return as the clerk reads it, shared by its own page and the worklist's split view: its
 * status and resolution, the review mark, then every section (items first: what came back).
 * The label's print and save buttons are ReturnLabelActions.
 */
import { Printer, Save } from 'lucide-react';
import type { ReturnReview } from '../../../../shared/contract/clerk-values';
import type { Api } from '../../../../shared/contract/values';
import { DispositionPanel } from '../../features/returns/disposition-panel';
import { ResolutionBadge, ReturnStatusBadge } from '../../features/returns/return-badges';
import { ReviewPanel } from '../../features/returns/review-panel';
import { usePrintReturnLabel, useSaveReturnLabel } from '../../features/returns/use-return-label';
import { Button } from '../../ui/button';
import { cn } from '../../ui/cn';
import type { Formatters } from '../../ui/format/formatters';
import {
  EventsSection,
  PhotosSection,
  ResolutionSection,
  RiskSection,
} from './return-outcome-sections';
import {
  CustomerSection,
  DatesSection,
  LinesSection,
  OrderSection,
  OtherFieldsSection,
  ReceiptSection,
  TrackingSection,
} from './return-sections';

export function ReturnLabelActions({ id, hasLabel }: { id: number; hasLabel: boolean }) {
  const print = usePrintReturnLabel(id);
  const save = useSaveReturnLabel(id);
  // No single-key print shortcut: "p" ends "g p" (go to Print queue), and a label printed
  // by a navigation keystroke would be paper wasted.
  return (
    <div className="flex flex-wrap items-center gap-2">
      {!hasLabel && <span className="text-sm text-muted">This return has no label.</span>}
      <Button
        tone="primary"
        disabled={!hasLabel}
        busy={print.isPending}
        onClick={() => print.mutate()}
      >
        <Printer aria-hidden className="size-4" /> Print return label
      </Button>
      <Button disabled={!hasLabel} busy={save.isPending} onClick={() => save.mutate()}>
        <Save aria-hidden className="size-4" /> Save label
      </Button>
    </div>
  );
}

export function ReturnDetailContent({
  ret,
  format,
  review,
  updating,
  layout,
  onReviewDone,
}: {
  ret: Api['ReturnRequest'];
  format: Formatters;
  review: ReturnReview | undefined;
  updating: boolean;
  /** `page`: two columns on wide screens; `pane`: the split view's narrower column. */
  layout: 'page' | 'pane';
  onReviewDone?(): void;
}) {
  return (
    <div className="flex flex-col gap-pad" data-testid="return-detail" data-return-id={ret.id}>
      <div className="flex flex-wrap items-center gap-2">
        <ReturnStatusBadge status={ret.status} />
        <ResolutionBadge resolution={ret.resolution} />
        <span className="text-sm text-muted">
          {(ret.customer_name || null) ?? 'No customer name'} ·{' '}
          {format.money(ret.total_value || null, ret.currency || null)} · requested{' '}
          {format.date(ret.requested_at)}
        </span>
        {updating && (
          <span className="text-xs text-muted" aria-live="polite">
            Updating…
          </span>
        )}
      </div>
      <ReviewPanel
        key={ret.id}
        returnId={ret.id}
        rmaNumber={ret.rma_number || null}
        review={review}
        format={format}
        onDone={onReviewDone}
      />
      <DispositionPanel key={`lines-${ret.id}`} ret={ret} format={format} />
      <div className={cn('grid gap-pad', layout === 'page' ? 'lg:grid-cols-2' : '2xl:grid-cols-2')}>
        <LinesSection ret={ret} format={format} />
        <CustomerSection ret={ret} format={format} />
        <ResolutionSection ret={ret} format={format} />
        <OrderSection ret={ret} format={format} />
        <TrackingSection ret={ret} format={format} />
        <RiskSection ret={ret} format={format} />
        <EventsSection ret={ret} format={format} />
        <PhotosSection ret={ret} format={format} />
        <ReceiptSection ret={ret} format={format} />
        <DatesSection ret={ret} format={format} />
        <OtherFieldsSection ret={ret} format={format} />
      </div>
    </div>
  );
}
