/**
 * "Reprint label" from where a job was printed (the scan bar's last print, Packed today): the
 * job again on its own printer, marked as a reprint in the queue, said in a toast.
 */
import { useMutation } from '@tanstack/react-query';
import { callBridge, errorMessage } from '../../query/bridge-call';
import { useBridge } from '../../query/bridge-context';
import { toast } from '../../ui/toast-store';

export function useReprintJob(failed: string) {
  const client = useBridge();
  return useMutation({
    mutationFn: (jobId: string) => callBridge(client, 'printJobReprint', { jobId }),
    onSuccess: (job) => toast(`Reprint queued on ${job.printerName}`, { tone: 'success' }),
    onError: (error) => toast(failed, { tone: 'error', description: errorMessage(error) }),
  });
}
