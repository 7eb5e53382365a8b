/**
 * A valid argument object for each of the printing domain's bridge methods: what the dispatcher's
 * and the transports' tests call them with (electron/test-support/valid-args.ts gathers every
 * domain's). A method added to this domain gets its sample here, beside its handler.
 */
import type { ArgSamples } from '../../kernel/dispatch/arg-samples';

export const PRINTING_SAMPLES = {
  printPrefetch: { orderId: 1, kinds: ['shipping_label', 'packing_slip'] },
  printedMarksList: { orderIds: [1, 2] },
  printersList: { refresh: true },
  printJobsList: {},
  printJobRetry: { jobId: '7b0c2a4e-0f3d-4a51-9d0e-1f2a3b4c5d6e' },
  printJobCancel: { jobId: '7b0c2a4e-0f3d-4a51-9d0e-1f2a3b4c5d6e' },
  printJobSendHeld: { jobId: '7b0c2a4e-0f3d-4a51-9d0e-1f2a3b4c5d6e' },
  printJobResolve: { jobId: '7b0c2a4e-0f3d-4a51-9d0e-1f2a3b4c5d6e', decision: 'done' },
  printJobReprint: { jobId: '7b0c2a4e-0f3d-4a51-9d0e-1f2a3b4c5d6e', copies: 2 },
  printJobOrders: { jobId: '7b0c2a4e-0f3d-4a51-9d0e-1f2a3b4c5d6e' },
  printJobReprintLabel: { jobId: '7b0c2a4e-0f3d-4a51-9d0e-1f2a3b4c5d6e', orderId: 1042 },
  printOrderLabels: { orderIds: [1, 2], operationId: 'print-labels-1' },
  printOrderDocuments: { orderIds: [1], kinds: ['packing_slip'], override: { media: 'A4' } },
  printShipmentLabel: { shipmentId: 'SHP-0001' },
  printReturnLabel: { returnId: 1 },
  printBatchesInterrupted: {},
  printBatchResume: { batchId: '0d8f7a52-3c1e-4b6a-8f2d-9e0c1b2a3d4e', operationId: 'resume-1' },
  printBatchDismiss: { batchId: '0d8f7a52-3c1e-4b6a-8f2d-9e0c1b2a3d4e' },
  printBatchSettle: {
    batchId: '0d8f7a52-3c1e-4b6a-8f2d-9e0c1b2a3d4e',
    orderIds: [10983, 10984],
    mayHavePrinted: 'printed',
  },
  printTestPage: { kind: 'packing_slip', override: { printerId: 'save-to-folder' } },
} satisfies ArgSamples;
