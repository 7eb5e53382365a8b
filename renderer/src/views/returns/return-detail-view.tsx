/**
 * Return detail (`/returns/:id`): everything the API says about one return, in sections, and
 * its label printed or saved when it has one. Read-only, as the API is: approving, receiving
 * or refunding a return is the interactive app's work, so none of it is offered here.
 */
import { ArrowLeft, Printer, Save } from 'lucide-react';
import { Link } from 'wouter';
import { ResolutionBadge, ReturnStatusBadge } from '../../features/returns/return-badges';
import { SHOWN_RETURN_FIELDS } from '../../features/returns/return-values';
import { usePrintReturnLabel, useSaveReturnLabel } from '../../features/returns/use-return-label';
import { useReturn } from '../../features/returns/use-returns-queries';
import { BridgeCallError, errorMessage } from '../../query/bridge-call';
import { Button } from '../../ui/button';
import { useFormatters } from '../../ui/format/use-formatters';
import { OtherFieldsCard } from '../../ui/other-fields-card';
import { ViewPage } from '../view-page';
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
  ReceiptSection,
  TrackingSection,
} from './return-sections';

export function ReturnDetailView({ id }: { id: number }) {
  const { query, enabled } = useReturn(id);
  const format = useFormatters();
  const print = usePrintReturnLabel(id);
  const save = useSaveReturnLabel(id);
  const hasLabel = query.data?.has_return_label === true;
  // No single-key print shortcut: "p" ends "g p" (go to Print queue), and a label printed
  // by a navigation keystroke would be paper wasted.

  const back = (
    <Link href="/returns" className="inline-flex items-center gap-1 text-sm underline">
      <ArrowLeft aria-hidden className="size-4" /> Returns
    </Link>
  );
  if (!Number.isInteger(id) || id <= 0) {
    return (
      <ViewPage title="Return not found">
        {back}
        <p role="alert">“{String(id)}” is not a return number.</p>
      </ViewPage>
    );
  }
  if (!query.isSuccess) {
    return (
      <ViewPage title={`Return #${id}`}>
        {back}
        {query.isError ? (
          <div role="alert" className="flex flex-col items-start gap-2">
            <p>
              {query.error instanceof BridgeCallError && query.error.code === 'not_found'
                ? `There is no return ${id} in this account.`
                : `The return could not be loaded: ${errorMessage(query.error)}`}
            </p>
            <Button onClick={() => void query.refetch()}>Try again</Button>
          </div>
        ) : (
          <p aria-live="polite">
            {enabled ? 'Loading the return…' : 'No connection with a key is in use.'}
          </p>
        )}
      </ViewPage>
    );
  }

  const ret = query.data;
  return (
    <ViewPage
      title={`Return ${ret.rma_number || `#${id}`}`}
      actions={
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
      }
    >
      <div className="flex flex-wrap items-center gap-2">
        {back}
        <ReturnStatusBadge status={ret.status} />
        <ResolutionBadge resolution={ret.resolution} />
        {query.isFetching && (
          <span className="text-xs text-muted" aria-live="polite">
            Updating…
          </span>
        )}
      </div>
      <div className="grid gap-pad lg:grid-cols-2" data-testid="return-detail">
        <CustomerSection ret={ret} format={format} />
        <OrderSection ret={ret} format={format} />
        <LinesSection ret={ret} format={format} />
        <ResolutionSection ret={ret} format={format} />
        <RiskSection ret={ret} format={format} />
        <EventsSection ret={ret} format={format} />
        <TrackingSection ret={ret} format={format} />
        <ReceiptSection ret={ret} format={format} />
        <PhotosSection ret={ret} format={format} />
        <DatesSection ret={ret} format={format} />
        <OtherFieldsCard value={ret} shown={SHOWN_RETURN_FIELDS} />
      </div>
    </ViewPage>
  );
}
