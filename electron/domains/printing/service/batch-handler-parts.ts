/**
 * Two small parts of the batch methods (batch-handlers.ts): a batch's kept printer choice read
 * back, and a job waited for until it is no longer being sent.
 */
import type { PrintService } from '../queue/print-service';
import type { PrintJob } from '../queue/types';
import type { RouteOverride } from './routing';

/** The printer choice kept with a batch, read back field by field (it was checked when given). */
export function overrideOf(kept: Record<string, unknown> | undefined): RouteOverride | undefined {
  if (!kept) return undefined;
  const override: RouteOverride = {};
  if (typeof kept.printerId === 'string') override.printerId = kept.printerId;
  if (typeof kept.copies === 'number') override.copies = kept.copies;
  if (typeof kept.media === 'string') override.media = kept.media as RouteOverride['media'];
  return override;
}

/** The job once it is not 'sending' (at most `waitMs` later), or undefined if it is gone. */
export async function notSending(
  service: PrintService,
  id: string,
  waitMs = 30_000,
): Promise<PrintJob | undefined> {
  const now = service.get(id);
  if (now?.state !== 'sending') return now;
  return new Promise((resolve) => {
    const timer = setTimeout(() => done(service.get(id)), waitMs);
    const stop = service.onChange((job, change) => {
      if (job.id === id && (change === 'removed' || job.state !== 'sending')) done(job);
    });
    function done(job: PrintJob | undefined) {
      clearTimeout(timer);
      stop();
      resolve(job);
    }
  });
}
