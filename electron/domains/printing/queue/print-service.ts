/**
 * The print service: one PrintQueue per printer over one journal folder. Every request is
 * checked here (right printer for the format, sane copies) so a bad request is refused with a
 * reason before anything is spooled, and every state change goes through `update`, which
 * writes the record before anyone acts on the new state.
 */
import { readFile } from 'node:fs/promises';
import { inspectPdf } from '../documents/pdf-media.js';
import { UnprintableDocument } from '../documents/unprintable.js';
import { defaultHistoryBounds, type HistoryBounds, isHistory, jobsToPrune } from './history.js';
import { JobStore } from './job-store.js';
import {
  defaultRetryPolicy,
  driverName,
  PrintQueue,
  type QueueContext,
  type RetryPolicy,
} from './print-queue.js';
import {
  type EnqueueRequest,
  type JobOrder,
  type JobPages,
  type PrinterDriver,
  type PrintFormat,
  type PrintJob,
  PrintRequestError,
} from './types.js';

export interface PrintServiceOptions {
  retry?: RetryPolicy;
  history?: HistoryBounds;
  /** How long close() lets a send in progress finish before aborting it. */
  closeGraceMs?: number;
  now?: () => Date;
  /** Journal problems (unreadable records, disk errors); defaults to console.warn. */
  onProblem?: (message: string) => void;
}

export type JobListener = (job: PrintJob, change: 'changed' | 'removed') => void;

export const INTERRUPTED_REASON =
  'The app stopped while this job was being sent, so it may have printed. Check the printer, ' +
  'then print it again or mark it as done.';

export class PrintService {
  private readonly jobs = new Map<string, PrintJob>();
  private readonly queues = new Map<string, PrintQueue>();
  /** PDF jobs whose pages are being counted; they are not sent until that is done. */
  private readonly counting = new Map<string, Promise<void>>();
  private readonly listeners = new Set<JobListener>();
  private nextSeq = 1;
  /** Enqueues are serialised so jobs reach the queue in the order they were asked for. */
  private enqueueChain: Promise<unknown> = Promise.resolve();
  private pruning: Promise<void> = Promise.resolve();
  private readonly retryPolicy: RetryPolicy;
  private readonly bounds: HistoryBounds;
  private readonly now: () => Date;
  private readonly problem: (message: string) => void;
  private readonly ctx: QueueContext;

  private constructor(
    private readonly store: JobStore,
    private readonly options: PrintServiceOptions,
  ) {
    this.retryPolicy = options.retry ?? defaultRetryPolicy;
    this.bounds = options.history ?? defaultHistoryBounds;
    this.now = options.now ?? (() => new Date());
    this.problem = options.onProblem ?? ((m) => console.warn(m));
    this.ctx = {
      nextQueued: (printerId) => this.nextQueued(printerId),
      update: (job, patch) => this.update(job, patch),
      problem: this.problem,
    };
  }

  /**
   * Opens (or creates) the journal in `spoolDir` and resumes: queued jobs continue in order;
   * a job found 'sending' was cut off mid-send and becomes 'may-have-printed', waiting for a
   * person's decision. Other printers' jobs carry on meanwhile.
   */
  static async open(
    spoolDir: string,
    drivers: readonly PrinterDriver[],
    options: PrintServiceOptions = {},
  ): Promise<PrintService> {
    const store = new JobStore(spoolDir);
    await store.init();
    const service = new PrintService(store, options);
    const { jobs, problems } = await store.loadAll();
    for (const p of problems) service.problem(p);
    for (const job of jobs.sort((a, b) => a.seq - b.seq)) {
      service.jobs.set(job.id, job);
      service.nextSeq = Math.max(service.nextSeq, job.seq + 1);
      if (job.state === 'sending') {
        await service.update(job, { state: 'may-have-printed', reason: INTERRUPTED_REASON });
      } else if (!(await store.fileExists(job.file))) {
        if (isHistory(job)) {
          service.jobs.delete(job.id);
          await store.remove(job);
        } else if (job.state !== 'failed') {
          await service.update(job, { state: 'failed', reason: 'The spooled file is missing.' });
        }
      }
    }
    for (const job of service.jobs.values()) {
      if (job.state === 'queued' && needsCount(job)) service.count(job);
    }
    for (const driver of drivers) service.addDriver(driver);
    return service;
  }

  /** Printers found later (e.g. after refreshing CUPS) get their queue, and waiting jobs go. */
  addDriver(driver: PrinterDriver): void {
    if (this.queues.has(driver.id)) throw new PrintRequestError(`Printer ${driver.id} is known.`);
    const queue = new PrintQueue(driver, this.ctx, this.retryPolicy);
    this.queues.set(driver.id, queue);
    queue.kick();
  }

