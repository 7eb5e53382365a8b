/**
 * Batches shared by the stations of a floor (issue 29), as the printing sees them: the
 * composition passes the floor's (floor/work/batches/floor-batch-share.ts); no floor, none.
 *
 * A batch interrupted at another station is listed here with where and by whom it was
 * started; "Print the rest" takes the floor's hold on it, re-reads what every station reached
 * under that hold and copies the batch into this station's journal (adoptShared), so the
 * station's own "print the rest" prints exactly the orders no station reached. The hold is
 * handed on to the batch's recorder, so no other station can start the rest meanwhile.
 */
import type { BatchOrder, InterruptedBatch } from '@shared/contract/printing-values';
import type { PrintJob } from '../queue/types';
import type { BatchJournal } from './batch-journal';
import type { BatchEntry } from './batch-record';
import { interruptedBatch } from './interrupted-batch';

export interface SharedBatch {
  id: string;
  title: string;
  what: 'labels' | 'documents';
  /** The documents a documents batch asked for (absent: labels, or a floor that did not keep them). */
  kinds?: string[];
  orders: BatchOrder[];
  /**
   * What each reached order came to, at any station; `station` names where a
   * 'may_have_printed' order's job was being sent.
   */
  reached: { id: number; outcome: BatchEntry['outcome']; station?: string }[];
  state: 'running' | 'stopped';
  reason: string | null;
  /** Where it was started, and by whom. */
  station: string;
  startedBy: string;
  createdAt: string;
  updatedAt: string;
}

/** This station's hold on a shared batch, taken for "Print the rest". */
export interface SharedBatchTake {
  batch: SharedBatch;
  /** The batch has nothing left: closed as finished on the floor (and let go). */
  finish(): Promise<void>;
  /** Lets go unless the batch's recorder took the hold over (it started printing). */
  release(): Promise<void>;
  /**
   * Resolves once the hold is let go, by whoever had it: the batch's recorder ends it on the
   * floor a moment after the batch answers, and a next action on the batch waits for that.
   */
  readonly letGo: Promise<void>;
}

export interface SharedBatches {
  /** The floor's open batches that no station holds now (interrupted or stopped). */
  interrupted(): Promise<SharedBatch[]>;
  /** Which of this station's batches were closed at another station (finished, dismissed). */
  closed(batchIds: string[]): Promise<string[]>;
  /**
   * Holds the batch for this station and reads it under the hold; null when the floor does
   * not know it. Throws in words when another station prints it or it is no longer open.
   * `part`: only some of its orders are printed under it ("Print them"): its end leaves the
   * batch open for the rest.
   */
  take(batchId: string, part?: boolean): Promise<SharedBatchTake | null>;
  /** Takes the batch off every station's list; false when the floor does not know it. */
  dismiss(batchId: string): Promise<boolean>;
  /**
   * "They printed": these 'may have printed' orders are on paper at the station that was
   * sending them: printed floor-wide, and the batch closed if nothing of it is left. Null when
   * the floor does not know the batch; throws in words when a station prints it now, when it
   * is no longer open, or when the floor cannot be reached (nothing is changed then).
   */
  settlePrinted(batchId: string, orderIds: number[]): Promise<SettledOnFloor | null>;
}

/** What "They printed" did on the floor. */
export interface SettledOnFloor {
  /** The orders marked printed (by name), and the station whose printer has them. */
  settled: { id: number; name: string; station: string }[];
  /** Nothing of the batch was left: closed on every station's list. */
  closed: boolean;
}

/** A shared batch as the print queue lists it, marked with where it was started. */
export function sharedAsInterrupted(batch: SharedBatch): InterruptedBatch {
  const queued = new Set<number>();
  const skipped = new Set<number>();
  for (const r of batch.reached) (r.outcome === 'queued' ? queued : skipped).add(r.id);
  const byCause = new Map<string, InterruptedBatch['skippedOrders'][number]>();
  for (const o of batch.orders) {
    if (queued.has(o.id)) continue;
    const hit = batch.reached.find((r) => r.id === o.id);
    if (!hit || hit.outcome === 'queued') continue;
    const reason = skipWords(hit);
    const key = `${hit.outcome}\u0000${reason}`;
    const group = byCause.get(key) ?? {
      cause: hit.outcome,
      reason,
      ...(hit.outcome === 'may_have_printed' && hit.station ? { station: hit.station } : {}),
      orders: [],
    };
    byCause.set(key, group);
    group.orders.push(o);
  }
  return {
    ...interruptedBatch(batch, { queued, skipped }, [...byCause.values()], batch.station),
    elsewhere: { station: batch.station, startedBy: batch.startedBy },
  };
}

