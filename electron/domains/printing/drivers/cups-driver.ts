/**
 * A CUPS queue as a printer of the print service: PDFs to a document or label printer, ZPL
 * bytes raw (`lp -o raw`) to a raw queue or a Zebra driver queue. A ZPL label is never sent to
 * a PDF-only printer (it would print as text); the queue refuses it at enqueue.
 */

import type { PrinterDriver, PrintFormat } from '../queue/types';
import type { CupsRunOptions } from '../system/cups-exec';
import { submitToCups } from '../system/cups-submit';
import type { PrintMedia } from '../system/lp-args';
import { asQueueFailure } from './system-failure';

export interface CupsDriverOptions {
  /** The CUPS queue name, e.g. "Zebra-2" (passed to lp as one argument, whatever it holds). */
  printer: string;
  /** A raw queue (a label printer fed ZPL only); otherwise a PDF printer. */
  raw?: boolean;
  /** What the queue takes, when known better than `raw` (a Zebra driver queue takes both). */
  formats?: readonly PrintFormat[];
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
  const formats: readonly PrintFormat[] = options.formats ?? (options.raw ? ['zpl'] : ['pdf']);
  return {
    id: options.id ?? `cups:${options.printer}`,
    kind: 'cups',
    displayName: options.displayName ?? options.printer,
    accepts: (format) => formats.includes(format),
    send: (job, signal) =>
      asQueueFailure(async () => {
        const raw = job.format === 'zpl';
        const { jobId } = await submitToCups(
          {
            printer: options.printer,
            file: job.file,
            title: job.title,
            copies: job.copies,
            raw,
            media: raw ? undefined : cupsMedia(job.media),
          },
          { ...options.cups, signal },
        );
        return jobId ? { externalId: jobId } : {};
      }),
  };
}
