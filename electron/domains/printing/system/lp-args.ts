/**
 * Pure helpers for `lp`: the argument array for a job, the job id from its answer, and a clear
 * reason from its error. Kept apart from running lp so they are tested without CUPS.
 */
import { CUPS_NOT_RUNNING, type PrintFailure, printFailure } from './print-failure';

/** 4x6 in label, A4 or US Letter: the three sizes Packbench prints. */
export type PrintMedia = 'w288h432' | 'A4' | 'Letter';

export interface LpJob {
  printer: string;
  /** Absolute path of the file to print (PDF, or printer language bytes when raw). */
  file: string;
  /** Shown in the queue and on banner pages: name the order or RMA. */
  title: string;
  copies: number;
  media?: PrintMedia;
  /** Send the bytes unchanged (ZPL to a raw queue); CUPS runs no filters, so media is moot. */
  raw?: boolean;
  /** Default false: a 4x6 label must come out at 100 %, never shrunk onto the default paper. */
  fitToPage?: boolean;
}

/**
 * PWG media names: CUPS maps them onto any PPD's sizes by dimension (CUPS-PDF has no size
 * called "w288h432" and silently fell back to A4 for that name; Zebra PPDs call it w288h432 and
 * still match the PWG name), and driverless IPP printers understand them natively.
 */
export const LP_MEDIA: Record<PrintMedia, string> = {
  w288h432: 'na_index-4x6_4x6in',
  A4: 'iso_a4_210x297mm',
  Letter: 'na_letter_8.5x11in',
};

/** IPP name values allow no control characters; a newline in a title would corrupt CUPS logs. */
function cleanTitle(title: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
  return title.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim() || 'Packbench job';
}

export function buildLpArgs(job: LpJob): string[] {
  if (!Number.isInteger(job.copies) || job.copies < 1 || job.copies > 999) {
    throw new RangeError(`copies must be a whole number from 1 to 999, not ${job.copies}`);
  }
  if (job.printer.trim() === '') throw new RangeError('printer name is empty');
  // Each value is its own argv entry and the file follows "--": nothing here can become an option
  // or shell syntax, whatever the printer name or title contains.
  const args = ['-d', job.printer, '-n', String(job.copies), '-t', cleanTitle(job.title)];
  if (job.raw) {
    args.push('-o', 'raw');
  } else {
    if (job.media) args.push('-o', `media=${LP_MEDIA[job.media]}`);
    if (job.fitToPage) args.push('-o', 'print-scaling=fit');
    else args.push('-o', 'fit-to-page=false', '-o', 'print-scaling=none');
  }
  args.push('--', job.file);
  return args;
}

/** "request id is Zebra-12 (1 file(s))" → "Zebra-12". */
export function parseLpRequestId(stdout: string): string | null {
  return /request id is (\S+)/.exec(stdout)?.[1] ?? null;
}

/**
 * Maps lp's stderr to a reason. `schedulerRunning` matters because lp says "The printer or class
 * does not exist" both for a missing printer and when cupsd is down.
 */
export function lpFailure(
  stderr: string,
  printer: string,
  schedulerRunning: boolean,
): PrintFailure {
  const detail = stderr.trim();
  if (
    /scheduler is not running/i.test(detail) ||
    (!schedulerRunning && /does not exist|unable to connect|connection refused/i.test(detail))
  ) {
    return printFailure('cups-not-running', CUPS_NOT_RUNNING, detail);
  }
  if (/does not exist|not found|invalid destination/i.test(detail)) {
    return printFailure('printer-missing', `“${printer}” does not exist on this computer.`, detail);
  }
  if (/not accepting jobs/i.test(detail)) {
    return printFailure('printer-not-accepting', `${printer} is not accepting jobs.`, detail);
  }
  if (/unable to access|no such file|permission denied/i.test(detail)) {
    return printFailure('file-unreadable', 'The print file could not be read.', detail);
  }
  return printFailure(
    'unknown',
    `Printing to ${printer} failed: ${detail.replace(/^lp:\s*(Error - )?/i, '') || 'no reason given'}`,
    detail,
  );
}
