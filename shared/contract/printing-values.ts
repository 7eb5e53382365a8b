/**
 * What the print service shows the renderer: printers, jobs (without the spool file's path)
 * and the outcome of a batch. The queue's own records stay in the main process.
 */
import type { PrintMedia, PrintRouteKind } from './printing-settings';

export type PrinterKind = 'cups' | 'windows' | 'raw9100' | 'folder';
export type PrintFormat = 'pdf' | 'zpl';

export interface PrinterView {
  /** `save-to-folder`, `cups:<queue>`, `win:<printer>` or `raw:<host>:<port>`. */
  id: string;
  name: string;
  kind: PrinterKind;
  /** What it takes: PDF documents, raw ZPL, or both (a Zebra queue with its driver). */
  accepts: PrintFormat[];
  /** `unknown` for network printers (there is nothing to ask without sending). */
  state: 'idle' | 'printing' | 'stopped' | 'unknown';
  accepting: boolean;
  isDefault: boolean;
  /** The CUPS description, the network address or the folder. */
  detail?: string;
  /** Jobs waiting or being sent. */
  pending: number;
}

export interface PrintersView {
  printers: PrinterView[];
  /** Why the system's printers could not be listed (CUPS not running…), when they could not. */
  problem: string | null;
  refreshedAt: string;
}

export type PrintJobState =
  | 'queued'
  | 'sending'
  | 'sent'
  | 'failed'
  | 'cancelled'
  /** Interrupted while sending (crash, kill, power cut): it may or may not be on paper. */
  | 'may-have-printed'
  /**
   * Kept back at a restart: a floor batch's job whose orders may have been printed at another
   * station while this one was stopped, and the floor was offline to say. Sent only when a
   * person says so ("Print anyway"), or by itself once the floor is back and says none were.
   */
  | 'held';

export interface PrintJobView {
  id: string;
  printerId: string;
  printerName: string;
  title: string;
  format: PrintFormat;
  copies: number;
  media: string;
  state: PrintJobState;
  reason?: string;
  attempts: number;
  createdAt: string;
  updatedAt: string;
  size: number;
  source?: { kind: 'order' | 'shipment' | 'return'; ref: string };
  /** A reprint (marked "(reprint)" in its title too): the job it was printed again from. */
  reprintOf?: string;
  /** How a person settled a may-have-printed job: it printed, or it was printed again. */
  resolution?: 'printed' | 'reprinted';
  /** The spooler's id (a CUPS job id) or the file Save to folder wrote. */
  externalId?: string;
  /** Orders in the document (see printJobOrders for them by name). */
  orderCount?: number;
  /**
   * A PDF's pages: `received` once counted (it is not sent before), `expected` for labels
   * (one per label of its orders). They differ when the API sent more or fewer labels than
   * the orders had: the job's reason then says which orders.
   */
  pages?: { expected?: number; received?: number };
  /** The batch it belongs to. */
  batchId?: string;
}

/** An order in a job, named as a person sees it, with its label pages when they are known. */
export interface PrintJobOrder {
  id: number;
  /** "#10983", or "Order 1042" when the order has no name. */
  name: string;
  /** Its labels in the job (each one page), when the job is a labels PDF whose pages matched. */
  labels?: number;
  /** Its first page in the job (1-based), same condition. */
  firstPage?: number;
}

/** printJobOrders: the orders of a job; one order's labels can be reprinted alone when matched. */
export interface PrintJobOrders {
  jobId: string;
  orders: PrintJobOrder[];
  /** The pages are known to be the orders' labels in order (printJobReprintLabel works). */
  matched: boolean;
}

/** An order named as a person sees it. */
export interface BatchOrder {
  id: number;
  name: string;
}

/**
 * Why an order of a batch was not printed: it has no label (labels), the API does not know it,
 * the API refused the request that held it, or the batch never got to it (a failure or an
 * interruption stopped it first; "print the rest" prints those). On a floor, `may_have_printed`:
 * another station was sending the order's job to its printer when it stopped, so it may be on
 * paper there; "print the rest" leaves it for a person to check rather than print it twice.
 */