  onChange(listener: JobListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get(jobId: string): PrintJob | undefined {
    const job = this.jobs.get(jobId);
    return job && structuredClone(job);
  }

  /** Jobs in queue order (oldest ask first), optionally for one printer. */
  list(printerId?: string): PrintJob[] {
    return [...this.jobs.values()]
      .filter((j) => printerId === undefined || j.printerId === printerId)
      .sort((a, b) => a.seq - b.seq)
      .map((j) => structuredClone(j));
  }

  /** Finished jobs that can be reprinted, newest first. */
  history(printerId?: string): PrintJob[] {
    return this.list(printerId)
      .filter((j) => j.state === 'sent')
      .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt) || b.seq - a.seq);
  }

  /** Writes a document into the spool ahead of its print (JobStore.prespool). */
  prespool(data: Uint8Array, format: PrintFormat): void {
    this.store.prespool(data, format);
  }

  enqueue(request: EnqueueRequest): Promise<PrintJob> {
    return this.inOrder(this.prepare(request));
  }

  /**
   * Jobs are written to disk side by side (a pack's label and slip each wait for their own
   * fsync, not for the other's) and join the queue in the order they were asked for, so a
   * label asked before its slip is sent first on a shared printer.
   */
  private inOrder(prepared: Promise<PrintJob>): Promise<PrintJob> {
    // Handled here as well: a job that fails before its turn must not be an unhandled
    // rejection while it waits (its caller still gets the error through `run`).
    prepared.catch(() => {});
    const run = this.enqueueChain.then(() => prepared).then((job) => this.register(job));
    this.enqueueChain = run.catch(() => {});
    return run;
  }

  /** Sends a failed job again, at the back of the line: it is a new ask. */
  async retry(jobId: string): Promise<PrintJob> {
    const job = this.require(jobId, ['failed'], 'retried');
    if (job.pages?.received === 0) {
      throw new PrintRequestError(`“${job.title}” has no pages: there is nothing to print.`);
    }
    this.queueFor(job).clearRetry(jobId);
    await this.update(job, {
      state: 'queued',
      attempts: 0,
      reason: undefined,
      seq: this.nextSeq++,
    });
    this.release(job);
    return structuredClone(job);
  }

  /**
   * Keeps a queued job back (a restart's floor batch job the floor could not vouch for):
   * no printer takes it until `sendHeld`, and it stays held across restarts.
   */
  async hold(jobId: string, reason: string): Promise<PrintJob> {
    const job = this.require(jobId, ['queued'], 'held');
    await this.update(job, { state: 'held', reason });
    return structuredClone(job);
  }

  /** "Print anyway": a held job goes in the place it was asked in (its `seq` is kept). */
  async sendHeld(jobId: string): Promise<PrintJob> {
    const job = this.require(jobId, ['held'], 'sent');
    await this.update(job, { state: 'queued', reason: undefined });
    if (this.queues.has(job.printerId)) this.release(job);
    return structuredClone(job);
  }

  /** `reason`: why, in words, when it is not the person's own cancel. */
  async cancel(jobId: string, reason = 'Cancelled.'): Promise<PrintJob> {
    const job = this.require(jobId, ['queued', 'failed', 'held'], 'cancelled');
    this.queues.get(job.printerId)?.clearRetry(jobId);
    await this.update(job, { state: 'cancelled', reason });
    this.queues.get(job.printerId)?.kick();
    this.schedulePrune();
    return structuredClone(job);
  }

  /**
   * The person looked at the printer: it did print ("done"), or print it again ("reprint"). A
   * reprint is a new job marked as one (`reprintOf`, "(reprint)" in its title), at the back of
   * the line; the interrupted job is closed as reprinted, so nothing can send it a third time.
   * Answers the job that now stands for the print: the original, or its reprint.
   */
  async resolveMayHavePrinted(jobId: string, decision: 'reprint' | 'done'): Promise<PrintJob> {
    const job = this.require(jobId, ['may-have-printed'], 'resolved');
    if (decision === 'done') {
      await this.update(job, {
        state: 'sent',
        resolution: 'printed',
        reason: 'Checked at the printer: it printed.',
      });
      this.schedulePrune();
      return structuredClone(job);
    }
    const copy = await this.reprint(jobId);
    await this.update(job, {
      state: 'cancelled',
      resolution: 'reprinted',
      reason: 'Checked at the printer: printed again as a reprint.',
    });
    this.schedulePrune();
    return copy;
  }

  /** A new job from a kept file, marked as a reprint: works with no API at all. */
  async reprint(
    jobId: string,
    overrides: { printerId?: string; copies?: number } = {},
  ): Promise<PrintJob> {
    const source = this.jobs.get(jobId);
    if (!source) throw new PrintRequestError('That print job is no longer in the history.');
    if (!(await this.store.fileExists(source.file))) {
      throw new PrintRequestError(`The file of "${source.title}" is no longer kept.`);
    }
    return this.enqueueReprint(source, { path: source.file }, overrides);
  }

  /** Queues `data` (the whole of `source`'s file, or part of it) as a reprint of `source`. */
  enqueueReprint(
    source: PrintJob,
    data: EnqueueRequest['data'],
    overrides: {
      printerId?: string;
      copies?: number;
      title?: string;
      orders?: JobOrder[];
      pages?: JobPages;
    } = {},
  ): Promise<PrintJob> {
    const request: EnqueueRequest = {
      printerId: overrides.printerId ?? source.printerId,
      title: reprintTitle(overrides.title ?? source.title),
      format: source.format,
      data,
      copies: overrides.copies ?? source.copies,
      media: source.media,
      ...(source.source ? { source: source.source } : {}),
      ...((overrides.orders ?? source.orders) ? { orders: overrides.orders ?? source.orders } : {}),
      ...((overrides.pages ?? source.pages) ? { pages: overrides.pages ?? source.pages } : {}),
      ...(source.batchId ? { batchId: source.batchId } : {}),
    };
    return this.inOrder(this.prepare(request, source.id));
  }

  /** Resolves when no printer has anything it can do right now (tests, shutdown). */
  async idle(): Promise<void> {
    await this.enqueueChain;
    for (;;) {
      await Promise.all(this.counting.values());
      await Promise.all([...this.queues.values()].map((q) => q.idle()));
      await this.pruning;
      const busy =
        this.counting.size > 0 ||
        [...this.queues.values()].some((q) => !q.isClosed && this.nextQueued(q.driver.id));
      if (!busy) return;
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  /** A queued job may go: once its pages are counted, when it is a PDF not counted yet. */
  private release(job: PrintJob): void {
    if (needsCount(job)) {
      if (!this.counting.has(job.id)) this.count(job);
    } else this.queueFor(job).kick();
  }

  /** Adds what was found out about a job after it was queued; its state is untouched. */
  async annotate(jobId: string, patch: Pick<PrintJob, 'reason' | 'orders'>): Promise<void> {
    const job = this.jobs.get(jobId);
    if (!job) return;
    await this.update(job, {
      ...(patch.reason !== undefined ? { reason: patch.reason } : {}),
      ...(patch.orders !== undefined ? { orders: patch.orders } : {}),
    });
  }

  /** The job once its pages are counted (at once for a job that needs no count). */
  async counted(jobId: string): Promise<PrintJob | undefined> {
    await this.counting.get(jobId);
    return this.get(jobId);
  }

  /**
   * Counts a PDF job's pages before it may be sent: a file with none, or none readable, is
   * failed with the reason rather than printed as an empty page or an error sheet. Done after
   * the job is spooled and off the caller's path (a 500-label PDF takes some 20 ms to parse).
   */
  private count(job: PrintJob): void {
    const run = (async () => {
      let patch: Partial<PrintJob>;
      try {
        const facts = await inspectPdf(await readFile(job.file), `“${job.title}”`);
        patch = { pages: { ...job.pages, received: facts.pages } };
      } catch (error) {
        const zero = error instanceof UnprintableDocument && / has no pages;/.test(error.message);
        patch = {
          ...(zero ? { pages: { ...job.pages, received: 0 } } : {}),
          ...(job.state === 'queued' ? { state: 'failed' as const } : {}),
          reason:
            error instanceof UnprintableDocument
              ? error.message
              : `The spooled file could not be read: ${String(error)}`,
        };
      }
      try {
        await this.update(job, patch);
      } catch (error) {
        this.problem(`Could not record the pages of print job ${job.id}: ${String(error)}`);
      }
    })();
    this.counting.set(job.id, run);
    void run.finally(() => {
      this.counting.delete(job.id);
      this.queues.get(job.printerId)?.kick();
    });
  }

  async close(): Promise<void> {
    await this.enqueueChain;
    await Promise.all(this.counting.values());
    const grace = this.options.closeGraceMs ?? 5000;
    await Promise.all([...this.queues.values()].map((q) => q.close(grace)));
    await this.pruning;
  }

  /** The job's file and record on disk; `seq` is taken before any wait: the order asked. */
  private async prepare(request: EnqueueRequest, reprintOf?: string): Promise<PrintJob> {
    const driver = this.queues.get(request.printerId)?.driver;
    if (!driver) throw new PrintRequestError(`There is no printer called ${request.printerId}.`);
    refuseWrongFormat(driver, request.format);
    const copies = request.copies ?? 1;
    if (!Number.isInteger(copies) || copies < 1 || copies > 999) {
      throw new PrintRequestError(`Copies must be a whole number from 1 to 999, not ${copies}.`);
    }
    const seq = this.nextSeq++;
    const id = this.store.newId();
    const { file, size } = await this.store.spoolFile(id, request.format, request.data);
    const stamp = this.now().toISOString();
    const job: PrintJob = {
      id,
      printerId: driver.id,
      title: request.title.trim() || 'Print job',
      format: request.format,
      file,
      copies,
      media: request.media ?? (request.format === 'zpl' ? '4x6in' : 'default'),
      createdAt: stamp,
      updatedAt: stamp,
      state: 'queued',
      attempts: 0,
      seq,
      size,
      ...(request.source ? { source: { ...request.source } } : {}),
      ...(request.orders ? { orders: request.orders.map((o) => ({ ...o })) } : {}),
      ...(request.pages ? { pages: { ...request.pages } } : {}),
      ...(request.batchId ? { batchId: request.batchId } : {}),
      ...(reprintOf ? { reprintOf } : {}),
    };
    await this.store.save(job);
    return job;
  }

  private register(job: PrintJob): PrintJob {
    this.jobs.set(job.id, job);
    this.emit(job, 'changed');
    this.release(job);
    return structuredClone(job);
  }

  private nextQueued(printerId: string): PrintJob | undefined {
    let first: PrintJob | undefined;
    for (const job of this.jobs.values()) {
      if (
        job.printerId === printerId &&
        job.state === 'queued' &&
        (!first || job.seq < first.seq)
      ) {
        first = job;
      }
    }
    // Strictly in the order asked: a job whose pages are still being counted holds the ones
    // after it (a small slip counted before its label must not print first); the count's end
    // kicks the queue.
    if (!first || this.counting.has(first.id) || needsCount(first)) return undefined;
    return first;
  }

  private async update(job: PrintJob, patch: Partial<PrintJob>): Promise<void> {
    Object.assign(job, patch, { updatedAt: this.now().toISOString() });
    for (const key of Object.keys(patch) as (keyof PrintJob)[]) {
      if (patch[key] === undefined) delete job[key];
    }
    await this.store.save(job);
    this.emit(job, 'changed');
    if (job.state === 'sent') this.schedulePrune();
  }

  private schedulePrune(): void {
    this.pruning = this.pruning.then(async () => {
      for (const job of jobsToPrune(this.jobs.values(), this.bounds)) {
        this.jobs.delete(job.id);
        try {
          await this.store.remove(job);
        } catch (error) {
          this.problem(`Could not remove old print job ${job.id}: ${String(error)}`);
        }
        this.emit(job, 'removed');
      }
    });
  }

  private require(jobId: string, states: PrintJob['state'][], verb: string): PrintJob {
    const job = this.jobs.get(jobId);
    if (!job) throw new PrintRequestError('That print job no longer exists.');
    if (!states.includes(job.state)) {
      throw new PrintRequestError(`A ${job.state} print job cannot be ${verb}.`);
    }
    return job;
  }

  private queueFor(job: PrintJob): PrintQueue {
    const queue = this.queues.get(job.printerId);
    if (!queue) throw new PrintRequestError(`There is no printer called ${job.printerId}.`);
    return queue;
  }

  private emit(job: PrintJob, change: 'changed' | 'removed'): void {
    const snapshot = structuredClone(job);
    for (const listener of this.listeners) {
      try {
        listener(snapshot, change);
      } catch (error) {
        this.problem(`A print job listener failed: ${String(error)}`);
      }
    }
  }
}

/** A PDF whose pages have not been counted yet is held back (see count()). */
function needsCount(job: PrintJob): boolean {
  return job.format === 'pdf' && job.pages?.received === undefined;
}

/** "Label #10983" → "Label #10983 (reprint)", once however often it is reprinted. */
export function reprintTitle(title: string): string {
  return / \(reprint\)$/.test(title) ? title : `${title} (reprint)`;
}

function refuseWrongFormat(driver: PrinterDriver, format: PrintFormat): void {
  if (driver.accepts(format)) return;
  const name = driverName(driver);
  throw new PrintRequestError(
    format === 'zpl'
      ? `Zebra labels (ZPL) can only go to a label printer, not to PDF printer ${name}.`
      : `PDF documents cannot go to ${name}: it is a label printer that only takes ZPL.`,
  );
}
