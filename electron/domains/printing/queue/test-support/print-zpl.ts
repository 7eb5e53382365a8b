/**
 * The printing suites' one step, shared instead of pasted: a ZPL label queued on a printer
 * (with `extra` request fields: copies, the order or return it is for), then the queue left to
 * finish (sent, or failed with its reason). Returns the job as it was queued;
 * `service.get(job.id)` reads how it ended.
 */
import type { PrintService } from '../print-service';

type PrintRequest = Parameters<PrintService['enqueue']>[0];

export async function printZplAndWait(
  service: PrintService,
  printerId: string,
  title: string,
  data: Uint8Array,
  extra: Partial<Omit<PrintRequest, 'printerId' | 'title' | 'format' | 'data'>> = {},
) {
  const job = await service.enqueue({ printerId, title, format: 'zpl', data, ...extra });
  await service.idle();
  return job;
}
