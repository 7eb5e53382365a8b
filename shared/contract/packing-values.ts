/**
 * The pack log's values: the API has no "packed" state, so what a station verified and printed
 * is kept locally, per connection (electron/domains/packing/), one record per order (the last
 * time it was packed; a repack replaces it and counts up `times`).
 */
import type { PrintJobView, PrintOutcome } from './printing-values';
import type { PackGateKind } from './station-settings';

export interface PackedLine {
  sku: string;
  /** Units the order asks for. */
  qty: number;
  /** Units verified by a scan of the item's barcode. */
  scanned: number;
  /** Units confirmed by key (an item with no barcode), shown as such. */
  byHand: number;
  /** Units counted by a number typed after one scan of the item (absent: none). */
  typed?: number;
}

/** A pack gate (pack-gate.ts) the packer passed on purpose, with the reason they picked. */
export interface PackOverride {
  /** Which stop: "cancelled", "no_label", … */
  gate: PackGateKind;
  reason: string;
  /** ISO 8601 instant of the override. */
  at: string;
}

export interface PackedPrint {
  /** "shipping_label", "packing_slip". */
  kind: string;
  /** The printer's name as the queue shows it. */
  printer: string;
  jobId: string;
  /** ISO 8601 instant. */
  at: string;
}

export interface PackRecord {
  orderId: number;
  /** "#EU3042": what a person calls it. */
  orderName: string;
  /** ISO 8601 instant the last unit was verified. */
  packedAt: string;
  packedBy: string;
  station: string;
  lines: PackedLine[];
  printed: PackedPrint[];
  /** How often this order was packed (a repack after a damaged box counts 2). */
  times: number;
  /** Gates overridden to pack it, by `packedBy` (absent: none). */
  overrides?: PackOverride[];
}

export interface PackLogView {
  records: PackRecord[];
}

/** An order found by its storefront or external id in the station's index of packable orders. */
export interface OrderIndexHit {
  orderId: number;
  orderName: string;
  recipient: string;
  /** The order list's stage it was read in: `labels` or `open`. */
  stage: 'labels' | 'open';
  /** Which id equalled the code, in words: "storefront order id", "external id". */
  field: string;
}

export interface OrderIndexView {
  hits: OrderIndexHit[];
  /** Orders in the index (the `labels` and `open` stages at its last read). */
  count: number;
  /** ISO 8601 instant of its last whole read; null: never read. */
  refreshedAt: string | null;
}

/**
 * The progress events of the index's reading carry this operation id (issue 32): the pack
 * page and the scan bar read `orderIndexStatus` again when one comes.
 */
export const ORDER_INDEX_OPERATION = 'order-index';

/** A reading of the orders to pack under way: which list, pages of pages, rows, time left. */
export interface OrderIndexReading {
  /** In words: "Reading the orders waiting for a label". */
  phase: string;
  /** The list being read (1-based) of the lists read (the `labels` and `open` stages). */
  list: number;
  lists: number;
  /** Pages read of the pages there are in this list (null until its first page). */
  pages: number;
  pagesTotal: number | null;
  /** Orders read so far over every list, of those the lists read so far hold. */
  rows: number;
  rowsTotal: number | null;
  /** ISO 8601: when the reading started. */
  startedAt: string;
  /** Seconds left at the rate so far for the lists whose size is known; null: too early. */
  secondsLeft: number | null;
  /** A person asked for it (Read again); false: the station's own refresh. */
  byPerson: boolean;
}

/** The station's index of orders to pack as it stands: its size, its reading, why it stopped. */
export interface OrderIndexStatus {
  count: number;
  /** ISO 8601 instant of its last whole read; null: never read. */
  refreshedAt: string | null;
  reading: OrderIndexReading | null;
  /**
   * Why the last reading ended without a whole index (null: it ended well): a person stopped
   * it, it was past the bound (the sentence says the count and the bound), or it failed.
   */
  stopped: { why: 'stopped' | 'bound' | 'failed'; message: string; at: string } | null;
  /** True: no reading starts by itself (stopped or past the bound) until a person asks. */
  paused: boolean;
}

/** A document printed for a pack, with the job that prints it. */
export interface PackCompletePrint {
  kind: 'shipping_label' | 'packing_slip';
  job: PrintJobView;
}

/**
 * What `packComplete` did: the prints asked (each part's failure in `skipped`, in words) and
 * the pack log written once with them; `record` null: nothing of the pack is in the log
 * (`logProblem` says why, in words), though the prints above were asked.
 */
export interface PackCompleteView {
  record: PackRecord | null;
  logProblem?: string;
  print: PrintOutcome & { kinds: PackCompletePrint[] };
}
