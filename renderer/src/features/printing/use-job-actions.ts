/**
 * What the person can do to a job: retry, cancel, send a held one, settle a "may have printed" job, reprint.
 * The bridge answers with the job as it now is; that answer goes into the cached list at
 * once (the event that follows says the same and changes nothing). Refusals ("a sent job
 * cannot be cancelled") come back as a toast with the service's own words.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PrintJobView } from '../../../../shared/contract/printing-values';
import { callBridge, errorMessage } from '../../query/bridge-call';
import { useBridge } from '../../query/bridge-context';
import { toast } from '../../ui/toast-store';
import { applyJobEvent } from './job-list';
import { type PrintJobsData, printJobsKey } from './use-print-jobs';

export type JobAction =
  | { type: 'retry'; jobId: string }
  | { type: 'cancel'; jobId: string }
  | { type: 'send-held'; jobId: string }
  | { type: 'resolve'; jobId: string; decision: 'reprint' | 'done' }
  | { type: 'reprint'; jobId: string; printerId?: string; copies?: number };

const FAILED_TITLE: Record<JobAction['type'], string> = {
  retry: 'The job was not retried',
  cancel: 'The job was not cancelled',
  'send-held': 'The job was not sent',
  resolve: 'The job was not updated',
  reprint: 'The job was not reprinted',
};

export function useJobAction() {
  const client = useBridge();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: JobAction): Promise<PrintJobView> => {
      switch (action.type) {
        case 'retry':
          return callBridge(client, 'printJobRetry', { jobId: action.jobId });
        case 'cancel':
          return callBridge(client, 'printJobCancel', { jobId: action.jobId });
        case 'send-held':
          return callBridge(client, 'printJobSendHeld', { jobId: action.jobId });
        case 'resolve':
          return callBridge(client, 'printJobResolve', {
            jobId: action.jobId,
            decision: action.decision,
          });
        case 'reprint':
          return callBridge(client, 'printJobReprint', {
            jobId: action.jobId,
            ...(action.printerId ? { printerId: action.printerId } : {}),
            ...(action.copies ? { copies: action.copies } : {}),
          });
      }
    },
    onSuccess: (job, action) => {
      queryClient.setQueryData<PrintJobsData>(printJobsKey, (data) =>
        data ? { jobs: applyJobEvent(data.jobs, job, 'changed') } : data,
      );
      if (action.type === 'reprint') {
        toast(`Reprint queued on ${job.printerName}`, { tone: 'success', description: job.title });
      }
    },
    onError: (error, action) => {
      toast(FAILED_TITLE[action.type], { tone: 'error', description: errorMessage(error) });
    },
  });
}
