/** A queue record as the renderer sees it: the spool file's path stays in the main process. */
import type { PrintJobView } from '@shared/contract/printing-values';
import type { PrintJob } from '../queue/types';

export function jobView(job: PrintJob, printerName: string): PrintJobView {
  return {
    id: job.id,
    printerId: job.printerId,
    printerName,
    title: job.title,
    format: job.format,
    copies: job.copies,
    media: job.media,
    state: job.state,
    ...(job.reason !== undefined ? { reason: job.reason } : {}),
    attempts: job.attempts,
    createdAt: job.createdAt,
    updatedAt: job.updatedAt,
    size: job.size,
    ...(job.source ? { source: { ...job.source } } : {}),
    ...(job.reprintOf ? { reprintOf: job.reprintOf } : {}),
    ...(job.resolution ? { resolution: job.resolution } : {}),
    // The orders themselves are asked for one job at a time (printJobOrders): a 500-order job
    // would otherwise travel with every queue event.
    ...(job.orders ? { orderCount: job.orders.length } : {}),
    ...(job.pages ? { pages: { ...job.pages } } : {}),
    ...(job.batchId ? { batchId: job.batchId } : {}),
    // A CUPS job id, or the file Save to folder wrote (the person may want to open it).
    ...(job.externalId ? { externalId: job.externalId } : {}),
  };
}