export type BatchSkipCause =
  | 'no_label'
  | 'not_found'
  | 'refused'
  | 'not_reached'
  | 'may_have_printed';

/** Every order of a batch accounted for: in a job, skipped with a cause, or not reached. */
export interface PrintBatchSummary {
  id: string;
  /** "500 orders: #10983 … #11482". */
  title: string;
  what: 'labels' | 'documents';
  selected: number;
  /** Orders in at least one queued job. */
  queued: number;
  /** Orders with nothing queued, skipped for a cause other than not reached. */
  skipped: number;
  notReached: number;
  state: 'finished' | 'stopped' | 'cancelled';
}

/** One print request's outcome: which jobs were queued where, and what could not be printed. */
export interface PrintOutcome {
  jobs: PrintJobView[];
  /**
   * Parts of the request that produced nothing, with why. For order batches each entry holds
   * orders with one cause and reason, named (`orders`) in the selected order.
   */
  skipped: {
    orderIds?: number[];
    orders?: BatchOrder[];
    kind?: PrintRouteKind;
    cause?: BatchSkipCause;
    reason: string;
  }[];
  /** For order batches (printOrderLabels, printOrderDocuments, printBatchResume). */
  batch?: PrintBatchSummary;
}

/**
 * A batch that did not get to all its orders: the console was killed or crashed while it ran
 * (`interrupted`), or a failure stopped it (`stopped`, with the reason). "Print the rest"
 * (printBatchResume) prints exactly `notReached`, with the batch's kinds and printer choice.
 */
export interface InterruptedBatch {
  id: string;
  title: string;
  what: 'labels' | 'documents';
  kinds?: string[];
  createdAt: string;
  updatedAt: string;
  state: 'interrupted' | 'stopped';
  /** Why it stopped, in words. */
  reason: string;
  selected: number;
  queued: number;
  skipped: number;
  /** The skipped orders by cause and reason, named (the person may not have seen them). */
  skippedOrders: {
    cause: Exclude<BatchSkipCause, 'not_reached'>;
    reason: string;
    kind?: PrintRouteKind;
    /** 'may_have_printed': the station whose printer may have them (to check there). */
    station?: string;
    orders: BatchOrder[];
  }[];
  notReached: BatchOrder[];
  /**
   * A batch started at another station of the floor (where, and who pressed Print); absent:
   * started here. Its rest can be printed here all the same.
   */
  elsewhere?: { station: string; startedBy: string };
  /**
   * Where "Print the rest" would print here, in words ("Prints here on Zebra ZD420"); absent
   * when it cannot be said (no printers known yet).
   */
  printsTo?: string;
}

/** What settling a batch's "may have printed" orders did (printBatchSettle). */
export interface PrintBatchSettled {
  /**
   * The batches not finished now (as printBatchesInterrupted lists them). After 'print' the
   * batch's end may still be on its way to the floor: the floor's change refreshes the list.
   */
  batches: InterruptedBatch[];
  /** 'printed': the orders marked printed, and where they are on paper. */
  marked?: { orders: BatchOrder[]; station: string }[];
  /** 'print': the print here, as "Print the rest" answers. */
  outcome?: PrintOutcome;
  /** 'printed': nothing of the batch was left, so it left every station's list. */
  closed?: boolean;
}

/** Where a job of a kind goes, after settings, override and what the printers take. */
export interface ResolvedRoute {
  kind: PrintRouteKind;
  printerId: string;
  copies: number;
  media: PrintMedia;
}

/**
 * An order's last print of one kind (labels, or documents), kept per connection: the Orders
 * grid's "Printed" mark and "Select unprinted" read it. Written when the job is queued.
 */
export interface PrintedMark {
  orderId: number;
  what: 'labels' | 'documents';
  /** ISO 8601 instant the job was queued. */
  at: string;
  printer: string;
  jobId: string;
}
