/**
 * Printing and saving one order's documents. Printing goes through the print service's
 * routes (the person's printers per kind) with an optional one-job override; saving fetches
 * the file through the bridge and hands it to the browser as a download. Outcomes are toasts.
 */
import { useMutation } from '@tanstack/react-query';
import type { PrintOutcome } from '../../../../shared/contract/printing-values';
import type { BinaryFile } from '../../../../shared/contract/values';
import { saveBinaryFile } from '../../features/export/save-binary-file';
import { toastOutcome } from '../../features/printing/print-outcome';
import type { PrintOverride } from '../../features/printing/print-override-schema';
import { callBridge, errorMessage } from '../../query/bridge-call';
import { useBridge } from '../../query/bridge-context';
import { toast } from '../../ui/toast-store';

/** The kinds an order can have; the label is printed and saved through its own endpoints. */
export type { OrderDocKind } from '../../features/orders/order-documents';

import type { OrderDocKind } from '../../features/orders/order-documents';

export function usePrintOrderDocument(orderId: number) {
  const client = useBridge();
  return useMutation({
    mutationFn: ({
      kind,
      override,
    }: {
      kind: OrderDocKind;
      override?: PrintOverride;
    }): Promise<PrintOutcome> =>
      kind === 'shipping_label'
        ? callBridge(client, 'printOrderLabels', { orderIds: [orderId], override })
        : callBridge(client, 'printOrderDocuments', {
            orderIds: [orderId],
            kinds: [kind],
            override,
          }),
    onSuccess: toastOutcome,
    onError: (error) =>
      toast('Nothing was printed', { tone: 'error', description: errorMessage(error) }),
  });
}

export function useSaveOrderDocument(orderId: number) {
  const client = useBridge();
  return useMutation({
    mutationFn: (kind: OrderDocKind): Promise<BinaryFile> =>
      kind === 'shipping_label'
        ? callBridge(client, 'ordersLabelsBatch', { orderIds: [orderId] })
        : callBridge(client, 'ordersDocumentDownload', { id: orderId, kind }),
    onSuccess: (file) => {
      saveBinaryFile(file);
      toast(`Saved ${file.fileName}`, { tone: 'success' });
    },
    onError: (error) =>
      toast('The file could not be saved', { tone: 'error', description: errorMessage(error) }),
  });
}