/**
 * One of this station's own batches, as the floor knows it too: what other stations reached
 * since (their "Print the rest", a person's "They printed") is no longer listed as not reached
 * or as "may have printed" here. Null when nothing of it is left to print or to check.
 */
export function withFloorReached(
  own: InterruptedBatch,
  floor: SharedBatch,
): InterruptedBatch | null {
  const onFloor = new Map(floor.reached.map((r) => [r.id, r]));
  const moved = own.notReached.filter((o) => onFloor.has(o.id));
  const notReached = own.notReached.filter((o) => !onFloor.has(o.id));
  let queued = own.queued + moved.filter((o) => onFloor.get(o.id)?.outcome === 'queued').length;
  let skipped = own.skipped + moved.filter((o) => onFloor.get(o.id)?.outcome !== 'queued').length;
  const kept = own.skippedOrders.flatMap((group) => {
    if (group.cause !== 'may_have_printed') return [group];
    // Settled on the floor meanwhile ("They printed", or printed by "Print them").
    const still = group.orders.filter((o) => onFloor.get(o.id)?.outcome !== 'queued');
    queued += group.orders.length - still.length;
    skipped -= group.orders.length - still.length;
    return still.length > 0 ? [{ ...group, orders: still }] : [];
  });
  const added = sharedAsInterrupted({ ...floor, orders: moved }).skippedOrders;
  const skippedOrders = [...kept, ...added];
  const left = notReached.length > 0 || skippedOrders.some((g) => g.cause === 'may_have_printed');
  return left ? { ...own, queued, skipped, notReached, skippedOrders } : null;
}

/** The floor keeps each skip's cause, not its words: said plainly here. */
const SKIP_WORDS: Record<Exclude<BatchEntry['outcome'], 'queued' | 'may_have_printed'>, string> = {
  no_label: 'No label was bought for these orders.',
  not_found: 'The API does not know these orders.',
  refused: 'The API refused the request that held these orders.',
};

function skipWords(r: SharedBatch['reached'][number]): string {
  if (r.outcome === 'may_have_printed') {
    // Not printed again unasked, nor left out unsaid: the person checks that printer.
    return (
      `Packbench stopped at ${r.station ?? 'another station'} while sending these to its printer: ` +
      'they may be on paper there. Check that printer, and print any that are missing from the order.'
    );
  }
  return r.outcome === 'queued' ? '' : SKIP_WORDS[r.outcome];
}

/**
 * Copies a shared batch into this station's journal as a stopped batch, with every order some
 * station reached written as reached here: the journal's "not reached" is then the floor's.
 */
export async function adoptShared(
  journal: BatchJournal,
  batch: SharedBatch,
  jobs: readonly PrintJob[],
): Promise<void> {
  const before = journal.get(batch.id);
  if (!before) {
    await journal.begin({
      id: batch.id,
      title: batch.title,
      what: batch.what,
      // The same documents as asked for where it started; printed on this station's printers.
      ...(batch.kinds ? { kinds: batch.kinds } : {}),
      orders: batch.orders,
      resumed: false,
    });
  }
  const openHere = new Set(journal.notReached(batch.id, jobs).map((o) => o.id));
  // A skip keeps its cause in words here (the floor keeps the cause only).
  const entries = batch.reached
    .filter((r) => openHere.has(r.id))
    .map(
      (r): BatchEntry =>
        r.outcome === 'queued'
          ? { id: r.id, outcome: r.outcome }
          : { id: r.id, outcome: r.outcome, reason: skipWords(r) },
    );
  if (entries.length > 0) await journal.record(batch.id, entries);
  // Ending writes the entries with it; "stopped" until the rest starts.
  await journal.end(batch.id, 'stopped', batch.reason ?? undefined);
}
