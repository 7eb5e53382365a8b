/**
 * Why a print job or a printer look-up failed, in words a packer can act on. Every failure of the
 * system print layer is one of these kinds, so the queue above can decide whether to retry
 * (transient) and the UI can show `message` as is.
 */
export type PrintFailureKind =
  | 'cups-not-running'
  | 'cups-not-installed'
  | 'printer-missing'
  | 'printer-not-accepting'
  | 'connection-refused'
  | 'timeout'
  | 'unreachable'
  | 'file-unreadable'
  | 'unknown';

export interface PrintFailure {
  kind: PrintFailureKind;
  /** One sentence for the person at the station, e.g. "Zebra-2 is not accepting jobs." */
  message: string;
  /** True when trying again later may succeed without anyone changing a setting. */
  transient: boolean;
  /** The tool's own words (stderr, errno code), kept for logs and support, never for the UI. */
  detail?: string;
}

const TRANSIENT: Record<PrintFailureKind, boolean> = {
  'cups-not-running': true,
  'cups-not-installed': false,
  'printer-missing': false,
  'printer-not-accepting': true,
  'connection-refused': true,
  timeout: true,
  unreachable: true,
  'file-unreadable': false,
  unknown: true,
};

export function printFailure(
  kind: PrintFailureKind,
  message: string,
  detail?: string,
): PrintFailure {
  return detail === undefined
    ? { kind, message, transient: TRANSIENT[kind] }
    : { kind, message, transient: TRANSIENT[kind], detail };
}

/** Thrown by the system print functions; `failure` carries the typed reason. */
export class PrintSystemError extends Error {
  readonly failure: PrintFailure;
  constructor(failure: PrintFailure) {
    super(failure.message);
    this.name = 'PrintSystemError';
    this.failure = failure;
  }
}

export const CUPS_NOT_RUNNING = 'The print system (CUPS) is not running.';
