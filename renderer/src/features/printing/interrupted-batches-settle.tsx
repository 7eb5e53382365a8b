/**
 * The two answers to a batch's "may have printed" orders (another station was killed while
 * sending their job to its printer). The person walks to that printer, looks, and says what
 * they found, one click each:
 *
 * - "They printed": on paper there. Marked printed at every station, so no pack station and no
 *   "Print the rest" prints them again.
 * - "Print them": not there. Printed here, as "Print the rest" prints (this station's printer;
 *   the floor's hold first, so two stations never both print them).
 *
 * Each button names its count and says in its title what it does before the click; the toast
 * after says what happened. The floor closes the batch once nothing of it is left.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Check, Printer } from 'lucide-react';
import type {
  InterruptedBatch,
  PrintBatchSettled,
} from '../../../../shared/contract/printing-values';
import { callBridge, errorMessage } from '../../query/bridge-call';
import { useBridge } from '../../query/bridge-context';
import { invalidateMethods } from '../../query/bridge-query';
import { localQueryKey } from '../../query/query-options';
import { Button } from '../../ui/button';
import { toast } from '../../ui/toast-store';
import { namesLine } from './batch-words';
import { toastOutcome } from './print-outcome';

type Group = InterruptedBatch['skippedOrders'][number];
type Found = 'printed' | 'print';

const plural = (n: number, one: string, many: string) =>
  `${n.toLocaleString()} ${n === 1 ? one : many}`;

/** What is printed for a batch, in a person's words. */
const paperOf = (what: InterruptedBatch['what']) => (what === 'labels' ? 'labels' : 'documents');

/** The toast of "They printed": which orders now count as printed, and where their paper is. */
export function markedMessage(value: PrintBatchSettled): {
  title: string;
  description: string;
  tone: 'success' | 'warning';
} {
  const marked = value.marked ?? [];
  const n = marked.reduce((sum, m) => sum + m.orders.length, 0);
  if (n === 0) {
    return {
      title: 'Nothing was marked',
      description: 'Another station settled these orders already.',
      tone: 'warning',
    };
  }
  const where = marked.map((m) => `${namesLine(m.orders)} on paper at ${m.station}`).join('; ');
  const done = value.closed ? ' Nothing of the batch is left: it is off every list.' : '';
  return {
    title: `${plural(n, 'order', 'orders')} marked printed`,
    description: `${where}. No station prints them again.${done}`,
    tone: 'success',
  };
}

/** The list as printBatchesInterrupted answers it (its query key, as interrupted-batches.tsx's). */
const listKey = localQueryKey('printBatchesInterrupted', {});

export function useSettleBatch() {
  const client = useBridge();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (args: { batchId: string; orderIds: number[]; mayHavePrinted: Found }) =>
      callBridge(client, 'printBatchSettle', args),
    onSuccess: (value, args) => {
      queryClient.setQueryData(listKey, { batches: value.batches });
      if (args.mayHavePrinted === 'print' && value.outcome) toastOutcome(value.outcome);
      else {
        const { title, description, tone } = markedMessage(value);
        toast(title, { description, tone });
      }
      // The Orders grid's "Printed" marks and "Select unprinted" read them.
      void invalidateMethods(queryClient, ['printedMarksList']);
    },
    // Nothing changed: the orders stay listed, and the failure says why in words.
    onError: (error, args) =>
      toast(args.mayHavePrinted === 'printed' ? 'Not marked printed' : 'Not printed', {
        tone: 'error',
        description: errorMessage(error),
      }),
  });
}

/** The two answers under a "may have printed" group; `busy`: another action of the row runs. */
export function MayHavePrintedActions({
  batch,
  group,
  busy,
}: {
  batch: InterruptedBatch;
  group: Group;
  busy: boolean;
}) {
  const settle = useSettleBatch();
  const n = group.orders.length;
  const where = group.station ?? 'the station that was sending them';
  const paper = paperOf(batch.what);
  const orders = plural(n, 'order', 'orders');
  const run = (mayHavePrinted: Found) =>
    settle.mutate({ batchId: batch.id, orderIds: group.orders.map((o) => o.id), mayHavePrinted });
  const pending = settle.isPending ? settle.variables?.mayHavePrinted : undefined;
  return (
    <div data-testid="may-have-printed-actions" className="mt-1 flex flex-wrap items-center gap-1">
      <span className="text-muted">At {where}’s printer:</span>
      <Button
        busy={pending === 'printed'}
        disabled={busy || settle.isPending}
        title={`The ${paper} are on paper at ${where}: mark these ${orders} printed at every station, so none is printed again. Nothing is printed.`}
        onClick={() => run('printed')}
      >
        <Check aria-hidden className="size-4" /> They printed ({n.toLocaleString()})
      </Button>
      <Button
        busy={pending === 'print'}
        disabled={busy || settle.isPending}
        title={`The ${paper} are not there: print these ${orders} here, as “Print the rest” would.`}
        onClick={() => run('print')}
      >
        <Printer aria-hidden className="size-4" /> Print them ({n.toLocaleString()})
      </Button>
    </div>
  );
}
