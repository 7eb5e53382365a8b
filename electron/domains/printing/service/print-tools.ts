/**
 * What the printing handler files share (print-handlers.ts builds it, batch-handlers.ts and
 * batch-print.ts use it): kept apart so those files import it, not each other.
 */
import type { PrintingSettings, PrintRouteKind } from '@shared/contract/printing-settings';
import type { PrintJobView, ResolvedRoute } from '@shared/contract/printing-values';
import type { ApiClient } from '../../../kernel/api/api-client';
import type { PrinterRegistry } from '../printers/printer-registry';
import type { PrintService } from '../queue/print-service';
import type { JobOrder, JobPages, PrintJob } from '../queue/types';
import type { BatchJournal } from './batch-journal';
import type { BatchRecorder } from './batch-record';
import type { OrderFacts } from './order-facts';
import type { RouteOverride } from './routing';
import type { SharedBatches } from './shared-batches';

/** What a job may carry besides the document (see print-service.ts). */
export interface EnqueueExtra {
  orders?: JobOrder[];
  pages?: JobPages;
  batchId?: string;
  /** Read the PDF now (pages, paper) and refuse it at once if it has none. */
  inspect?: boolean;
  /** Names the document in a refusal: "The packing slip". */
  what?: string;
}

export interface PrintHandlerDeps {
  service: PrintService;
  registry: PrinterRegistry;
  settings(): PrintingSettings;
  client(): Promise<ApiClient>;
  /** What the bridge knows of the connection's orders (names, labels), learnt from its answers. */
  facts(api: ApiClient): OrderFacts;
  /** The connection's batch journal (its local store); undefined: batches are not kept. */
  journal(): Promise<BatchJournal | undefined>;
  /**
   * Wraps the journal as a batch's recorder (the composition passes the floor's, so a batch is
   * journalled floor-wide before its first job); absent: the journal itself.
   */
  batchRecorder?(journal: BatchRecorder): BatchRecorder;
  /** The floor's shared batches (the composition's); absent or null: this station's only. */
  sharedBatches?(): SharedBatches | null;
  /** Resolves once the first printer discovery has finished. */
  ready: Promise<void>;
  chunkSize: number;
  window: number;
}

/** What the handler files share: the service, the printers, routing and spooling. */
export interface PrintTools {
  service: PrintService;
  registry: PrinterRegistry;
  deps: PrintHandlerDeps;
  view(job: PrintJob): PrintJobView;
  route(
    kind: PrintRouteKind,
    format: 'pdf' | 'zpl',
    override: RouteOverride | undefined,
  ): Promise<ResolvedRoute>;
  enqueue(
    r: ResolvedRoute,
    format: 'pdf' | 'zpl',
    bytes: Uint8Array,
    title: string,
    source: PrintJob['source'],
    extra?: EnqueueExtra,
  ): Promise<PrintJobView>;
}
