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
  /** The whole job left this computer but the printer did not confirm it (held the connection, reset it). */
  | 'unconfirmed'
  /** Cut off part way through sending: some of the job may be at the printer. */
  | 'interrupted'
  | 'unknown';

/**
 * Whether any of the job can have reached the printer. `none`: nothing left this computer (the
 * connection was never made, lp refused the job), so sending it again cannot print it twice.
 * `maybe`: it may be on paper; it is never sent again without a person's choice.
 */
export type PrintReach = 'none' | 'maybe';

export interface PrintFailure {
  kind: PrintFailureKind;
  /** One sentence for the person at the station, e.g. "Zebra-2 is not accepting jobs." */
  message: string;
  /** True when trying again later may succeed without anyone changing a setting. */
  transient: boolean;
  /** The tool's own words (stderr, errno code), kept for logs and support, never for the UI. */
  detail?: string;
  /** Absent: `none`. */
  reached?: PrintReach;
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
  unconfirmed: false,
  interrupted: false,
  unknown: true,
};

export function printFailure(
  kind: PrintFailureKind,
  message: string,
  detail?: string,
  reached: PrintReach = 'none',
): PrintFailure {
  return {
    kind,
    message,
    // Something that may be on paper is never retried on its own, whatever the kind.
    transient: reached === 'none' && TRANSIENT[kind],
    ...(detail === undefined ? {} : { detail }),
    ...(reached === 'maybe' ? { reached } : {}),
  };
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
