/**
 * A batch as the print queue lists it when it was not finished: its counts from the orders
 * reached, and why it stopped, in words. This station's journal (batch-journal.ts) and the
 * floor's shared batches (shared-batches.ts) list theirs through this one function, so the two
 * lists count and speak alike.
 */
import type { BatchOrder, InterruptedBatch } from '@shared/contract/printing-values';

/** The orders some step reached: a job was queued for them, or they were skipped. */
export interface ReachedOrders {
  queued: ReadonlySet<number>;
  skipped: ReadonlySet<number>;
}

/** What the list needs of a batch, kept here (the journal) or on the floor (shared). */
export interface UnfinishedBatch {
  id: string;
  title: string;
  what: 'labels' | 'documents';
  kinds?: string[];
  orders: BatchOrder[];
  /** 'running' with no one printing it: cut off (kill, crash, power). */
  state: string;
  reason?: string | null;
  createdAt: string;
  updatedAt: string;
}

/** The batch's orders that nothing happened to yet. */
export function notReachedOf(orders: readonly BatchOrder[], reached: ReachedOrders): BatchOrder[] {
  return orders.filter((o) => !reached.queued.has(o.id) && !reached.skipped.has(o.id));
}

/**
 * The batch as listed. `stoppedAt`: the station it was cut off at, when not this one (the
 * caller adds `elsewhere`).
 */
export function interruptedBatch(
  batch: UnfinishedBatch,
  reached: ReachedOrders,
  skippedOrders: InterruptedBatch['skippedOrders'],
  stoppedAt?: string,
): InterruptedBatch {
  const { queued, skipped } = reached;
  const where = stoppedAt ? ` at ${stoppedAt}` : '';
  return {
    id: batch.id,
    title: batch.title,
    what: batch.what,
    ...(batch.kinds ? { kinds: batch.kinds } : {}),
    createdAt: batch.createdAt,
    updatedAt: batch.updatedAt,
    state: batch.state === 'running' ? 'interrupted' : 'stopped',
    reason:
      batch.state === 'running'
        ? `Packbench stopped${where} (closed, killed or crashed) before printing these.`
        : (batch.reason ?? 'A failure stopped the batch.'),
    selected: batch.orders.length,
    queued: batch.orders.filter((o) => queued.has(o.id)).length,
    skipped: batch.orders.filter((o) => skipped.has(o.id) && !queued.has(o.id)).length,
    skippedOrders,
    notReached: notReachedOf(batch.orders, reached),
  };
}
