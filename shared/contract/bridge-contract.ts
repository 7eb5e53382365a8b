/**
 * The bridge contract: every method the renderer can call, its argument schema and its result
 * type, in one table (GitHub Desktop's pattern). The preload and the browser-mode host expose
 * exactly these names; the main process validates every call with the schema and answers
 * `{ ok: true, value } | { ok: false, error }` (Signal Desktop's pattern), never throwing.
 */
import { z } from 'zod';
import type { Result } from '../result';
import { OLDER_THAN_MAX_DAYS } from '../return-age';
import {
  LINE_ACTIONS,
  LINE_CONDITIONS,
  type LineDisposition,
  type LineDispositionsView,
  type PulledMark,
  type PulledMarksView,
} from './action-values';
import * as a from './arg-schemas';
import type { BridgeError } from './bridge-error';
import type {
  FilesInfo,
  FolderChoice,
  ReturnReview,
  ReturnReviewsView,
  SavedFileLink,
} from './clerk-values';
import type { PendingCreateState } from './create-values';
import { claimIdleMinutesSchema, type FloorClaimSettingsView } from './floor-claim-settings';
import type { FloorOverview } from './floor-overview-values';
import type { FloorPackConflictsView, FloorPackOpenView } from './floor-pack-values';
import {
  type FloorSettingsView,
  type FloorStatusView,
  type FloorTestVerdict,
  floorConnectionArgs,
} from './floor-values';
import { type KeptBoard, keptBoardSchema } from './kept-board';
import { ZPL_RENDER_MAX_CHARS, type ZplRendering } from './label-rendering';
import type {
  OrderIndexStatus,
  OrderIndexView,
  PackCompleteView,
  PackLogView,
  PackRecord,
} from './packing-values';
import { copies, PRINT_ROUTE_KINDS, printerId, printMedia } from './printing-settings';
import type {
  InterruptedBatch,
  PrintBatchSettled,
  PrintedMark,
  PrintersView,
  PrintJobOrders,
  PrintJobView,
  PrintOutcome,
} from './printing-values';
import { type SettingsView, settingsPatchSchema } from './settings-schema';
import type { ShipmentListItem } from './shipment-list-item';
import { PACK_GATES } from './station-settings';
import type {
  Api,
  AppInfo,
  BinaryFile,
  CheckedPage,
  ConnectionsView,
  ConnectionVerdict,
  ConnectionView,
  ExportResult,
  IdList,
  InventoryExceptions,
  KeyStatus,
  ListChunk,
  ListStreamStart,
  ReorderList,
  SortedStockPage,
  ThrottleState,
} from './values';

/**
 * How a call is scheduled: `interactive` calls (what the person is looking at) go ahead of
 * `background` bulk work; `local` calls never touch the API.
 */
export type CallKind = 'interactive' | 'background' | 'local';

export interface MethodSpec<A extends z.ZodType, R> {
  args: A;
  kind: CallKind;
  /** Phantom: the result type, for the compiler only. */
  result?: R;
}

const method =
  <R>() =>
  <A extends z.ZodType>(args: A, kind: CallKind): MethodSpec<A, R> => ({ args, kind });

const none = z.strictObject({});
const byOrderId = z.strictObject({ id: a.orderId });
/** What is kept locally of these returns (the visible rows), or of all when left out. */
const byReturnIds = z.strictObject({ returnIds: z.array(a.id).max(1000).optional() });
/** A saved connection's id (the settings file's key for it). */
const connectionId = z.string().min(1).max(64);
const byConnectionId = z.strictObject({ id: connectionId });
const forConnection = z.strictObject({ connectionId });
const paged = <F extends z.ZodType>(filters: F) =>
  z.strictObject({
    filters: filters.optional(),
    page: a.page.optional(),
    pageSize: a.pageSize.optional(),
  });
const exportArgs = <F extends z.ZodType>(filters: F) =>
  z.strictObject({
    filters: filters.optional(),
    destination: a.destination.optional(),
    operationId: a.operationId.optional(),
  });

