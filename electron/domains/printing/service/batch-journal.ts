/**
 * Order batches as the connection's local store keeps them: the batch (its orders by name,
 * what it asked for, its state) and, appended as the batch goes, what happened to each order.
 * Each write is committed before the batch moves on, the print job before its entry, so after
 * a kill the two together say exactly which orders were not reached:
 *
 *   not reached = the batch's orders − orders with an entry − orders in a spooled job of the
 *                 batch (the job was written, the kill came before its entry).
 *
 * A batch still "running" that this process is not running was cut off (kill, crash, power):
 * it is listed as interrupted; one a failure stopped is listed as stopped. "Print the rest"
 * runs the batch again for its not-reached orders only; "dismiss" takes it off the list.
 */

import type { BatchOrder, InterruptedBatch, PrintedMark } from '@shared/contract/printing-values';
import { z } from 'zod';
import type { PrintJob } from '../queue/types';
import type { BatchEnd, BatchEntry, BatchRecorder, BatchStart } from './batch-record';
import { interruptedBatch, notReachedOf } from './interrupted-batch';
import {
  batchesNotFinished,
  type Collection,
  defineCollection,
  type LocalStore,
  put,
  remove,
  type StoreOp,
} from './local-store-port';
import { markOp, marksOf } from './printed-marks';

const orderSchema = z.object({ id: z.number().int(), name: z.string() });

