/**
 * The print service as the bridge uses it: the persistent queue in the spool folder, the
 * printers (discovered in the background so a slow or absent CUPS never holds up the start),
 * the contract's printing handlers, and job changes as bridge events.
 */
import type { PrintingSettings } from '@shared/contract/printing-settings';
import type { PrintJobView } from '@shared/contract/printing-values';
import type { ApiClient } from '../../../kernel/api/api-client';
import { PrinterRegistry } from '../printers/printer-registry';
import { cupsSource, type SystemPrinterSource } from '../printers/system-source';
import { windowsSource } from '../printers/windows-source';
import type { HistoryBounds } from '../queue/history';
import type { RetryPolicy } from '../queue/print-queue';
import { PrintService } from '../queue/print-service';
import type { CupsRunOptions } from '../system/cups-exec';
import { BatchJournal } from './batch-journal';
import type { BatchRecorder } from './batch-record';
import { jobView } from './job-view';
import type { LocalStore } from './local-store-port';
import { FactsByClient } from './order-facts';
import { createPrintHandlers } from './print-handlers';
import type { SharedBatches } from './shared-batches';

export interface PrintingOptions {
  /** The queue's journal and files (Electron: userData/print-spool). */
  spoolDir: string;
  /** Save to folder's folder when the settings name none. */
  defaultFolder: string;
  settings(): PrintingSettings;
  client(): Promise<ApiClient>;
  /**
   * What is known of each connection's orders; the bridge watches each new client with it
   * (FactsByClient.watch), so batches rarely ask the API what the console just listed.
   */
  facts?: FactsByClient;
  /** The selected connection's local store, where batches are kept (none: not kept). */
  localStore?(): Promise<LocalStore>;
  /** Wraps a batch's recorder (the floor's, from the composition); absent: the journal only. */
  batchRecorder?(journal: BatchRecorder): BatchRecorder;
  /** The floor's shared batches (the composition's); absent: this station's only. */
  sharedBatches?(): SharedBatches | null;
  /**
   * A floor batch's job a kill left queued here: why it must not be sent now, in words (its
   * orders were settled on the floor meanwhile: printed at another station, or found on paper
   * here), or null to send it as before. The composition's; absent: always sent.
   */
  recoveredJobCheck?(job: { batchId: string; orderIds: number[] }): Promise<string | null>;
  onJob?(job: PrintJobView, change: 'changed' | 'removed'): void;
  log?(line: string): void;
  cups?: CupsRunOptions;
  /** Use the system's printers (CUPS, or the Windows spooler on Windows); default true. */
  useCups?: boolean;
  retry?: RetryPolicy;
  history?: HistoryBounds;
  chunkSize?: number;
  window?: number;
  closeGraceMs?: number;
}

export interface Printing {
  handlers: ReturnType<typeof createPrintHandlers>;
  service: PrintService;
  registry: PrinterRegistry;
  close(): Promise<void>;
}

function systemSource(options: PrintingOptions): SystemPrinterSource | undefined {
  if (options.useCups === false) return undefined;
  return process.platform === 'win32' ? windowsSource() : cupsSource(options.cups);
}

/**
 * Before any printer's queue starts: each floor batch's job the last run left queued is sent
 * only if the floor has not settled its orders since (recoveredJobCheck). "Print them" at
 * another station, or "They printed" for them, while this station was down would otherwise be
 * printed a second time by this job. A check that fails sends it, as a station alone would.
 */
async function settleRecovered(service: PrintService, options: PrintingOptions): Promise<void> {
  const check = options.recoveredJobCheck;
  if (!check) return;
  for (const job of service.list()) {
    if (job.state !== 'queued' || !job.batchId || !job.orders?.length) continue;
    const orderIds = job.orders.map((o) => o.id);
    const why = await check({ batchId: job.batchId, orderIds }).catch(() => null);
    if (why) {
      await service.cancel(job.id, why);
      options.log?.(`print service: ${job.title}: ${why}`);
    }
  }
}

export async function openPrinting(options: PrintingOptions): Promise<Printing> {
  const service = await PrintService.open(options.spoolDir, [], {
    ...(options.retry ? { retry: options.retry } : {}),
    ...(options.history ? { history: options.history } : {}),
    ...(options.closeGraceMs !== undefined ? { closeGraceMs: options.closeGraceMs } : {}),
    onProblem: (m) => options.log?.(`print service: ${m}`),
  });
  const system = systemSource(options);
  const registry = new PrinterRegistry(service, {
    settings: options.settings,
    defaultFolder: options.defaultFolder,
    ...(system ? { system } : {}),
  });
  service.onChange((job, change) =>
    options.onJob?.(jobView(job, registry.nameOf(job.printerId)), change),
  );
  await settleRecovered(service, options);
  await registry.sync();
  // Jobs left queued by the last run continue once their printer is known again.
  const ready = registry.refresh().catch((error: unknown) => {
    options.log?.(`print service: printer discovery failed: ${String(error)}`);
  });
  const facts = options.facts ?? new FactsByClient();
  const journals = new WeakMap<LocalStore, BatchJournal>();
  const opened = new Set<BatchJournal>();
  const handlers = createPrintHandlers({
    service,
    registry,
    settings: options.settings,
    client: options.client,
    facts: (api) => facts.for(api),
    journal: async () => {
      const store = await options.localStore?.();
      if (!store) return undefined;
      let journal = journals.get(store);
      if (!journal) {
        journal = new BatchJournal(store);
        journals.set(store, journal);
        opened.add(journal);
      }
      return journal;
    },
    ready,
    ...(options.batchRecorder ? { batchRecorder: options.batchRecorder } : {}),
    ...(options.sharedBatches ? { sharedBatches: options.sharedBatches } : {}),
    // 500: the most the sandbox takes per request. Smaller chunks start the first label sooner
    // but pay the throttle's spacing per request: `npm run bench -- printing` measured 1.59x the
    // sandbox's own time for 5 x 100 against 0.93x for 1 x 500.
    chunkSize: options.chunkSize ?? 500,
    window: options.window ?? 2,
  });
  return {
    handlers,
    service,
    registry,
    close: async () => {
      await ready;
      await service.close();
      // A batch's last writes go to its store before the bridge closes the stores.
      await Promise.all([...opened].map((j) => j.settle()));
    },
  };
}
