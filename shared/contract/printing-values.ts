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
  | 'may-have-printed';

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
  reprintOf?: string;
  /** The spooler's id (a CUPS job id) or the file Save to folder wrote. */
  externalId?: string;
}

/** One print request's outcome: which jobs were queued where, and what could not be printed. */
export interface PrintOutcome {
  jobs: PrintJobView[];
  /** Parts of the request that produced nothing, with why (e.g. orders without a label). */
  skipped: { orderIds?: number[]; kind?: PrintRouteKind; reason: string }[];
}

/** Where a job of a kind goes, after settings, override and what the printers take. */
export interface ResolvedRoute {
  kind: PrintRouteKind;
  printerId: string;
  copies: number;
  media: PrintMedia;
}