/** What the print dialog may change for one job; the rest comes from the kind's route. */
const printOverride = z
  .strictObject({
    printerId: printerId.optional(),
    copies: copies.optional(),
    media: printMedia.optional(),
  })
  .optional();
const jobId = z.string().regex(/^[A-Za-z0-9-]{1,64}$/, 'Not a print job id.');
/** `fresh`: from the service even when a copy is kept on disk (a refresh). */
const streamStart = z.strictObject({
  fresh: z.boolean().optional(),
  /** A resumed list: the elements the renderer holds already, passed over (list-stream.ts). */
  skip: z.number().int().min(0).max(10_000_000).optional(),
});
const streamRead = z.strictObject({
  streamId: z.string().regex(/^[A-Za-z0-9-]{1,64}$/, 'Not a list stream id.'),
  from: z.number().int().min(0),
  /** Stop the list here: its request is ended and the rows that came are handed over. */
  stop: z.boolean().optional(),
});
/** A file the console wrote: an export's id, or a Save-to-folder job's id. */
const savedFile = z.union([z.strictObject({ fileId: a.fileId }), z.strictObject({ jobId })]);
const batchId = z.string().regex(/^[A-Za-z0-9-]{1,64}$/, 'Not a print batch id.');
/** Large selections are split into chunks; this bounds one request's work, not the chunks'. */
const selection = z.array(a.orderId).min(1).max(20_000);

const count = z.number().int().min(0).max(1_000_000);
/** One cell of a table written as CSV. */
const tableCell = z.union([z.string().max(4000), z.number(), z.boolean(), z.null()]);
const packedLine = z.strictObject({
  sku: z.string().max(64),
  qty: count,
  scanned: count,
  byHand: count,
  /** Units counted by a number typed after one scan of the item (a multi-unit line). */
  typed: count.optional(),
});
/** A pack gate passed on purpose: which, why (the reason picked), when. */
const packOverride = z.strictObject({
  gate: z.enum(PACK_GATES),
  reason: z.string().trim().min(1).max(120),
  at: z.iso.datetime({ offset: true }),
});
/** A packed order as the pack log records it; packComplete writes the same record. */
const packedOrder = {
  orderId: a.orderId,
  orderName: z.string().trim().min(1).max(80),
  lines: z.array(packedLine).max(500),
  /** The packer signed in at the station; the computer's user when left out. */
  packer: z.string().trim().min(1).max(80).optional(),
  /** Gates the packer overrode to pack this order (pack-gate.ts). */
  overrides: z.array(packOverride).max(PACK_GATES.length).optional(),
};
const packedPrint = z.strictObject({
  kind: z.string().min(1).max(40),
  printer: z.string().max(200),
  jobId,
  at: z.iso.datetime({ offset: true }),
});

