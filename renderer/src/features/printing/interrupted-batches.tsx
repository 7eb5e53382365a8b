/**
 * Batches that did not get to all their orders: the console was killed or crashed while one
 * ran, or a failure stopped it. Shown where batches are started (Orders) and watched (Print
 * queue) until the person prints the rest or dismisses them, so no order is left out unseen.
 * "Print the rest" prints exactly the orders not reached, as the batch asked for them. On a
 * floor the list holds batches interrupted at other stations too, marked with where and by
 * whom they were started: their rest can be printed here (the main process takes the floor's
 * hold first, and says in words when another station is printing it). Orders another station
 * may have printed get their two answers (interrupted-batches-settle.tsx).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, Printer } from 'lucide-react';
import type { InterruptedBatch } from '../../../../shared/contract/printing-values';
import { callBridge, errorMessage } from '../../query/bridge-call';
import { useBridge } from '../../query/bridge-context';
import { useLocalQuery } from '../../query/bridge-query';
import { localQueryKey } from '../../query/query-options';
import { Button } from '../../ui/button';
import { useFormatters } from '../../ui/format/use-formatters';
import { toast } from '../../ui/toast-store';
import { batchLine, CAUSE_WORDS, namesLine } from './batch-words';
import { MayHavePrintedActions } from './interrupted-batches-settle';
import { toastOutcome } from './print-outcome';

export const interruptedKey = localQueryKey('printBatchesInterrupted', {});

export function useInterruptedBatches() {
  return useLocalQuery('printBatchesInterrupted', {}, { refetchOnWindowFocus: true });
}

function useBatchActions() {
  const client = useBridge();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: interruptedKey });
  const resume = useMutation({
    mutationFn: (batchId: string) => callBridge(client, 'printBatchResume', { batchId }),
    onSuccess: (outcome) => toastOutcome(outcome),
    onError: (error) =>
      toast('The rest was not printed', { tone: 'error', description: errorMessage(error) }),
    onSettled: refresh,
  });
  const dismiss = useMutation({
    mutationFn: (batchId: string) => callBridge(client, 'printBatchDismiss', { batchId }),
    onSuccess: (value) => queryClient.setQueryData(interruptedKey, value),
    onError: (error) =>
      toast('The batch was not dismissed', { tone: 'error', description: errorMessage(error) }),
  });
  return { resume, dismiss };
}

export function InterruptedBatches() {
  const batches = useInterruptedBatches().data?.batches ?? [];
  if (batches.length === 0) return null;
  return (
    <section
      aria-label="Batches not finished"
      data-testid="interrupted-batches"
      className="flex flex-col gap-2 rounded-md border border-warn bg-warn-soft p-pad text-sm"
    >
      {batches.map((batch) => (
        <BatchItem key={batch.id} batch={batch} />
      ))}
    </section>
  );
}

function BatchItem({ batch }: { batch: InterruptedBatch }) {
  const format = useFormatters();
  const { resume, dismiss } = useBatchActions();
  const busy = resume.isPending || dismiss.isPending;
  const rest = batch.notReached.length;
  return (
    <article aria-label={batch.title} data-testid="interrupted-batch" className="text-fg">
      <div className="flex flex-wrap items-start gap-2">
        <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0 text-warn" />
        <div className="min-w-0 flex-1">
          <p className="font-medium">
            {batch.title} — {batch.state === 'interrupted' ? 'interrupted' : 'stopped'}
            {batch.elsewhere ? ` at ${batch.elsewhere.station}` : ''}{' '}
            {format.dateTime(batch.updatedAt)}
          </p>
          {batch.elsewhere && (
            <p data-testid="batch-elsewhere">
              Started at {batch.elsewhere.station} by {batch.elsewhere.startedBy}. The rest can be
              printed here.
            </p>
          )}
          <p className="text-muted">{batch.reason}</p>
          {batch.printsTo && rest > 0 && (
            <p data-testid="batch-prints-to" className="flex items-center gap-1">
              <Printer aria-hidden className="size-3.5 shrink-0 text-muted" /> {batch.printsTo}
            </p>
          )}
          <p>
            {batchLine(
              {
                selected: batch.selected,
                queued: batch.queued,
                skipped: batch.skipped,
                notReached: rest,
              },
              batch.skippedOrders
                .filter((g) => g.cause === 'may_have_printed')
                .reduce((n, g) => n + g.orders.length, 0),
            )}
          </p>
        </div>
        <div className="flex flex-wrap gap-1">
          <Button
            tone="primary"
            busy={resume.isPending}
            disabled={busy || rest === 0}
            title={rest === 0 ? 'Every order was reached' : undefined}
            onClick={() => resume.mutate(batch.id)}
          >
            <Printer aria-hidden className="size-4" /> Print the rest ({rest.toLocaleString()})
          </Button>
          <Button
            tone="ghost"
            disabled={busy}
            // Another station's batch leaves every station's list, its own included.
            title={batch.elsewhere ? "Takes it off every station's list" : undefined}
            onClick={() => dismiss.mutate(batch.id)}
          >
            Dismiss
          </Button>
        </div>
      </div>
      <ul className="mt-1 max-h-32 list-disc overflow-auto pl-10">
        {rest > 0 && (
          <li data-testid="not-reached">
            <span className="font-medium">{CAUSE_WORDS.not_reached}: </span>
            {namesLine(batch.notReached)}
          </li>
        )}
        {batch.skippedOrders.map((group) => (
          <li key={`${group.cause}:${group.kind ?? ''}:${group.reason}`}>
            <span className="font-medium">{CAUSE_WORDS[group.cause]}: </span>
            {namesLine(group.orders)} — {group.reason}
            {group.cause === 'may_have_printed' && (
              <MayHavePrintedActions batch={batch} group={group} busy={busy} />
            )}
          </li>
        ))}
      </ul>
    </article>
  );
}
