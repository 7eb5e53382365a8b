/**
 * A job's state as a small badge: words first (colour only adds to them), with the tone the
 * state deserves: failed, may-have-printed and held ask for attention, sent is done.
 */
import type { PrintJobState } from '../../../../shared/contract/printing-values';
import { cn } from '../../ui/cn';

const LABEL: Record<PrintJobState, string> = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
  cancelled: 'Cancelled',
  'may-have-printed': 'May have printed',
  held: 'Held',
};

const TONE: Record<PrintJobState, string> = {
  queued: 'bg-raised text-fg',
  sending: 'bg-accent-soft text-fg',
  sent: 'bg-ok-soft text-ok',
  failed: 'bg-danger-soft text-danger',
  cancelled: 'bg-raised text-muted',
  'may-have-printed': 'bg-warn-soft text-warn',
  held: 'bg-warn-soft text-warn',
};

export function JobStateBadge({ state }: { state: PrintJobState }) {
  return (
    <span
      data-testid="job-state"
      data-state={state}
      className={cn(
        'inline-flex shrink-0 items-center rounded px-1.5 py-0.5 text-xs font-semibold',
        TONE[state],
      )}
    >
      {LABEL[state]}
    </span>
  );
}