export const bridgeContract = {
  // Orders
  ordersList: method<CheckedPage<Api['PaginatedOrderList']>>()(
    paged(a.orderFilters),
    'interactive',
  ),
  ordersGet: method<Api['Order']>()(byOrderId, 'interactive'),
  ordersCreate: method<Api['Order']>()(
    z.strictObject({
      order: z.record(z.string(), z.unknown()),
      /**
       * The draft's reference (a UUID made when the draft is, kept with it): written into the
       * order's note attributes, so a create whose outcome is unknown is found again and a
       * resubmit of the same draft never creates a second order.
       */
      reference: z.uuid('A draft reference is a UUID.').optional(),
    }),
    'interactive',
  ),
  /**
   * Where the draft's sent create stands (after a restart or a lost answer): looks the order
   * up once when one is pending; the form sends again only after `none` or `not_created`.
   */
  ordersCreatePending: method<PendingCreateState>()(
    z.strictObject({ reference: z.uuid('A draft reference is a UUID.') }),
    'interactive',
  ),
  ordersFacets: method<Api['OrderFacets']>()(none, 'interactive'),
  ordersExport: method<ExportResult>()(exportArgs(a.orderFilters), 'background'),
  ordersFetchAllIds: method<IdList>()(
    z.strictObject({ filters: a.orderFilters.optional(), operationId: a.operationId.optional() }),
    'background',
  ),
  // The map's shape is not the spec's: its values are read tolerantly (renderer: order-documents.ts).
  ordersDocuments: method<Record<string, unknown>>()(byOrderId, 'interactive'),
  ordersDocumentDownload: method<BinaryFile>()(
    z.strictObject({ id: a.orderId, kind: a.singleDocumentKind }),
    'interactive',
  ),
  ordersLabelsBatch: method<BinaryFile>()(
    z.strictObject({ orderIds: z.array(a.orderId).min(1).max(500) }),
    'interactive',
  ),
  ordersDocumentsBatch: method<BinaryFile>()(
    z.strictObject({
      orderIds: z.array(a.orderId).min(1).max(500),
      kinds: z.array(a.documentKind).min(1).max(4),
    }),
    'interactive',
  ),
  ordersRefreshTracking: method<Api['OrderTrackingRefresh']>()(byOrderId, 'interactive'),
  addressCheckGet: method<Api['AddressCheck']>()(
    z.strictObject({ orderId: a.orderId }),
    'interactive',
  ),

  // Shipping
  shipmentsList: method<Api['ShipmentList'][]>()(none, 'interactive'),
  shipmentsStream: method<ListStreamStart>()(streamStart, 'interactive'),
  shipmentsStreamRead: method<ListChunk<ShipmentListItem>>()(streamRead, 'interactive'),
  shipmentsGet: method<Api['ShipmentDetail']>()(
    z.strictObject({ shipmentId: a.shipmentId }),
    'interactive',
  ),
  shipmentsLabel: method<Api['ShipmentLabel']>()(
    z.strictObject({ shipmentId: a.shipmentId }),
    'interactive',
  ),
  trackingEventsList: method<Api['TrackingEvent'][]>()(
    z.strictObject({ filters: a.trackingEventFilters.optional() }),
    'interactive',
  ),
  trackingEventsStream: method<ListStreamStart>()(
    z.strictObject({
      filters: a.trackingEventFilters.optional(),
      fresh: z.boolean().optional(),
    }),
    'interactive',
  ),
  trackingEventsStreamRead: method<ListChunk<Api['TrackingEvent']>>()(streamRead, 'interactive'),
  trackingEventsGet: method<Api['TrackingEvent']>()(
    z.strictObject({ id: a.trackingEventId }),
    'interactive',
  ),

  // Returns
  returnsList: method<CheckedPage<Api['PaginatedReturnRequestList']>>()(
    paged(a.returnFilters),
    'interactive',
  ),
  returnsGet: method<Api['ReturnRequest']>()(z.strictObject({ id: a.returnId }), 'interactive'),
  returnsLabel: method<BinaryFile>()(z.strictObject({ id: a.returnId }), 'interactive'),
  returnsExport: method<ExportResult>()(
    exportArgs(a.returnFilters).extend({
      /** Keep only returns with (or without) a local review mark; the API's filters apply first. */
      review: z.enum(['any', 'reviewed', 'unreviewed']).optional(),
    }),
    'background',
  ),
  /** The worklist kept by the local review marks (the API alone answers `returnsList`). */
  returnsWorklist: method<Api['PaginatedReturnRequestList']>()(
    z.strictObject({
      filters: a.returnFilters.optional(),
      /** 'any' when only the age filter asks for the walk. */
      review: z.enum(['any', 'reviewed', 'unreviewed']),
      /** Only returns requested more than this many days ago (the API has no date filter). */
      olderThanDays: z.number().int().min(1).max(OLDER_THAN_MAX_DAYS).optional(),
      page: a.page.optional(),
      pageSize: a.pageSize.optional(),
    }),
    'interactive',
  ),

  // Review marks (local, per connection: the API cannot move a return through its lifecycle)
  returnReviewsList: method<ReturnReviewsView>()(byReturnIds, 'local'),
  returnReviewSet: method<ReturnReview>()(
    z.strictObject({
      returnId: a.id,
      rmaNumber: z.string().trim().max(64).optional(),
      note: z.string().trim().max(2000).default(''),
      /** Who reviewed; the computer's user name when left out. */
      reviewedBy: z.string().trim().min(1).max(80).optional(),
    }),
    'local',
  ),
  returnReviewClear: method<{ cleared: boolean }>()(z.strictObject({ returnId: a.id }), 'local'),

  // Dispositions of return lines and pulled batches (local, per connection: the API keeps
  // neither; issue 32)
  returnDispositionsList: method<LineDispositionsView>()(byReturnIds, 'local'),
  /** Records part of a line's disposition; what the call leaves out stays as it was. */
  returnDispositionSet: method<LineDisposition>()(
    z.strictObject({
      returnId: a.id,
      lineIndex: z.number().int().min(0).max(999),
      lineId: z.number().int().nullable().optional(),
      rmaNumber: z.string().trim().max(64).optional(),
      sku: z.string().trim().max(64),
      name: z.string().trim().max(200),
      quantity: z.number().int().min(0).max(2_147_483_647),
      received: z.boolean().optional(),
      condition: z.enum(LINE_CONDITIONS).nullable().optional(),
      action: z.enum(LINE_ACTIONS).nullable().optional(),
      /** Who recorded it; the computer's user name when left out. */
      recordedBy: z.string().trim().min(1).max(80).optional(),
    }),
    'local',
  ),
  /** Every recorded disposition as a CSV for the ERP (one row per line). */
  returnDispositionsExport: method<ExportResult>()(
    z.strictObject({
      destination: a.destination.optional(),
      operationId: a.operationId.optional(),
    }),
    'background',
  ),
  pulledMarksList: method<PulledMarksView>()(none, 'local'),
  /** Marks a recalled or expired batch at a bin pulled: the units pulled in all (0 undoes it). */
  pulledMarkSet: method<{ mark: PulledMark | null }>()(
    z.strictObject({
      productId: a.productId,
      sku: z.string().trim().max(64),
      locationId: a.locationId,
      binId: z.number().int().nullable(),
      binCode: z.string().trim().max(64),
      batchId: z.number().int(),
      batchCode: z.string().trim().max(64),
      quantity: z.number().int().min(0).max(2_147_483_647),
      pulledBy: z.string().trim().min(1).max(80).optional(),
    }),
    'local',
  ),

  // The pack log (local, per connection: the API has no "packed" state)
  packLogList: method<PackLogView>()(
    z.strictObject({
      orderIds: z.array(a.orderId).max(1000).optional(),
      /** Only records packed at or after this instant ("Packed today"). */
      since: z.iso.datetime({ offset: true }).optional(),
    }),
    'local',
  ),
  packLogRecord: method<PackRecord>()(
    z.strictObject({
      ...packedOrder,
      /** What was printed for it, written with the record in one write (packComplete). */
      printed: z.array(packedPrint).max(20).optional(),
    }),
    'local',
  ),
  /**
   * The pack's last unit verified, in one call: prints what the station prints for scans (the
   * label asked first, then the slip; each queued even when its printer is off), then writes
   * the pack log once, with what was printed, so the log holds the whole pack or none of it.
   */
  packComplete: method<PackCompleteView>()(
    z.strictObject({
      ...packedOrder,
      /** What to print (Settings → Printing's choice for scans; none: the log only). */
      print: z.strictObject({ label: z.boolean(), packingSlip: z.boolean() }),
    }),
    'interactive',
  ),
  /** What was printed for a packed order (added once the prints are queued). */
  packLogPrinted: method<PackRecord>()(
    z.strictObject({ orderId: a.orderId, printed: z.array(packedPrint).min(1).max(20) }),
    'local',
  ),
  /**
   * An order by its storefront or external id (the API's search covers neither), in the
   * station's own index of the orders it can pack (`labels` and `open`), kept fresh in the
   * background; the first lookup waits for the index's first read.
   */
  orderIndexFind: method<OrderIndexView>()(
    z.strictObject({ code: z.string().max(200) }),
    'background',
  ),
  /** Reads the index again now (at background priority) and answers its size. */
  orderIndexRefresh: method<OrderIndexView>()(none, 'background'),
  /**
   * The index as it stands (issue 32): its size, the reading under way (pages of pages, rows,
   * time left) and why the last one stopped. Progress events under ORDER_INDEX_OPERATION say
   * when it changed.
   */
  orderIndexStatus: method<OrderIndexStatus>()(none, 'local'),
  /**
   * Stops the reading under way now (no more requests) and starts none by itself until a
   * person asks (orderIndexRefresh); the index keeps its last whole read.
   */
  orderIndexStop: method<OrderIndexStatus>()(none, 'local'),
  /** A product's picture (its `image` URL), through the bridge: the page's CSP stays as it is. */
  productImage: method<BinaryFile>()(
    z.strictObject({ url: z.string().min(1).max(2048) }),
    'background',
  ),
  /** Each order's last print of labels and of documents (the Orders grid, "Select unprinted"). */
  printedMarksList: method<{ marks: PrintedMark[] }>()(
    z.strictObject({ orderIds: z.array(a.orderId).max(20_000) }),
    'local',
  ),
  /** Fetches an order's documents ahead of its print (the pack screen, while the person packs). */
  printPrefetch: method<{ prefetched: string[] }>()(
    z.strictObject({ orderId: a.orderId, kinds: z.array(a.documentKind).min(1).max(4) }),
    'background',
  ),

  // Inventory and locations
  inventoryList: method<CheckedPage<Api['PaginatedStockLevelList']>>()(
    paged(a.inventoryFilters),
    'interactive',
  ),
  inventoryGet: method<Api['ProductStock']>()(
    z.strictObject({ productId: a.productId }),
    'interactive',
  ),
  inventoryLocationStock: method<Api['LocationStockTotals']>()(none, 'interactive'),
  // The supervisor's board: counts and the walk for what no filter finds, behind the person.
  inventoryCount: method<{ count: number }>()(
    z.strictObject({ filters: a.inventoryFilters.optional() }),
    'background',
  ),
  inventoryExceptions: method<InventoryExceptions>()(
    z.strictObject({ operationId: a.operationId.optional() }),
    'background',
  ),
  /**
   * The last walk kept on disk for the selected connection, shown while a fresh one runs;
   * `lost` says, in words, why a walk that was kept cannot be read back (missing, damaged).
   */
  inventoryExceptionsKept: method<{ kept: InventoryExceptions | null; lost?: string }>()(
    none,
    'local',
  ),
  /** The board's counts as last painted whole: a small record, read before the kept walk. */
  inventoryBoardKept: method<{ board: KeptBoard | null }>()(none, 'local'),
  /** Keeps the board's counts once every count is in (replacing the last ones kept). */
  inventoryBoardKeep: method<{ kept: true }>()(z.strictObject({ board: keptBoardSchema }), 'local'),
  // A page of the whole filtered stock list sorted by a column (the API cannot order it).
  inventorySortedPage: method<SortedStockPage>()(
    z.strictObject({
      filters: a.inventoryFilters.optional(),
      sort: a.stockSort,
      page: a.page.optional(),
      pageSize: a.pageSize.optional(),
      fresh: z.boolean().optional(),
      operationId: a.operationId.optional(),
    }),
    'background',
  ),
  // The whole filtered stock list as CSV (the API has no stock export: the console walks it).
  inventoryExport: method<ExportResult>()(exportArgs(a.inventoryFilters), 'background'),
  inventoryReorder: method<ReorderList>()(
    z.strictObject({
      location: a.locationId.optional(),
      operationId: a.operationId.optional(),
    }),
    'background',
  ),
  /**
   * A table the console shows (the exceptions board, the recall list, the expired batches,
   * the reorder list) as CSV: the renderer has no file system. Bounded; every row as long as
   * the header.
   */
  tableExport: method<ExportResult>()(
    z
      .strictObject({
        name: z.enum([
          'exceptions-board',
          'recalls',
          'expired',
          'reorder',
          'purchase-list',
          'floor',
        ]),
        header: z.array(z.string().min(1).max(100)).min(1).max(60),
        rows: z.array(z.array(tableCell).max(60)).max(50_000),
        destination: a.destination.optional(),
      })
      .refine((t) => t.rows.every((r) => r.length === t.header.length), {
        message: 'Every row needs one value per column.',
        path: ['rows'],
      }),
    'local',
  ),
  locationsList: method<Api['Location'][]>()(none, 'interactive'),
  locationsGet: method<Api['Location']>()(z.strictObject({ id: a.locationId }), 'interactive'),

  // Printing (the print service in the main process)
  printersList: method<PrintersView>()(
    z.strictObject({ refresh: z.boolean().default(false) }),
    'local',
  ),
  printJobsList: method<{ jobs: PrintJobView[] }>()(none, 'local'),
  printJobRetry: method<PrintJobView>()(z.strictObject({ jobId }), 'local'),
  printJobCancel: method<PrintJobView>()(z.strictObject({ jobId }), 'local'),
  /** A held job ("Print anyway"): back in its place in the queue, sent as it was asked. */
  printJobSendHeld: method<PrintJobView>()(z.strictObject({ jobId }), 'local'),
  printJobResolve: method<PrintJobView>()(
    z.strictObject({ jobId, decision: z.enum(['reprint', 'done']) }),
    'local',
  ),
  printJobReprint: method<PrintJobView>()(
    z.strictObject({ jobId, printerId: printerId.optional(), copies: copies.optional() }),
    'local',
  ),
  /** A job's orders by name; one order's labels can be reprinted alone when `matched`. */
  printJobOrders: method<PrintJobOrders>()(z.strictObject({ jobId }), 'local'),
  /** One order's label pages out of a batch job, as a new job marked as a reprint. */
  printJobReprintLabel: method<PrintJobView>()(
    z.strictObject({
      jobId,
      orderId: a.id,
      printerId: printerId.optional(),
      copies: copies.optional(),
    }),
    'local',
  ),
  printOrderLabels: method<PrintOutcome>()(
    z.strictObject({
      orderIds: selection,
      override: printOverride,
      operationId: a.operationId.optional(),
    }),
    'interactive',
  ),
  printOrderDocuments: method<PrintOutcome>()(
    z.strictObject({
      orderIds: selection,
      kinds: z.array(a.documentKind).min(1).max(4),
      override: printOverride,
      operationId: a.operationId.optional(),
    }),
    'interactive',
  ),
  printShipmentLabel: method<PrintOutcome>()(
    z.strictObject({ shipmentId: a.shipmentId, override: printOverride }),
    'interactive',
  ),
  printReturnLabel: method<PrintOutcome>()(
    z.strictObject({ returnId: a.returnId, override: printOverride }),
    'interactive',
  ),
  /** Batches that did not get to all their orders (killed, crashed, or stopped by a failure). */
  printBatchesInterrupted: method<{ batches: InterruptedBatch[] }>()(none, 'local'),
  /** "Print the rest": exactly the batch's orders not reached, as it asked for them. */
  printBatchResume: method<PrintOutcome>()(
    z.strictObject({ batchId, operationId: a.operationId.optional() }),
    'interactive',
  ),
  /** The person will not print the rest: the batch leaves the interrupted list. */
  printBatchDismiss: method<{ batches: InterruptedBatch[] }>()(
    z.strictObject({ batchId }),
    'local',
  ),
  /**
   * Orders of an interrupted floor batch that "may have printed" at another station, settled by
   * what the person found at that printer: 'printed' (on paper there: printed floor-wide) or
   * 'print' (not there: printed here, as "Print the rest" does).
   */
  printBatchSettle: method<PrintBatchSettled>()(
    z.strictObject({
      batchId,
      orderIds: z.array(a.orderId).min(1).max(20_000),
      mayHavePrinted: z.enum(['printed', 'print']),
      operationId: a.operationId.optional(),
    }),
    'interactive',
  ),
  printTestPage: method<PrintOutcome>()(
    z.strictObject({ kind: z.enum(PRINT_ROUTE_KINDS), override: printOverride }),
    'local',
  ),

  // Labels (rendered in the main process: the renderer's CSP refuses WebAssembly)
  labelRenderZpl: method<ZplRendering>()(
    z.strictObject({ zpl: z.string().min(1).max(ZPL_RENDER_MAX_CHARS) }),
    'local',
  ),

  // Files the console writes: where, a folder picker, showing them, downloading them. Every
  // argument names things (a folder choice's id, a file's id, a print job's id, a purpose);
  // none is a path (issue 31; electron/security/README.md lists every such argument).
  filesInfo: method<FilesInfo>()(none, 'local'),
  /** The desktop app's native folder dialog; the folder chosen comes back with its id. */
  folderPick: method<FolderChoice>()(
    z.strictObject({ purpose: z.enum(['export', 'print-folder']) }),
    'local',
  ),
  /** Browser mode's choice: one of the allowed roots, optionally a subfolder made inside it. */
  folderChoose: method<FolderChoice>()(
    z.strictObject({
      purpose: z.enum(['export', 'print-folder']),
      root: a.folderRootId,
      subfolder: z.string().max(400).optional(),
    }),
    'local',
  ),
  pathReveal: method<{ shown: boolean }>()(
    z.union([
      z.strictObject({ fileId: a.fileId, as: z.enum(['folder', 'file']) }),
      z.strictObject({ jobId, as: z.enum(['folder', 'file']) }),
      z.strictObject({ folder: z.enum(['export', 'print-folder']) }),
    ]),
    'local',
  ),
  /** A file the console wrote (an export by its id, a Save-to-folder job by the job's id). */
  savedFileGet: method<BinaryFile>()(savedFile, 'local'),
  /** Browser mode: a one-time address on the console's host that downloads that file. */
  savedFileLink: method<SavedFileLink>()(savedFile, 'local'),

  // The console's own
  connectionsList: method<ConnectionsView>()(none, 'local'),
  connectionSave: method<ConnectionView>()(
    z.strictObject({
      id: connectionId.optional(),
      name: z.string().trim().min(1).max(80),
      baseUrl: z.string().min(1).max(2048),
    }),
    'local',
  ),
  connectionRemove: method<ConnectionsView>()(byConnectionId, 'local'),
  connectionSelect: method<ConnectionsView>()(byConnectionId, 'local'),
  connectionTest: method<ConnectionVerdict>()(
    z.union([
      byConnectionId,
      z.strictObject({ baseUrl: z.string().min(1).max(2048), apiKey: a.apiKey }),
    ]),
    'interactive',
  ),
  keySet: method<KeyStatus>()(
    z.strictObject({
      connectionId,
      apiKey: a.apiKey,
      /** `session` keeps the key for this run only (when no keychain is available). */
      storage: z.enum(['keychain', 'session']).default('keychain'),
    }),
    'local',
  ),
  keyClear: method<KeyStatus>()(forConnection, 'local'),
  keyStatus: method<KeyStatus>()(forConnection, 'local'),
  settingsGet: method<SettingsView>()(none, 'local'),
  settingsUpdate: method<SettingsView>()(z.strictObject({ patch: settingsPatchSchema }), 'local'),
  throttleState: method<ThrottleState>()(none, 'local'),
  operationCancel: method<{ cancelled: boolean }>()(
    z.strictObject({ operationId: a.operationId }),
    'local',
  ),
  sandboxStart: method<ConnectionView>()(none, 'local'),
  appInfo: method<AppInfo>()(none, 'local'),
  /** The supervisor's Floor view: the floor at a glance (no floor, or offline, said so). */
  floorOverview: method<FloorOverview>()(none, 'local'),

  // The floor (issue 29): the shared PostgreSQL of a floor of stations
  floorSettingsGet: method<FloorSettingsView>()(none, 'local'),
  /** Saves the connection (the password into the keychain) and joins the floor; null leaves it. */
  floorSettingsSave: method<FloorSettingsView>()(
    z.strictObject({ connection: floorConnectionArgs.nullable() }),
    'local',
  ),
  floorTest: method<FloorTestVerdict>()(floorConnectionArgs, 'local'),
  floorStatus: method<FloorStatusView>()(none, 'local'),
  /**
   * Opening an order's pack screen claims it for this station (and packer) on the floor, within
   * the scan's budget; another station's live claim is answered as the holder (the claim gate).
   * With a reason, another station's claim is taken over (logged on the floor).
   */
  floorPackOpen: method<FloorPackOpenView>()(
    z.strictObject({
      orderId: a.orderId,
      orderName: z.string().trim().min(1).max(80),
      packer: z.string().trim().min(1).max(80).optional(),
      takeOverReason: z.string().trim().min(1).max(200).optional(),
    }),
    'local',
  ),
  /** The packer left the order unpacked: this station's claim on it ends. */
  floorPackRelease: method<{ released: true }>()(z.strictObject({ orderId: a.orderId }), 'local'),
  /**
   * A verified item on the open order: this station's claim's idle time starts again (at most
   * one floor write per interval; `touched` says whether this call wrote one).
   */
  floorPackTouch: method<{ touched: boolean }>()(z.strictObject({ orderId: a.orderId }), 'local'),
  /** Settings → Floor: how long a claim lives idle, for every station of the floor. */
  floorClaimSettingsGet: method<FloorClaimSettingsView>()(none, 'local'),
  /** Sets the floor's idle time (whole minutes, bounded); refused in words with no floor. */
  floorClaimSettingsSave: method<FloorClaimSettingsView>()(
    z.strictObject({ claimIdleMinutes: claimIdleMinutesSchema }),
    'local',
  ),
  /** Orders packed twice (two stations while the floor was offline), for the supervisor. */
  floorPackConflicts: method<FloorPackConflictsView>()(none, 'local'),
  /**
   * The supervisor marks an order packed twice as sorted out (the parcels found, one voided),
   * with a note; who is the packer signed in here. `resolved` false with `message` saying why:
   * already sorted out (or another account's), no floor, or the floor offline.
   */
  floorPackConflictResolve: method<{ resolved: boolean; message: string | null }>()(
    z.strictObject({
      id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
      note: z.string().trim().max(500).default(''),
    }),
    'local',
  ),
} as const;

export type BridgeContract = typeof bridgeContract;
export type BridgeMethod = keyof BridgeContract;
/** What the renderer passes (defaults may be left out). */
export type ArgsOf<M extends BridgeMethod> = z.input<BridgeContract[M]['args']>;
/** What the main process receives after validation (defaults filled in). */
export type ParsedArgsOf<M extends BridgeMethod> = z.output<BridgeContract[M]['args']>;
export type ResultOf<M extends BridgeMethod> = NonNullable<BridgeContract[M]['result']>;
export type BridgeResult<M extends BridgeMethod> = Result<ResultOf<M>, BridgeError>;

/** The one client object the renderer uses, whatever the transport underneath. */
export type BridgeClient = {
  [M in BridgeMethod]: (args: ArgsOf<M>) => Promise<BridgeResult<M>>;
};

/** The methods' names, for building the preload's allowlist and the HTTP routes. */
export const BRIDGE_METHODS = Object.freeze(Object.keys(bridgeContract) as BridgeMethod[]);

export function isBridgeMethod(name: unknown): name is BridgeMethod {
  return typeof name === 'string' && Object.hasOwn(bridgeContract, name);
}
