/**
 * The bridge methods' names as a plain list, with no zod behind it. The preload is bundled on
 * its own into a sandboxed renderer process: it needs the allowlist of names, not the
 * schemas, so it imports this file rather than the contract table. A test keeps the two in
 * step (same names, no extras, and the same type as `BridgeMethod`).
 */
export const BRIDGE_METHOD_NAMES = Object.freeze([
  // Orders
  'ordersList',
  'ordersGet',
  'ordersCreate',
  'ordersCreatePending',
  'ordersFacets',
  'ordersExport',
  'ordersFetchAllIds',
  'ordersDocuments',
  'ordersDocumentDownload',
  'ordersLabelsBatch',
  'ordersDocumentsBatch',
  'ordersRefreshTracking',
  'addressCheckGet',
  // Shipping
  'shipmentsList',
  'shipmentsStream',
  'shipmentsStreamRead',
  'shipmentsGet',
  'shipmentsLabel',
  'trackingEventsList',
  'trackingEventsStream',
  'trackingEventsStreamRead',
  'trackingEventsGet',
  // Returns
  'returnsList',
  'returnsGet',
  'returnsLabel',
  'returnsExport',
  'returnsWorklist',
  // Review marks
  'returnReviewsList',
  'returnReviewSet',
  'returnReviewClear',
  // Dispositions and pulled marks (issue 32)
  'returnDispositionsList',
  'returnDispositionSet',
  'returnDispositionsExport',
  'pulledMarksList',
  'pulledMarkSet',
  // Pack log, pictures, prefetch
  'packLogList',
  'packLogRecord',
  'packLogPrinted',
  'packComplete',
  'orderIndexFind',
  'orderIndexRefresh',
  'productImage',
  'printedMarksList',
  'printPrefetch',
  // Inventory and locations
  'inventoryList',
  'inventoryGet',
  'inventoryLocationStock',
  'inventoryCount',
  'inventoryExceptions',
  'inventoryExceptionsKept',
  'inventorySortedPage',
  'inventoryExport',
  'inventoryReorder',
  'tableExport',
  'locationsList',
  'locationsGet',
  // Printing
  'printersList',
  'printJobsList',
  'printJobRetry',
  'printJobCancel',
  'printJobResolve',
  'printJobReprint',
  'printJobOrders',
  'printJobReprintLabel',
  'printOrderLabels',
  'printOrderDocuments',
  'printShipmentLabel',
  'printReturnLabel',
  'printBatchesInterrupted',
  'printBatchResume',
  'printBatchDismiss',
  'printTestPage',
  // Labels
  'labelRenderZpl',
  // Files
  'filesInfo',
  'folderPick',
  'folderChoose',
  'pathReveal',
  'savedFileGet',
  'savedFileLink',
  // The console's own
  'connectionsList',
  'connectionSave',
  'connectionRemove',
  'connectionSelect',
  'connectionTest',
  'keySet',
  'keyClear',
  'keyStatus',
  'settingsGet',
  'settingsUpdate',
  'throttleState',
  'operationCancel',
  'sandboxStart',
  'appInfo',
  'floorOverview',
  // The floor
  'floorSettingsGet',
  'floorSettingsSave',
  'floorTest',
  'floorStatus',
  'floorPackOpen',
  'floorPackRelease',
  'floorPackTouch',
  'floorClaimSettingsGet',
  'floorClaimSettingsSave',
  'floorPackConflicts',
  'floorPackConflictResolve',
] as const);

export type BridgeMethodName = (typeof BRIDGE_METHOD_NAMES)[number];

const names: ReadonlySet<string> = new Set(BRIDGE_METHOD_NAMES);

/** True only for a contract method's name (never `__proto__`, `toString` and the like). */
export function isBridgeMethodName(name: unknown): name is BridgeMethodName {
  return typeof name === 'string' && names.has(name);
}
