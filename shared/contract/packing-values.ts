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
