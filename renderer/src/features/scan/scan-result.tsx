/**
 * What the last scan did, in a live region: searching, no match (with the code), a short pick
 * list when several orders share the code, the order opened, and the jobs its printing
 * queued with a Reprint button each.
 */
import { useMutation } from '@tanstack/react-query';
import { callBridge, errorMessage } from '../../query/bridge-call';
import { useBridge } from '../../query/bridge-context';
import { Button } from '../../ui/button';
import { toast } from '../../ui/toast-store';
import { usePrintJobs } from '../printing/use-print-jobs';
import { useScanStore } from './scan-store';

function PrintedJobs() {
  const client = useBridge();
  const printed = useScanStore((s) => s.printed);
  const live = usePrintJobs();
  const reprint = useMutation({
    mutationFn: (jobId: string) => callBridge(client, 'printJobReprint', { jobId }),
    onSuccess: (job) => toast(`Reprint queued on ${job.printerName}`, { tone: 'success' }),
    onError: (error) =>
      toast('Reprint failed', { tone: 'error', description: errorMessage(error) }),
  });
  if (!printed) return null;
  const stateOf = (id: string) => live.data?.jobs.find((j) => j.id === id)?.state;
  return (
    <div className="flex flex-col gap-1" data-testid="scan-printed">
      <p className="text-sm font-medium">Printed for {printed.orderName}:</p>
      {printed.jobs.length === 0 && <p className="text-sm">Nothing was printed.</p>}
      <ul aria-label="Printed for the last scan" className="flex flex-col gap-1">
        {printed.jobs.map((job) => (
          <li key={job.id} className="flex flex-wrap items-center gap-2 text-sm">
            <span>
              {job.title} → {job.printerName} ({stateOf(job.id) ?? job.state})
            </span>
            <Button
              tone="ghost"
              busy={reprint.isPending && reprint.variables === job.id}
              onClick={() => reprint.mutate(job.id)}
              aria-label={`Reprint ${job.title}`}
            >
              Reprint
            </Button>
          </li>
        ))}
      </ul>
      {printed.problems.map((p) => (
        <p key={p} className="text-sm text-warn">
          {p}
        </p>
      ))}
    </div>
  );
}

export function ScanResult({ onPick }: { onPick(code: string, id: number, name: string): void }) {
  const state = useScanStore((s) => s.state);
  const printed = useScanStore((s) => s.printed);
  return (
    <div
      aria-live="polite"
      className="flex flex-col gap-1 text-sm"
      data-testid="scan-result"
      data-state={state.kind}
    >
      {state.kind === 'searching' && <p>Looking up “{state.code}”…</p>}
      {state.kind === 'none' && (
        <p role="alert" className="font-medium text-danger">
          No order matches “{state.code}”. Check the label, or search by name or customer.
        </p>
      )}
      {state.kind === 'error' && (
        <p role="alert" className="font-medium text-danger">
          The scan of “{state.code}” could not be looked up: {state.message}
        </p>
      )}
      {state.kind === 'several' && (
        <div>
          <p className="font-medium">
            {state.candidates.length} orders match “{state.code}”. Which one?
          </p>
          <ul aria-label="Orders matching the scan" className="mt-1 flex flex-col gap-1">
            {state.candidates.slice(0, 10).map((c) => (
              <li key={c.id}>
                <Button onClick={() => onPick(state.code, c.id, c.name)}>
                  {c.name} — {c.recipient} ({c.field})
                </Button>
              </li>
            ))}
          </ul>
        </div>
      )}
      {state.kind === 'opened' && (
        <p>
          Opened {state.name} (scanned “{state.code}”){state.printing ? ', printing…' : '.'}
        </p>
      )}
      {printed && state.kind !== 'searching' && <PrintedJobs />}
    </div>
  );
}
