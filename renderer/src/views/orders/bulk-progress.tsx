/**
 * The running bulk operation: its title, phase and counts ("Fetching orders 1,000 / 1,284"),
 * a progress bar (indeterminate until the total is known) and Cancel.
 */

import type { RunningWork } from '../../features/orders/use-bulk-operation';
import { Button } from '../../ui/button';
import { useFormatters } from '../../ui/format/use-formatters';

export function BulkProgress({ work, onCancel }: { work: RunningWork; onCancel(): void }) {
  const format = useFormatters();
  const p = work.progress;
  const counts = p
    ? `${p.phase}: ${format.number(p.done)}${p.total !== null ? ` / ${format.number(p.total)}` : ''}`
    : 'Starting…';
  return (
    <section
      aria-label="Bulk work in progress"
      className="flex flex-wrap items-center gap-2 rounded-md border border-accent bg-accent-soft px-2 py-1.5 text-sm"
      data-testid="bulk-progress"
    >
      <span className="font-medium">{work.title}</span>
      <span aria-live="polite" data-testid="bulk-progress-counts">
        {counts}
      </span>
      <progress
        className="h-2 w-48"
        aria-label={work.title}
        max={p?.total ?? undefined}
        value={p?.total ? p.done : undefined}
      />
      <Button className="ml-auto" onClick={onCancel} disabled={work.cancelling}>
        {work.cancelling ? 'Cancelling…' : 'Cancel'}
      </Button>
    </section>
  );
}
