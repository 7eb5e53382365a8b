/**
 * One printer's queue: one job at a time, lowest `seq` first. The record says 'sending' on
 * disk before the driver is called, so a kill during a send is visible on the next start as
 * "may have printed" instead of silently printing the label twice.
 *
 * A job waiting for a transient-failure retry stays at the head of its printer's line (the
 * person asked for these labels in this order); the wait is short and capped, after which the
 * job is failed and the next one goes. Failed, cancelled and may-have-printed jobs never block.
 * Only failures where nothing can have reached the printer are retried; a driver that says the
 * job may be on paper (`reached: 'maybe'`) makes it "may have printed", for a person to settle.
 */
import { type PrinterDriver, PrintFailure, type PrintJob } from './types.js';

export interface RetryPolicy {
  /** Total tries for transient failures, including the first. */
  maxAttempts: number;
  /** Wait before try `attempt + 1` after try `attempt` failed. */
  delayMs(attempt: number): number;
}

/** How long close() waits for an interrupted job's record to be written. */
const RECORD_WRITE_MS = 5000;

export const defaultRetryPolicy: RetryPolicy = {
  maxAttempts: 3,
  delayMs: (attempt) => Math.min(30_000, 1000 * 2 ** (attempt - 1)),
};

/** What a queue needs from the service: the job table and a durable way to change a job. */
export interface QueueContext {
  /** The next queued job for this printer (lowest seq), if any. */
  nextQueued(printerId: string): PrintJob | undefined;
  /** Applies the change, writes it to disk, then tells listeners; resolves after the write. */
  update(job: PrintJob, patch: Partial<PrintJob>): Promise<void>;
  /** For failures of the queue machinery itself (e.g. the disk is full). */
  problem(message: string): void;
}

export function driverName(driver: PrinterDriver): string {
  return driver.displayName ?? driver.id;
}

export class PrintQueue {
  private running: Promise<void> | undefined;
  private closed = false;
  private readonly abort = new AbortController();
  private readonly retryAt = new Map<string, number>();
  private wakeUp: (() => void) | undefined;
  /** The driver's send in progress, if any (close() waits for it, within its grace). */
  private sending: Promise<unknown> | undefined;

  constructor(
    readonly driver: PrinterDriver,
    private readonly ctx: QueueContext,
    private readonly policy: RetryPolicy,
  ) {}

  get isClosed(): boolean {
    return this.closed;
  }

  /** Something changed (new job, cancel, decision): look at the line again. */
  kick(): void {
    if (this.closed) return;
    this.wakeUp?.();
    if (!this.running) {
      this.running = this.pump().finally(() => {
        this.running = undefined;
      });
    }
  }

  /** Forget a pending retry wait (the job was cancelled or retried by hand). */
  clearRetry(jobId: string): void {
    this.retryAt.delete(jobId);
  }

  /** Resolves when this queue has nothing it can do right now. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /**
   * Stops taking jobs. A send in progress gets `graceMs` to finish; after that it is aborted
   * and, since nobody can know whether the printer got it, recorded as may-have-printed.
   */
  async close(graceMs: number): Promise<void> {
    this.closed = true;
    this.wakeUp?.();
    const running = this.running;
    if (!running) return;
    if (await settlesWithin(running, graceMs)) return;
    this.abort.abort(new Error('The print service is shutting down.'));
    // A driver that ignores the abort cannot hold up quitting: its job stays 'sending' on
    // disk and is shown as may-have-printed on the next start, which is the truth.
    const send = this.sending;
    if (send && !(await settlesWithin(send, graceMs))) return;
    // The driver has stopped: let the job's record be written (ours, quick; bounded anyway).
    await settlesWithin(running, RECORD_WRITE_MS);
  }

  private async pump(): Promise<void> {
    const printerId = this.driver.id;
    for (;;) {
      if (this.closed) return;
      const job = this.ctx.nextQueued(printerId);
      if (!job) return;
      const wait = (this.retryAt.get(job.id) ?? 0) - Date.now();
      if (wait > 0) {
        await this.sleep(wait);
        continue;
      }
      try {
        await this.sendOne(job);
      } catch (error) {
        // Only the journal can throw here (the driver's errors are handled in sendOne).
        // Stop this printer rather than send jobs we cannot record.
        this.ctx.problem(`Print queue for ${driverName(this.driver)} stopped: ${String(error)}`);
        return;
      }
    }
  }

  private async sendOne(job: PrintJob): Promise<void> {
    const attempt = job.attempts + 1;
    await this.ctx.update(job, { state: 'sending', attempts: attempt, reason: undefined });
    try {
      const sending = this.driver.send(
        {
          id: job.id,
          title: job.title,
          format: job.format,
          file: job.file,
          copies: job.copies,
          media: job.media,
          attempt,
        },
        this.abort.signal,
      );
      this.sending = sending;
      const result = await sending;
      this.retryAt.delete(job.id);
      await this.ctx.update(job, { state: 'sent', externalId: result.externalId });
    } catch (error) {
      if (this.abort.signal.aborted) {
        await this.ctx.update(job, {
          state: 'may-have-printed',
          reason: 'The app was closing while this job was being sent; it may have printed.',
        });
        return;
      }
      const failure = error instanceof PrintFailure ? error : undefined;
      const reason =
        failure?.reason ?? `${driverName(this.driver)}: ${(error as Error)?.message ?? error}`;
      if (failure?.reached === 'maybe') {
        // The printer may have it: sending it again on our own could print it twice.
        this.retryAt.delete(job.id);
        await this.ctx.update(job, { state: 'may-have-printed', reason });
        return;
      }
      if (failure?.transient && attempt < this.policy.maxAttempts) {
        this.retryAt.set(job.id, Date.now() + this.policy.delayMs(attempt));
        await this.ctx.update(job, {
          state: 'queued',
          reason: `${reason} (try ${attempt} of ${this.policy.maxAttempts}, retrying)`,
        });
      } else {
        this.retryAt.delete(job.id);
        await this.ctx.update(job, { state: 'failed', reason });
      }
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wakeUp = () => {
        this.wakeUp = undefined;
        done();
      };
    });
  }
}

async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  const settled = promise.then(
    () => true as const,
    () => true as const,
  );
  const result = await Promise.race([settled, timeout]);
  clearTimeout(timer);
  return result;
}
