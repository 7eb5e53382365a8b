/**
 * Printers and print jobs as the bridge lists them, for the printing components' tests: each
 * test names only what it is about and takes the rest from here.
 */
import type { PrinterView, PrintJobView } from '../../../shared/contract/printing-values';

/** An idle CUPS printer taking PDF, not the default, nothing waiting; `over` names it. */
export const printerView = (
  over: Partial<PrinterView> & Pick<PrinterView, 'id' | 'name'>,
): PrinterView => ({
  kind: 'cups',
  accepts: ['pdf'],
  state: 'idle',
  accepting: true,
  isDefault: false,
  pending: 0,
  ...over,
});

/**
 * A queued A4 packing slip for the Office printer, never tried; `id` is one digit, which
 * also orders the jobs by when they were made.
 */
export const printJobView = (id: string, over: Partial<PrintJobView> = {}): PrintJobView => ({
  id,
  printerId: 'cups:Office',
  printerName: 'Office',
  title: `Packing slip ${id}`,
  format: 'pdf',
  copies: 1,
  media: 'A4',
  state: 'queued',
  attempts: 0,
  createdAt: `2026-11-22T10:00:0${id}.000Z`,
  updatedAt: `2026-11-22T10:00:0${id}.000Z`,
  size: 100,
  ...over,
});
