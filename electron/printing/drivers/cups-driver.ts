/**
 * A CUPS queue as a printer of the print service: PDFs to a document or label printer, or ZPL
 * bytes to a raw queue (never both: a ZPL label sent to a PDF printer would print as text).
 */

import type { PrinterDriver } from '../queue/types';
import type { CupsRunOptions } from '../system/cups-exec';
import { submitToCups } from '../system/cups-submit';
import type { PrintMedia } from '../system/lp-args';
import { asQueueFailure } from './system-failure';

export interface CupsDriverOptions {
  /** The CUPS queue name, e.g. "Zebra-2" (passed to lp as one argument, whatever it holds). */
  printer: string;
  /** A raw queue (a label printer fed ZPL); otherwise a PDF printer. */
  raw?: boolean;
  /** Defaults to `cups:<printer>`. */
  id?: string;
  displayName?: string;
  cups?: CupsRunOptions;
}

/** The queue's media names → lp's. Unknown or "default" leaves the printer's own paper. */
export function cupsMedia(media: string): PrintMedia | undefined {
  const m = media.toLowerCase();
  if (m === '4x6in' || m === '4x6' || m === 'w288h432') return 'w288h432';
  if (m === 'a4') return 'A4';
  if (m === 'letter') return 'Letter';
  return undefined;
}

export function createCupsDriver(options: CupsDriverOptions): PrinterDriver {
  const raw = options.raw === true;
  return {
    id: options.id ?? `cups:${options.printer}`,
    kind: 'cups',
    displayName: options.displayName ?? options.printer,
    accepts: (format) => (raw ? format === 'zpl' : format === 'pdf'),
    send: (job) =>
      asQueueFailure(async () => {
        const { jobId } = await submitToCups(
          {
            printer: options.printer,
            file: job.file,
            title: job.title,
            copies: job.copies,
            raw,
            media: raw ? undefined : cupsMedia(job.media),
          },
          options.cups,
        );
        return { externalId: jobId };
      }),
  };
}
