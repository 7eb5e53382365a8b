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
import type { PrintJob } from '../queue/types';
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
   * A floor batch's job a kill left queued here: whether it may be sent now (its orders may
   * have been settled on the floor meanwhile: printed at another station, or found on paper
   * here). The composition's; absent: always sent.
   */
  recoveredJobCheck?(job: { batchId: string; orderIds: number[] }): Promise<RecoveredJobAnswer>;
  /** Told each time the floor comes back online: held jobs are asked about again then. */
  onFloorBack?(fn: () => void): () => void;
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

/**
 * The floor's word on a recovered batch job: `clear` (the floor says nothing was settled: send
 * it, held or not), `settled` (cancel it, `reason` says why in words), `unknown` (a floor is set
 * up but could not answer: hold it for a person, `reason` says why), or `alone` (no floor set
 * up: a queued job is sent as a station alone sends it; a held one stays for the person).
 */
export type RecoveredJobAnswer =
  | { kind: 'alone' }
  | { kind: 'clear' }
  | { kind: 'settled'; reason: string }
  | { kind: 'unknown'; reason: string };

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
 * Before any printer's queue starts: each floor batch's job the last run left queued (or held)
 * is sent only if the floor has not settled its orders since (recoveredJobCheck). "Print them"
 * at another station, or "They printed" for them, while this station was down would otherwise
 * be printed a second time by this job. When the floor cannot say (it is offline), the job is
 * held for a person ("Print anyway" or "Cancel") and asked about again when the floor is back.
 */
async function settleRecovered(
  service: PrintService,
  options: PrintingOptions,
  states: readonly PrintJob['state'][],
): Promise<void> {
  const check = options.recoveredJobCheck;
  if (!check) return;
  for (const job of service.list()) {
    if (!states.includes(job.state) || !job.batchId || !job.orders?.length) continue;
    const orderIds = job.orders.map((o) => o.id);
    const answer = await check({ batchId: job.batchId, orderIds }).catch(
      (error: unknown): RecoveredJobAnswer => ({ kind: 'unknown', reason: heldReason(error) }),
    );
    // A job changed meanwhile (a person sent or cancelled it) is theirs: left as it is now.
    const now = service.get(job.id);
    if (now?.state !== job.state) continue;
    if (answer.kind === 'settled') {
      await service.cancel(job.id, answer.reason);
      options.log?.(`print service: ${job.title}: ${answer.reason}`);
    } else if (answer.kind === 'unknown' && job.state === 'queued') {
      await service.hold(job.id, answer.reason);
      options.log?.(`print service: ${job.title}: held: ${answer.reason}`);
    } else if (answer.kind === 'clear' && job.state === 'held') {
      await service.sendHeld(job.id);
      options.log?.(`print service: ${job.title}: ${FLOOR_BACK_SENT}`);
    }
  }
}

/** Logged for a held job the floor later cleared (its row then reads as any job sent). */
export const FLOOR_BACK_SENT =
  'Sent when the floor came back: none of its orders had been printed at another station.';

function heldReason(error: unknown): string {
  const why = error instanceof Error ? error.message : String(error);
  return `Held: the floor could not say whether these orders were printed at another station while this one was stopped (${why}).`;
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
  // At the start, every job the last run left waiting; later, the held ones alone (a queued
  // job then is this run's own, or one the floor already cleared).
  await settleRecovered(service, options, ['queued', 'held']);
  // Held jobs are asked about again each time the floor comes back; one pass at a time.
  let rechecking: Promise<void> = Promise.resolve();
  const recheck = () => {
    rechecking = rechecking.then(() =>
      settleRecovered(service, options, ['held']).catch((error: unknown) =>
        options.log?.(`print service: held jobs not asked about again: ${String(error)}`),
      ),
    );
  };
  const stopFloorBack = options.onFloorBack?.(recheck);
  // The floor may have come back between the first answer and the watch above: asked once more
  // now (a floor still away answers at once, and the job stays held).
  if (stopFloorBack && service.list().some((job) => job.state === 'held')) recheck();
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
      stopFloorBack?.();
      await ready;
      await rechecking;
      await service.close();
      // A batch's last writes go to its store before the bridge closes the stores.
      await Promise.all([...opened].map((j) => j.settle()));
    },
  };
}
