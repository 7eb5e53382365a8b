/**
 * A return's label: printed through the print service (which fetches it in whatever content
 * type the API gives, PDF, PNG, GIF or a raw printer file, and routes it by the "Return
 * labels" route), or saved as the file the API sent. Outcomes are toasts.
 */
import { useMutation } from '@tanstack/react-query';
import { callBridge, errorMessage } from '../../query/bridge-call';
import { useBridge } from '../../query/bridge-context';
import { toast } from '../../ui/toast-store';
import { saveBinaryFile } from '../../views/order-detail/save-binary-file';
import { toastOutcome } from '../printing/print-outcome';

export function usePrintReturnLabel(returnId: number) {
  const client = useBridge();
  return useMutation({
    mutationFn: () => callBridge(client, 'printReturnLabel', { returnId }),
    onSuccess: toastOutcome,
    onError: (error) =>
      toast('The return label was not printed', {
        tone: 'error',
        description: errorMessage(error),
      }),
  });
}

export function useSaveReturnLabel(returnId: number) {
  const client = useBridge();
  return useMutation({
    mutationFn: () => callBridge(client, 'returnsLabel', { id: returnId }),
    onSuccess: (file) => {
      saveBinaryFile(file);
      toast(`Saved ${file.fileName}`, { tone: 'success' });
    },
    onError: (error) =>
      toast('The return label could not be saved', {
        tone: 'error',
        description: errorMessage(error),
      }),
  });
}
