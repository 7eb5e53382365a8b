/**
 * Print queue: every job the print service knows, grouped per printer and kept live by the
 * bridge's job events (no polling), the printers with their state, and "Reprint last label"
 * for the moment a label comes out torn or smudged.
 */
import { useState } from 'react';
import type { PrintJobView } from '../../../../shared/contract/printing-values';
import { InterruptedBatches } from '../../features/printing/interrupted-batches';
import { groupByPrinter, lastLabelJob } from '../../features/printing/job-list';
import { ReprintDialog } from '../../features/printing/reprint-dialog';
import { useJobAction } from '../../features/printing/use-job-actions';
import { usePrintJobs } from '../../features/printing/use-print-jobs';
import { errorMessage } from '../../query/bridge-call';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { ViewPage } from '../view-page';
import { JobRow } from './job-row';
import { PrintersPanel } from './printers-panel';

export function PrintQueueView() {
  const jobs = usePrintJobs();
  const action = useJobAction();
  const [reprinting, setReprinting] = useState<PrintJobView | null>(null);
  const list = jobs.data?.jobs ?? [];
  const last = lastLabelJob(list);
  const groups = groupByPrinter(list);
  return (
    <ViewPage
      title="Print queue"
      actions={
        <Button
          tone="primary"
          disabled={!last}
          busy={action.isPending}
          title={last ? `Reprint “${last.title}” on ${last.printerName}` : 'No label printed yet'}
          onClick={() => last && action.mutate({ type: 'reprint', jobId: last.id })}
        >
          Reprint last label
        </Button>
      }
    >
      <InterruptedBatches />
      <PrintersPanel />
      {jobs.error && (
        <p role="alert" className="rounded-md bg-danger-soft p-2 text-sm text-danger">
          The print jobs could not be read: {errorMessage(jobs.error)}
        </p>
      )}
      {jobs.data && groups.length === 0 && (
        <Card title="Jobs">
          <p className="text-sm text-muted">
            Nothing has been printed yet. Jobs appear here as soon as they are queued.
          </p>
        </Card>
      )}
      {groups.map((group) => (
        <section
          key={group.printerId}
          aria-label={`Jobs on ${group.printerName}`}
          data-testid="printer-jobs"
          className="rounded-lg border border-line bg-surface p-pad shadow-sm"
        >
          <h2 className="text-base font-semibold">{group.printerName}</h2>
          <ul aria-label={`Jobs on ${group.printerName}`} className="mt-2 flex flex-col">
            {group.jobs.map((job) => (
              <JobRow key={job.id} job={job} onReprint={setReprinting} />
            ))}
          </ul>
        </section>
      ))}
      <ReprintDialog
        job={reprinting}
        onOpenChange={(open) => {
          if (!open) setReprinting(null);
        }}
      />
    </ViewPage>
  );
}
