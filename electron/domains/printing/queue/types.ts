/**
 * The print queue's vocabulary. The queue knows nothing about CUPS or sockets: it hands a
 * spooled file to a PrinterDriver and records what happened, so the system drivers (written
 * separately) and the Save-to-folder driver plug in the same way.
 */
import type { PrintJobState } from '@shared/contract/printing-values';

export type PrintFormat = 'pdf' | 'zpl';

/** A job's state, as the bridge reports it (printing-values.ts). */
export type JobState = PrintJobState;

export interface JobSource {
  kind: 'order' | 'shipment' | 'return';
  ref: string;
}

export interface PrintJob {
  id: string;
  printerId: string;
  title: string;
  format: PrintFormat;
  /** Absolute path of the job's own copy of the document, inside the spool folder. */
  file: string;
  copies: number;
  /** Media name as the printer understands it, e.g. "4x6in" or "A4". */
  media: string;
  createdAt: string;
  /** Last state change; history is pruned oldest-first by this. */
  updatedAt: string;
  state: JobState;
  reason?: string;
  attempts: number;
  source?: JobSource;
  /** Position in its printer's FIFO; a manual retry or a reprint asks again, so it gets a new one. */
  seq: number;
  /** Size of `file` in bytes, for the history size bound. */
  size: number;
  /** What the driver returned (e.g. a CUPS job id), for the UI and for support. */
  externalId?: string;
  /** Set on reprints: the history job this one was copied from. */
  reprintOf?: string;
  /** How a person settled a may-have-printed job: it printed, or they had it printed again. */
  resolution?: 'printed' | 'reprinted';
  /** The orders in the document, in page order (batch and single-order jobs). */
  orders?: JobOrder[];
  pages?: JobPages;
  /** The batch this job belongs to (see service/batch-print.ts). */
  batchId?: string;
}

/** An order in a job, as a person names it ("#10983"). */
export interface JobOrder {
  id: number;
  name: string;
  /** Its labels (one page each) when the job is a labels PDF and they are known. */
  labels?: number;
}

/**
 * A PDF job's pages: as many as its orders' labels (when known), and as many as the file has.
 * A PDF job is not sent until its pages are counted; one with none is failed, not printed.
 */
export interface JobPages {
  expected?: number;
  received?: number;
}

/** What a driver receives: everything it needs, and nothing it could change in the queue. */
export interface JobToSend {
  id: string;
  title: string;
  format: PrintFormat;
  file: string;
  copies: number;
  media: string;
  /** 1 on the first try. */
  attempt: number;
}

export interface PrinterDriver {
  id: string;
  kind: 'cups' | 'windows' | 'raw9100' | 'folder';
  /** Shown in reasons ("… not to PDF printer Office-Laser"). Defaults to the id. */
  displayName?: string;
  accepts(format: PrintFormat): boolean;
  /**
   * Resolves once the printer (or spooler) has the whole job. Throws PrintFailure with a
   * reason a person can act on; anything else thrown is reported with its message, not retried.
   */
  send(job: JobToSend, signal: AbortSignal): Promise<{ externalId?: string }>;
}

/**
 * A driver's per-job failure. `transient` failures (printer busy, no answer) are retried, but
 * only when nothing can have reached the printer: `reached: 'maybe'` (the label left this
 * computer, or part of it did) makes the job "may have printed", for a person to settle.
 */
export class PrintFailure extends Error {
  override readonly name = 'PrintFailure';
  constructor(
    readonly reason: string,
    readonly transient: boolean,
    readonly reached: 'none' | 'maybe' = 'none',
  ) {
    super(reason);
  }
}

export interface EnqueueRequest {
  printerId: string;
  title: string;
  format: PrintFormat;
  /** The document itself; the queue keeps its own copy so the caller's buffer or file can go. */
  data: Uint8Array | { path: string };
  copies?: number;
  media?: string;
  source?: JobSource;
  orders?: JobOrder[];
  pages?: JobPages;
  batchId?: string;
}

/** Thrown synchronously-ish (rejected) by enqueue/retry/cancel etc. for requests that make no sense. */
export class PrintRequestError extends Error {
  override readonly name = 'PrintRequestError';
}
