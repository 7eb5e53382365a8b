/**
 * What the last bulk action did, in full and per order: which orders printed nothing and why
 * (PrintOutcome.skipped), what the tracking refresh queued or skipped per order, where the
 * CSV was written. Orders are named as the grid shows them when they are in a page already
 * loaded, else by number. Stays until dismissed or the next action.
 */
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import { FileActions } from '../../features/export/file-actions';
import { describeTrackingResult, summarizeTracking } from '../../features/orders/bulk-work';
import { knownOrderNames } from '../../features/orders/order-names';
import type { BulkOutcome } from '../../features/orders/use-bulk-actions';
import { batchLine, CAUSE_WORDS } from '../../features/printing/batch-words';
import { outcomeMessage } from '../../features/printing/print-outcome';
import { Button } from '../../ui/button';
import { cn } from '../../ui/cn';
import { useFormatters } from '../../ui/format/use-formatters';

export function BulkOutcomePanel({
  outcome,
  onDismiss,
}: {
  outcome: BulkOutcome;
  onDismiss(): void;
}) {
  const queryClient = useQueryClient();
  const format = useFormatters();
  const names = useMemo(() => knownOrderNames(queryClient), [queryClient]);
  const name = (id: number) => names.get(id) ?? `Order ${id}`;

  let title: string;
  let tone: 'ok' | 'warn' | 'danger';
  let body: ReactNode;
  if (outcome.kind === 'print') {
    const m = outcomeMessage(outcome.outcome);
    title = m.title;
    tone = m.tone === 'success' ? 'ok' : m.tone === 'error' ? 'danger' : 'warn';
    const batch = outcome.outcome.batch;
    body = (
      <>
        {batch && (
          <p className="mt-1" data-testid="print-batch-line">
            {batchLine(batch)}
          </p>
        )}
        {outcome.outcome.skipped.length > 0 && (
          <ul className="mt-1 max-h-48 list-disc overflow-auto pl-5" data-testid="print-skipped">
            {outcome.outcome.skipped.map((s) => (
              <li
                key={`${s.kind ?? ''}:${s.cause ?? ''}:${s.reason}:${s.orderIds?.join(',') ?? ''}`}
              >
                {s.cause && <span className="font-medium">{CAUSE_WORDS[s.cause]}: </span>}
                {s.orders?.length
                  ? `${s.orders.map((o) => o.name).join(', ')} — `
                  : s.orderIds?.length
                    ? `${s.orderIds.map(name).join(', ')} — `
                    : ''}
                {s.reason}
              </li>
            ))}
          </ul>
        )}
      </>
    );
  } else if (outcome.kind === 'tracking') {
    title = summarizeTracking(outcome.results);
    tone = outcome.results.some((r) => r.error) ? 'warn' : 'ok';
    if (outcome.results.length < outcome.total) {
      title += ` (${format.number(outcome.total - outcome.results.length)} not refreshed)`;
      tone = 'warn';
    }
    // Every order with its own result (at most MAX_TRACKING_REFRESH lines, scrolled).
    body = outcome.results.length > 0 && (
      <ul className="mt-1 max-h-48 list-disc overflow-auto pl-5" data-testid="tracking-outcome">
        {outcome.results.map((r) => (
          <li key={r.orderId} className={cn(r.error && 'font-medium')}>
            {name(r.orderId)}: {describeTrackingResult(r)}
          </li>
        ))}
      </ul>
    );
  } else {
    const r = outcome.result;
    // An export whose rows could not be counted is kept aside, never called exported.
    const unverified = r.unverified !== undefined;
    title = unverified
      ? `Not verified: ${format.number(r.rows)} orders written, the count could not be checked`
      : `${format.number(r.rows)} orders exported (${format.number(r.bytes)} bytes)`;
    tone = unverified ? 'warn' : 'ok';
    body = (
      <p className="mt-1 flex flex-wrap items-center gap-1">
        {unverified ? 'Some orders may be missing. Kept as ' : 'Written to '}
        <code className="break-all" data-testid="export-path">
          {r.path}
        </code>
        {unverified ? '; it is not a finished export.' : ''}
        {r.fileId && <FileActions file={{ fileId: r.fileId }} what="export" />}
      </p>
    );
  }

  return (
    <section
      role="status"
      aria-label="Result of the last action"
      data-testid="bulk-outcome"
      className={cn(
        'rounded-md p-2 text-sm',
        tone === 'ok' && 'bg-ok-soft text-ok',
        tone === 'warn' && 'bg-warn-soft text-warn',
        tone === 'danger' && 'bg-danger-soft text-danger',
      )}
    >
      <div className="flex items-start gap-2">
        <p className="font-medium">{title}</p>
        <Button tone="ghost" className="ml-auto h-6 px-2" onClick={onDismiss}>
          Dismiss
        </Button>
      </div>
      {body}
    </section>
  );
}
