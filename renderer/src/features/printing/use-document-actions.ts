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

type Request<V, R> = (client: PackbenchClient, vars: V) => Promise<R>;

function useDocumentAction<V, R>(
  request: Request<V, R>,
  done: (result: R) => void,
  failed: string,
) {
  const client = useBridge();
  return useMutation({
    mutationFn: (vars: V) => request(client, vars),
    onSuccess: done,
    onError: (error) => toast(failed, { tone: 'error', description: errorMessage(error) }),
  });
}

/** Where a download went, in words: the renderer cannot know the folder, the browser can. */
export const SAVED_WHERE =
  'In your downloads (the browser’s Downloads folder, or where it asked you to put it).';

const saved = (file: BinaryFile) => {
  saveBinaryFile(file);
  toast(`Saved ${file.fileName}`, { tone: 'success', description: SAVED_WHERE });
};

export const usePrintRequest = <V = void>(request: Request<V, PrintOutcome>, failed: string) =>
  useDocumentAction(request, toastOutcome, failed);

export const useSaveRequest = <V = void>(request: Request<V, BinaryFile>, failed: string) =>
  useDocumentAction(request, saved, failed);
