/**
 * Printing or saving one document (an order's label or slip, a shipment's label, a return's
 * label) as a mutation, with the outcome said the same way everywhere: a print as one toast of
 * where the jobs went (toastOutcome), a save as a download and "Saved <file>", and a failure as
 * an error toast titled by the caller.
 */
import { useMutation } from '@tanstack/react-query';
import type { PrintOutcome } from '../../../../shared/contract/printing-values';
import type { BinaryFile } from '../../../../shared/contract/values';
import type { PackbenchClient } from '../../bridge';
import { errorMessage } from '../../query/bridge-call';
import { useBridge } from '../../query/bridge-context';
import { toast } from '../../ui/toast-store';
import { saveBinaryFile } from '../export/save-binary-file';
import { toastOutcome } from './print-outcome';

const failedToast = (title: string) => (error: Error) =>
  toast(title, { tone: 'error', description: errorMessage(error) });

export function usePrintRequest<V = void>(
  request: (client: PackbenchClient, vars: V) => Promise<PrintOutcome>,
  failed: string,
) {
  const client = useBridge();
  return useMutation({
    mutationFn: (vars: V) => request(client, vars),
    onSuccess: toastOutcome,
    onError: failedToast(failed),
  });
}

export function useSaveRequest<V = void>(
  request: (client: PackbenchClient, vars: V) => Promise<BinaryFile>,
  failed: string,
) {
  const client = useBridge();
  return useMutation({
    mutationFn: (vars: V) => request(client, vars),
    onSuccess: (file) => {
      saveBinaryFile(file);
      toast(`Saved ${file.fileName}`, { tone: 'success' });
    },
    onError: failedToast(failed),
  });
}
