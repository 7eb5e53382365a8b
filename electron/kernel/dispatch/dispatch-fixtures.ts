/**
 * Test fixtures shared by the dispatcher's and the transports' tests: one valid argument
 * object per contract method (typed, so a contract change shows up here at compile time) and a
 * handlers table whose every handler echoes what it was given.
 */
import type { ArgsOf, BridgeMethod } from '../../../shared/contract/bridge-contract';
import type { CallContext, Handlers } from '../handler-types';

export const VALID_ARGS: { [M in BridgeMethod]: ArgsOf<M> } = {
  ordersList: { filters: { stage: 'open' }, page: 1, pageSize: 50 },
  ordersGet: { id: 1 },
  ordersCreate: { order: { channel: 'web' } },
  ordersCreatePending: { reference: '00000000-0000-4000-8000-000000000031' },
  ordersFacets: {},
  ordersExport: { filters: {}, operationId: 'export-orders-1' },
  ordersFetchAllIds: { operationId: 'fetch-all-ids-1' },
  ordersDocuments: { id: 1 },
  ordersDocumentDownload: { id: 1, kind: 'packing_slip' },
  ordersLabelsBatch: { orderIds: [1, 2] },
  ordersDocumentsBatch: { orderIds: [1], kinds: ['shipping_label', 'packing_slip'] },
  ordersRefreshTracking: { id: 1 },
  addressCheckGet: { orderId: 1 },
  shipmentsList: {},
  shipmentsStream: {},
  shipmentsStreamRead: { streamId: 'stream-1', from: 0 },
  shipmentsGet: { shipmentId: 'SHP-0001' },
  shipmentsLabel: { shipmentId: 'SHP-0001' },
  trackingEventsList: { filters: { status: 'DEL' } },
  trackingEventsStream: { filters: { status: 'DEL' } },
  trackingEventsStreamRead: { streamId: 'stream-1', from: 0 },
  trackingEventsGet: { id: 1 },
  returnsList: { filters: { status: 'open' } },
  returnsGet: { id: 1 },
  returnsLabel: { id: 1 },
  returnsExport: { operationId: 'export-returns-1' },
  returnsWorklist: { filters: { status: 'open' }, review: 'unreviewed', page: 1, pageSize: 50 },
  returnReviewsList: { returnIds: [1, 2] },
  returnReviewSet: { returnId: 1, rmaNumber: 'RMA-2026-000001', note: 'Checked the photos' },
  returnReviewClear: { returnId: 1 },
  returnDispositionsList: { returnIds: [1] },
  returnDispositionSet: {
    returnId: 1,
    lineIndex: 0,
    sku: 'BAR-0108',
    name: 'Oat bar',
    quantity: 2,
    received: true,
    condition: 'opened',
    action: 'restock',
  },
  returnDispositionsExport: { operationId: 'export-dispositions-1' },
  pulledMarksList: {},
  pulledMarkSet: {
    productId: 1,
    sku: 'BAR-0108',
    locationId: 0,
    binId: 4,
    binCode: 'A-01-02',
    batchId: 7,
    batchCode: 'L2026-11',
    quantity: 12,
  },
  packLogList: { since: '2026-11-24T00:00:00.000Z' },
  packLogRecord: {
    orderId: 1,
    orderName: '#1001',
    lines: [{ sku: 'BAR-0108', qty: 2, scanned: 1, byHand: 1 }],
  },
  packLogPrinted: {
    orderId: 1,
    printed: [
      { kind: 'shipping_label', printer: 'Zebra', jobId: 'job-1', at: '2026-11-24T08:00:00Z' },
    ],
  },
  packComplete: {
    orderId: 1,
    orderName: '#1001',
    lines: [{ sku: 'BAR-0108', qty: 2, scanned: 2, byHand: 0 }],
    print: { label: true, packingSlip: true },
  },
  orderIndexFind: { code: '5200002968530' },
  orderIndexRefresh: {},
  productImage: { url: 'https://api.example.com/media/products/BAR-0108.png' },
  printPrefetch: { orderId: 1, kinds: ['shipping_label', 'packing_slip'] },
  printedMarksList: { orderIds: [1, 2] },
  inventoryList: { filters: { low_stock: true } },
  inventoryGet: { productId: 1 },
  inventoryLocationStock: {},
  inventoryCount: { filters: { low_stock: true, location: 1 } },
  inventoryExceptions: { operationId: 'exceptions-1' },
  inventoryExceptionsKept: {},
  inventoryExport: { filters: { location: 1 }, operationId: 'stock-export-1' },
  inventoryReorder: { location: 1 },
  inventorySortedPage: { sort: { column: 'available', desc: true }, page: 2, pageSize: 50 },
  tableExport: { name: 'recalls', header: ['batch', 'units'], rows: [['B-1', 4]] },
  locationsList: {},
  locationsGet: { id: 1 },
  printersList: { refresh: true },
  printJobsList: {},
  printJobRetry: { jobId: '7b0c2a4e-0f3d-4a51-9d0e-1f2a3b4c5d6e' },
  printJobCancel: { jobId: '7b0c2a4e-0f3d-4a51-9d0e-1f2a3b4c5d6e' },
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
  printTestPage: { kind: 'packing_slip', override: { printerId: 'save-to-folder' } },
  labelRenderZpl: { zpl: '^XA^FO50,50^A0N,40,40^FDPackbench^FS^XZ' },
  filesInfo: {},
  folderPick: { purpose: 'export' },
  folderChoose: { purpose: 'export', root: 'documents', subfolder: 'Packbench/Exports' },
  pathReveal: { fileId: 'file-AAAAAAAAAAAAAAAAAAAAAAAA', as: 'file' },
  savedFileGet: { fileId: 'file-AAAAAAAAAAAAAAAAAAAAAAAA' },
  savedFileLink: { jobId: '0d8f7a52-3c1e-4b6a-8f2d-9e0c1b2a3d4e' },
  connectionsList: {},
  connectionSave: { name: 'Main warehouse', baseUrl: 'https://api.example.com' },
  connectionRemove: { id: 'conn-1' },
  connectionSelect: { id: 'conn-1' },
  connectionTest: { id: 'conn-1' },
  keySet: { connectionId: 'conn-1', apiKey: 'pk_test_12345678' },
  keyClear: { connectionId: 'conn-1' },
  keyStatus: { connectionId: 'conn-1' },
  settingsGet: {},
  settingsUpdate: { patch: {} },
  throttleState: {},
  operationCancel: { operationId: 'no-such-operation' },
  sandboxStart: {},
  appInfo: {},
  floorOverview: {},
  floorSettingsGet: {},
  floorSettingsSave: { connection: null },
  floorTest: {
    host: '127.0.0.1',
    port: 5432,
    database: 'floor',
    user: 'packbench',
    tls: 'require',
  },
  floorStatus: {},
  floorPackOpen: { orderId: 1, orderName: '#1001' },
  floorPackRelease: { orderId: 1 },
  floorPackTouch: { orderId: 1 },
  floorClaimSettingsGet: {},
  floorClaimSettingsSave: { claimIdleMinutes: 15 },
  floorPackConflicts: {},
  floorPackConflictResolve: { id: 1, note: 'Second parcel found and voided' },
};

export interface EchoCall {
  method: string;
  args: unknown;
  ctx: CallContext;
}

/** Every handler answers `{ echo: method, args }` and records the call. */
export function echoHandlers(calls: EchoCall[] = []): Handlers {
  return new Proxy({} as Handlers, {
    get(_target, method) {
      if (typeof method !== 'string') return undefined;
      return async (args: unknown, ctx: CallContext) => {
        calls.push({ method, args, ctx });
        return { echo: method, args };
      };
    },
  });
}
