/**
 * Printing and saving one order's documents. Printing goes through the print service's
 * routes (the person's printers per kind) with an optional one-job override; saving fetches
 * the file through the bridge and hands it to the browser as a download. Outcomes are toasts.
 */
import type { PrintOverride } from '../../features/printing/print-override-schema';
import { usePrintRequest, useSaveRequest } from '../../features/printing/use-document-actions';
import { callBridge } from '../../query/bridge-call';

/** The kinds an order can have; the label is printed and saved through its own endpoints. */
export type { OrderDocKind } from '../../features/orders/order-documents';

import type { OrderDocKind } from '../../features/orders/order-documents';

export const usePrintOrderDocument = (orderId: number) =>
  usePrintRequest(
    (client, { kind, override }: { kind: OrderDocKind; override?: PrintOverride }) =>
      kind === 'shipping_label'
        ? callBridge(client, 'printOrderLabels', { orderIds: [orderId], override })
        : callBridge(client, 'printOrderDocuments', {
            orderIds: [orderId],
            kinds: [kind],
            override,
          }),
    'Nothing was printed',
  );

export const useSaveOrderDocument = (orderId: number) =>
  useSaveRequest(
    (client, kind: OrderDocKind) =>
      kind === 'shipping_label'
        ? callBridge(client, 'ordersLabelsBatch', { orderIds: [orderId] })
        : callBridge(client, 'ordersDocumentDownload', { id: orderId, kind }),
    'The file could not be saved',
  );
