/**
 * A return's label: printed through the print service (which fetches it in whatever content
 * type the API gives, PDF, PNG, GIF or a raw printer file, and routes it by the "Return
 * labels" route), or saved as the file the API sent. Outcomes are toasts.
 */
import { callBridge } from '../../query/bridge-call';
import { usePrintRequest, useSaveRequest } from '../printing/use-document-actions';

export const usePrintReturnLabel = (returnId: number) =>
  usePrintRequest(
    (client) => callBridge(client, 'printReturnLabel', { returnId }),
    'The return label was not printed',
  );

export const useSaveReturnLabel = (returnId: number) =>
  useSaveRequest(
    (client) => callBridge(client, 'returnsLabel', { id: returnId }),
    'The return label could not be saved',
  );