const batchSchema = z.object({
  id: z.string(),
  title: z.string(),
  what: z.enum(['labels', 'documents']),
  kinds: z.array(z.string()).optional(),
  override: z.record(z.string(), z.unknown()).optional(),
  orders: z.array(orderSchema),
  state: z.enum(['running', 'finished', 'stopped', 'cancelled', 'dismissed']),
  reason: z.string().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BatchRecord = z.infer<typeof batchSchema>;

const entrySchema = z.object({
  id: z.number().int(),
  outcome: z.enum(['queued', 'no_label', 'not_found', 'refused', 'may_have_printed']),
  reason: z.string().optional(),
  kind: z.string().optional(),
  jobId: z.string().optional(),
});
const entriesSchema = z.object({
  batchId: z.string(),
  seq: z.number().int().min(0),
  entries: z.array(entrySchema),
});
type EntriesRecord = z.infer<typeof entriesSchema>;

export const printBatches: Collection<BatchRecord> = defineCollection(
  'print-batches',
  batchSchema,
  (b) => b.id,
);
export const printBatchEntries: Collection<EntriesRecord> = defineCollection(
  'print-batch-entries',
  entriesSchema,
  (e) => `${e.batchId}/${String(e.seq).padStart(6, '0')}`,
);

/** Finished, cancelled and dismissed batches kept (for support); older ones go with their entries. */
const KEEP_FINISHED = 20;

export class BatchJournal implements BatchRecorder {
  /** Batches running in this process: never "interrupted", whatever their record says. */
  private readonly active = new Set<string>();
  private readonly nextSeq = new Map<string, number>();
  /**
   * Names and entries not yet committed, per batch. They are written a turn later, beside the
   * batch's next request, and end() writes what is left together with the batch's end: one
   * disk sync at the end of a batch instead of one per step. Nothing is lost by the wait: a
   * queued job is on disk before its entry (reached() counts it from the spool), and a skip not
   * yet written is simply decided again by "print the rest".
   */
  private readonly pending = new Map<string, StoreOp[]>();
  private readonly flushing = new Map<string, Promise<void>>();
  private readonly scheduled = new Map<string, NodeJS.Immediate>();
  private readonly failed = new Map<string, unknown>();
  private readonly ending = new Map<string, Promise<void>>();

  constructor(
    private readonly store: LocalStore,
    private readonly now: () => Date = () => new Date(),
  ) {}

  isActive(batchId: string): boolean {
    return this.active.has(batchId);
  }

  get(batchId: string): BatchRecord | undefined {
    return this.store.get(printBatches, batchId);
  }

  /** The orders' printed marks (printed-marks.ts). */
  printedMarks(orderIds: readonly number[]): PrintedMark[] {
    return marksOf(this.store, orderIds);
  }

  async begin(batch: BatchStart): Promise<void> {
    this.active.add(batch.id);
    const stamp = this.now().toISOString();
    const before = this.store.get(printBatches, batch.id);
    const record: BatchRecord = before
      ? { ...before, state: 'running', updatedAt: stamp }
      : {
          id: batch.id,
          title: batch.title,
          what: batch.what,
          ...(batch.kinds ? { kinds: batch.kinds } : {}),
          ...(batch.override ? { override: batch.override } : {}),
          orders: batch.orders,
          state: 'running',
          createdAt: stamp,
          updatedAt: stamp,
        };
    delete record.reason;
    await this.store.commit([put(printBatches, record), ...this.pruneOps()]);
  }

  async names(batchId: string, orders: BatchOrder[]): Promise<void> {
    const record = this.store.get(printBatches, batchId);
    if (!record) return;
    const names = new Map(orders.map((o) => [o.id, o.name]));
    const renamed = record.orders.map((o) => ({ id: o.id, name: names.get(o.id) ?? o.name }));
    if (renamed.every((o, i) => o.name === record.orders[i]?.name)) return;
    this.later(batchId, put(printBatches, { ...record, orders: renamed }));
  }

  async record(batchId: string, entries: BatchEntry[]): Promise<void> {
    if (entries.length === 0) return;
    const what = this.store.get(printBatches, batchId)?.what;
    const at = this.now().toISOString();
    for (const e of entries) {
      if (e.outcome !== 'queued' || !e.jobId || !what) continue;
      this.later(
        batchId,
        markOp({ orderId: e.id, what, at, printer: e.printer ?? '', jobId: e.jobId }),
      );
    }
    const seq = this.seqFor(batchId);
    this.later(
      batchId,
      put(printBatchEntries, {
        batchId,
        seq,
        entries: entries.map((e) => ({
          id: e.id,
          outcome: e.outcome,
          ...(e.reason ? { reason: e.reason } : {}),
          ...(e.kind ? { kind: e.kind } : {}),
          ...(e.jobId ? { jobId: e.jobId } : {}),
        })),
      }),
    );
  }

  /**
   * The batch's last write. It stays "active" (never listed as interrupted) until that write
   * is done, so a caller that does not wait for it (a finished batch answers at once) cannot
   * see it half-ended.
   */
  end(batchId: string, state: BatchEnd, reason?: string): Promise<void> {
    const ending = this.writeEnd(batchId, state, reason).finally(() => {
      this.active.delete(batchId);
      if (this.ending.get(batchId) === ending) this.ending.delete(batchId);
    });
    this.ending.set(batchId, ending);
    return ending;
  }

  private async writeEnd(batchId: string, state: BatchEnd, reason?: string): Promise<void> {
    clearImmediate(this.scheduled.get(batchId));
    this.scheduled.delete(batchId);
    await this.flushing.get(batchId);
    const failure = this.failed.get(batchId);
    this.failed.delete(batchId);
    if (failure) throw failure;
    const ops = this.pending.get(batchId) ?? [];
    this.pending.delete(batchId);
    // The header may have been renamed by a pending op: end from that version.
    const renamed = ops.findLast((op) => op.collection === printBatches);
    const record =
      (renamed?.record.v as BatchRecord | undefined) ?? this.store.get(printBatches, batchId);
    if (!record) return;
    const next: BatchRecord = {
      ...record,
      state,
      updatedAt: this.now().toISOString(),
      ...(reason ? { reason } : {}),
    };
    if (!reason) delete next.reason;
    await this.store.commit([
      ...ops.filter((op) => op.collection !== printBatches),
      put(printBatches, next),
    ]);
  }

  /** Resolves when every write started so far is done (closing the app waits for it). */
  async settle(): Promise<void> {
    await Promise.allSettled([...this.ending.values(), ...this.flushing.values()]);
  }

  /** Queues `op` for the batch's next write, a turn from now (see `pending`). */
  private later(batchId: string, op: StoreOp): void {
    const ops = this.pending.get(batchId) ?? [];
    ops.push(op);
    this.pending.set(batchId, ops);
    if (this.scheduled.has(batchId)) return;
    this.scheduled.set(
      batchId,
      setImmediate(() => {
        this.scheduled.delete(batchId);
        const batch = this.pending.get(batchId) ?? [];
        this.pending.delete(batchId);
        if (batch.length === 0) return;
        const before = this.flushing.get(batchId) ?? Promise.resolve();
        const write = before
          .then(() => this.store.commit(batch))
          .catch((error: unknown) => {
            this.failed.set(batchId, error);
          });
        this.flushing.set(batchId, write);
      }),
    );
  }

  /** The person will not print the rest. */
  async dismiss(batchId: string): Promise<void> {
    await this.end(batchId, 'cancelled');
    const record = this.store.get(printBatches, batchId);
    if (record) await this.store.commit([put(printBatches, { ...record, state: 'dismissed' })]);
  }

  /** What happened to a batch's orders so far: its entries, and orders in its spooled jobs. */
  earlier(batchId: string, jobs: readonly PrintJob[]): BatchEntry[] {
    const out: BatchEntry[] = [];
    for (const r of this.entriesOf(batchId)) {
      for (const e of r.entries) {
        out.push({
          id: e.id,
          outcome: e.outcome,
          ...(e.reason ? { reason: e.reason } : {}),
          ...(e.kind ? { kind: e.kind as BatchEntry['kind'] } : {}),
          ...(e.jobId ? { jobId: e.jobId } : {}),
        });
      }
    }
    for (const job of jobs) {
      if (job.batchId !== batchId) continue;
      for (const o of job.orders ?? []) out.push({ id: o.id, outcome: 'queued', jobId: job.id });
    }
    return out;
  }

  /** The orders of a batch that nothing happened to yet, given the spooled jobs. */
  notReached(batchId: string, jobs: readonly PrintJob[]): BatchOrder[] {
    const record = this.store.get(printBatches, batchId);
    if (!record) return [];
    return notReachedOf(record.orders, this.reached(batchId, jobs));
  }

  /**
   * Batches with orders not reached that no one is printing: cut off, or stopped by a failure.
   * A cut-off batch with none left (killed after its last job) is closed as finished here.
   */
  async interrupted(jobs: readonly PrintJob[]): Promise<InterruptedBatch[]> {
    await Promise.allSettled(this.ending.values());
    const out: InterruptedBatch[] = [];
    // The store's query: only running and stopped batches are read, not the finished ones.
    for (const record of this.store.select(printBatches, batchesNotFinished, {})) {
      if (this.active.has(record.id)) continue;
      const reached = this.reached(record.id, jobs);
      if (notReachedOf(record.orders, reached).length === 0) {
        await this.end(record.id, 'finished');
        continue;
      }
      out.push(
        interruptedBatch(
          record,
          reached,
          skippedGroups(record.orders, this.earlier(record.id, jobs)),
        ),
      );
    }
    return out.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
  }

  private reached(batchId: string, jobs: readonly PrintJob[]) {
    const queued = new Set<number>();
    const skipped = new Set<number>();
    for (const r of this.entriesOf(batchId)) {
      for (const e of r.entries) (e.outcome === 'queued' ? queued : skipped).add(e.id);
    }
    // A job written just before a kill, its entry not yet: the job is the truth.
    for (const job of jobs) {
      if (job.batchId !== batchId) continue;
      for (const o of job.orders ?? []) queued.add(o.id);
    }
    return { queued, skipped };
  }

  /** The batch's entries (keyed `<batchId>/<seq>`): read by key range, in sequence order. */
  private entriesOf(batchId: string): EntriesRecord[] {
    return this.store
      .withKeyPrefix(printBatchEntries, `${batchId}/`)
      .filter((e) => e.batchId === batchId);
  }

  private seqFor(batchId: string): number {
    let seq = this.nextSeq.get(batchId);
    if (seq === undefined) {
      seq = 0;
      for (const e of this.entriesOf(batchId)) seq = Math.max(seq, e.seq + 1);
    }
    this.nextSeq.set(batchId, seq + 1);
    return seq;
  }

  /** Old finished, cancelled and dismissed batches (and their entries) beyond KEEP_FINISHED. */
  private pruneOps() {
    const done = this.store
      .list(printBatches)
      .filter((b) => b.state !== 'running' && b.state !== 'stopped')
      .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))
      .slice(KEEP_FINISHED);
    return done.flatMap((b) => [
      remove(printBatches, b.id),
      ...this.entriesOf(b.id).map((e) => remove(printBatchEntries, printBatchEntries.keyOf(e))),
    ]);
  }
}

/** Skips grouped by cause, reason and kind, their orders named, in the batch's order. */
export function skippedGroups(
  orders: readonly BatchOrder[],
  entries: readonly BatchEntry[],
): InterruptedBatch['skippedOrders'] {
  type Group = InterruptedBatch['skippedOrders'][number];
  const byId = new Map<number, (BatchEntry & { outcome: Group['cause'] })[]>();
  for (const e of entries) {
    if (e.outcome === 'queued') continue;
    byId.set(e.id, [...(byId.get(e.id) ?? []), { ...e, outcome: e.outcome }]);
  }
  const groups = new Map<string, Group>();
  for (const order of orders) {
    for (const e of byId.get(order.id) ?? []) {
      const key = `${e.outcome}\u0000${e.reason ?? ''}\u0000${e.kind ?? ''}`;
      const group: Group = groups.get(key) ?? {
        cause: e.outcome,
        reason: e.reason ?? '',
        ...(e.kind ? { kind: e.kind } : {}),
        orders: [],
      };
      groups.set(key, group);
      group.orders.push(order);
    }
  }
  return [...groups.values()];
}
