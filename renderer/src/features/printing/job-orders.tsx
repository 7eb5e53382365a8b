/**
 * The orders in a batch job, by the names a person sees, read when the person opens the list
 * (printJobOrders). When the job's pages are known to be its orders' labels in order, one
 * order's label can be printed again alone (printJobReprintLabel), as a job marked as a reprint.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { PrintJobView } from '../../../../shared/contract/printing-values';
import { callBridge, errorMessage } from '../../query/bridge-call';
import { useBridge } from '../../query/bridge-context';
import { useLocalQuery } from '../../query/bridge-query';
import { Button } from '../../ui/button';
import { toast } from '../../ui/toast-store';
import { applyJobEvent } from './job-list';
import { type PrintJobsData, printJobsKey } from './use-print-jobs';

export function JobOrders({ job }: { job: PrintJobView }) {
  const [open, setOpen] = useState(false);
  const count = job.orderCount ?? 0;
  if (count < 2) return null;
  return (
    <div className="mt-0.5 text-sm">
      <button
        type="button"
        className="text-accent underline"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        {open ? 'Hide the orders' : `The ${count.toLocaleString()} orders`}
      </button>
      {open && <OrderList job={job} />}
    </div>
  );
}

function OrderList({ job }: { job: PrintJobView }) {
  const orders = useLocalQuery('printJobOrders', { jobId: job.id });
  const reprint = useReprintLabel();
  if (orders.error) return <p className="text-danger">{errorMessage(orders.error)}</p>;
  if (!orders.data) return <p className="text-muted">Reading the orders…</p>;
  const { matched } = orders.data;
  return (
    <>
      {!matched && job.format === 'pdf' && (
        <p className="text-muted">
          Its pages could not be matched to the orders, so a label is reprinted with the whole job.
        </p>
      )}
      <ul aria-label={`Orders in ${job.title}`} className="mt-1 max-h-48 overflow-auto">
        {orders.data.orders.map((order) => (
          <li key={order.id} className="flex items-center gap-2 py-0.5">
            <span className="min-w-24 font-medium">{order.name}</span>
            {order.firstPage !== undefined && (
              <span className="text-muted">page {order.firstPage}</span>
            )}
            {matched && (order.labels ?? 0) > 0 && (
              <Button
                tone="ghost"
                className="h-7 px-2"
                busy={reprint.isPending && reprint.variables?.orderId === order.id}
                onClick={() => reprint.mutate({ jobId: job.id, orderId: order.id })}
              >
                Reprint this label
              </Button>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}

function useReprintLabel() {
  const client = useBridge();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (args: { jobId: string; orderId: number }) =>
      callBridge(client, 'printJobReprintLabel', args),
    onSuccess: (job) => {
      queryClient.setQueryData<PrintJobsData>(printJobsKey, (data) =>
        data ? { jobs: applyJobEvent(data.jobs, job, 'changed') } : data,
      );
      toast(`Reprint queued on ${job.printerName}`, { tone: 'success', description: job.title });
    },
    onError: (error) =>
      toast('The label was not reprinted', { tone: 'error', description: errorMessage(error) }),
  });
}
