/**
 * One print job: what it is, when, its state and reason, and the actions its state allows —
 * retry or cancel a failed one, cancel a queued one, print or cancel a held one, settle a "may have printed" one with the
 * person's decision, reprint anything from the history.
 */
import type { PrintJobView } from '../../../../shared/contract/printing-values';
import { FileActions } from '../../features/export/file-actions';
import { JobOrders } from '../../features/printing/job-orders';
import { JobStateBadge } from '../../features/printing/job-state-badge';
import { useJobAction } from '../../features/printing/use-job-actions';
import { Button } from '../../ui/button';
import { cn } from '../../ui/cn';
import { useFormatters } from '../../ui/format/use-formatters';

/** "4x6in" reads as "4 × 6 in"; other paper names (A4, Letter, custom sizes) as they are. */
function mediaLabel(media: string): string {
  return media === '4x6in' ? '4 × 6 in' : media === 'default' ? 'own size' : media;
}

export function JobRow({
  job,
  onReprint,
}: {
  job: PrintJobView;
  onReprint(job: PrintJobView): void;
}) {
  const fmt = useFormatters();
  const action = useJobAction();
  const busy = action.isPending;
  const { state } = job;
  return (
    <li
      aria-label={job.title}
      data-testid="print-job"
      data-job-id={job.id}
      className="flex flex-wrap items-start gap-x-3 gap-y-1 border-t border-line py-2 first:border-t-0"
    >
      <JobStateBadge state={state} />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium">{job.title}</p>
        <p className="text-xs text-muted">
          {fmt.dateTime(job.createdAt)} · {job.format.toUpperCase()} · {mediaLabel(job.media)} ·{' '}
          {job.copies === 1 ? '1 copy' : `${job.copies} copies`}
          {job.attempts > 1 ? ` · ${job.attempts} attempts` : ''}
          {job.reprintOf ? ' · reprint' : ''}
        </p>
        {job.reason && state !== 'cancelled' && (
          <p
            data-testid="job-reason"
            className={cn(
              'mt-0.5 text-sm',
              state === 'failed' ? 'text-danger' : state === 'held' ? 'text-warn' : 'text-muted',
            )}
          >
            {job.reason}
          </p>
        )}
        {state === 'sent' && job.printerId === 'save-to-folder' && job.externalId && (
          <p className="mt-0.5 flex flex-wrap items-center gap-1 text-sm" data-testid="saved-file">
            <span className="text-muted">Saved as</span>
            <code className="break-all">{job.externalId}</code>
            <FileActions file={{ jobId: job.id }} what="saved file" />
          </p>
        )}
        {state === 'may-have-printed' && (
          <p className="mt-0.5 text-sm text-warn">
            The printer may have it already, so it is not sent again on its own. Check the printer:
            did this come out?
          </p>
        )}
        {job.resolution && (
          <p className="mt-0.5 text-sm text-muted">
            {job.resolution === 'printed'
              ? 'Settled: it printed.'
              : 'Settled: printed again as a reprint.'}
          </p>
        )}
        <JobOrders job={job} />
      </div>
      <div className="flex flex-wrap gap-1">
        {state === 'failed' && (
          <Button busy={busy} onClick={() => action.mutate({ type: 'retry', jobId: job.id })}>
            Retry
          </Button>
        )}
        {state === 'held' && (
          <Button busy={busy} onClick={() => action.mutate({ type: 'send-held', jobId: job.id })}>
            Print anyway
          </Button>
        )}
        {(state === 'queued' || state === 'failed' || state === 'held') && (
          <Button
            tone="ghost"
            busy={busy}
            onClick={() => action.mutate({ type: 'cancel', jobId: job.id })}
          >
            Cancel
          </Button>
        )}
        {state === 'may-have-printed' && (
          <>
            <Button
              busy={busy}
              onClick={() => action.mutate({ type: 'resolve', jobId: job.id, decision: 'reprint' })}
            >
              Print again
            </Button>
            <Button
              busy={busy}
              onClick={() => action.mutate({ type: 'resolve', jobId: job.id, decision: 'done' })}
            >
              It printed
            </Button>
          </>
        )}
        {(state === 'sent' || state === 'cancelled' || state === 'failed') && (
          <Button tone="ghost" onClick={() => onReprint(job)}>
            Reprint…
          </Button>
        )}
      </div>
    </li>
  );
}
