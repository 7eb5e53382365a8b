/**
 * The printing suites' one step, shared instead of pasted: a ZPL label queued on a printer,
 * then the queue left to finish (sent, or failed with its reason). Returns the job as it was
 * queued; `service.get(job.id)` reads how it ended.
 */
import type { PrintService } from '../print-service';

export async function printZplAndWait(
  service: PrintService,
  printerId: string,
  title: string,
  data: Uint8Array,
  copies?: number,
) {
  const job = await service.enqueue({
    printerId,
    title,
    format: 'zpl',
    data,
    ...(copies === undefined ? {} : { copies }),
  });
  await service.idle();
  return job;
}
