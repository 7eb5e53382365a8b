/**
 * What printBatch needs from the print handlers (batch-handlers.ts builds it); apart from
 * batch-print.ts so the page check (batch-verify.ts) can name it without importing the batch.
 */
import type { PrintJobView } from '@shared/contract/printing-values';
import type { ApiClient } from '../../../kernel/api/api-client';
import type { PrintJob } from '../queue/types';
import type { RouteGroup } from './batch-plan';
import type { BatchRecorder } from './batch-record';
import type { OrderFacts } from './order-facts';
import type { EnqueueExtra } from './print-tools';

export interface BatchDeps {
  client(): Promise<ApiClient>;
  facts(api: ApiClient): OrderFacts;
  enqueue(
    route: RouteGroup['route'],
    bytes: Uint8Array,
    title: string,
    source: PrintJob['source'],
    extra: EnqueueExtra,
  ): Promise<PrintJobView>;
  cancelQueued(jobIds: readonly string[]): Promise<void>;
  /** The job once its pages are counted. */
  counted(jobId: string): Promise<PrintJob | undefined>;
  /** Adds what the page check found to a job (its reason; orders without page counts). */
  annotate(jobId: string, patch: Pick<PrintJob, 'reason' | 'orders'>): Promise<void>;
  recorder(): Promise<BatchRecorder>;
  newId(): string;
  /** Orders per request (the sandbox takes up to 500; smaller chunks start printing sooner). */
  chunkSize: number;
  /** Requests fetched ahead of the one being queued. */
  window: number;
}
