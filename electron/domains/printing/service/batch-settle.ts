/**
 * printBatchSettle: the orders of a floor batch that "may have printed" at another station (it
 * was killed while sending their job) settled by what the person found at that printer, one
 * click each (issue 29):
 *
 * - 'printed': they are on paper there. Marked printed floor-wide (the floor's printed marks,
 *   which every station's "already printed" and "Select unprinted" read), so neither a pack
 *   station nor "Print the rest" prints them again.
 * - 'print': they are not. Printed here, exactly those, as "Print the rest" prints (the same
 *   kinds, this station's printer for each), after taking the floor's hold on the batch, so two
 *   stations pressing it at once never both print them.
 *
 * The floor closes the batch once nothing of it is left. Without the floor nothing is changed
 * and that is said in words: the orders stay listed, to settle when it is back.
 */
import type {
  BatchOrder,
  InterruptedBatch,
  PrintBatchSettled,
  PrintOutcome,
} from '@shared/contract/printing-values';
import { BridgeFailure } from '../../../kernel/failure';
import type { CallContext } from '../../../kernel/handler-types';
import type { PrintJob } from '../queue/types';
import { PrintRequestError } from '../queue/types';
import type { BatchJournal } from './batch-journal';
import { adoptShared, type SharedBatches, type SharedBatchTake } from './shared-batches';

export interface SettleArgs {
  batchId: string;
  orderIds: number[];
  mayHavePrinted: 'printed' | 'print';
}

export interface SettleParts {
  journal(): Promise<BatchJournal>;
  /** The floor's batches, or null: no floor, or the floor away. */
  shared(): Promise<SharedBatches | null>;
  jobs(): readonly PrintJob[];
  /** The batches listed now, as printBatchesInterrupted answers. */
  listed(): Promise<{ batches: InterruptedBatch[] }>;
  /** Prints exactly `orders` of the batch here, under the hold taken (batch-handlers.ts). */
  printHere(
    journal: BatchJournal,
    batchId: string,
    ctx: CallContext,
    taken: SharedBatchTake,
    orders: BatchOrder[],
  ): Promise<PrintOutcome>;
}

/** The floor cannot be asked: nothing was changed. */
const floorAway = (what: string) =>
  new BridgeFailure(
    'network',
    `This station cannot reach the floor now, so nothing was ${what}. The orders stay listed: try again when the floor is back.`,
  );

export async function settleMayHavePrinted(
  parts: SettleParts,
  args: SettleArgs,
  ctx: CallContext,
): Promise<PrintBatchSettled> {
  const journal = await parts.journal();
  if (journal.isActive(args.batchId)) {
    throw new PrintRequestError('That batch is still printing.');
  }
  const shared = await parts.shared();
  if (!shared) {
    // A batch listed here (this station's journal) with the floor away: nothing is changed.
    const listed = (await parts.listed()).batches.some((b) => b.id === args.batchId);
    if (listed) throw floorAway(args.mayHavePrinted === 'printed' ? 'marked' : 'printed');
    throw new PrintRequestError(
      'Those orders are no longer waiting to be checked: another station settled them, or the batch was closed.',
    );
  }
  // Checked on the floor, under the batch's hold: a list shown a moment ago may be out of date
  // (another station settling or printing the batch now is said in words there).
  const orderIds = [...new Set(args.orderIds)];
  return args.mayHavePrinted === 'printed'
    ? markPrinted(parts, journal, shared, args.batchId, orderIds)
    : printMissing(parts, journal, shared, args.batchId, orderIds, ctx);
}

async function markPrinted(
  parts: SettleParts,
  journal: BatchJournal,
  shared: SharedBatches,
  batchId: string,
  orderIds: number[],
): Promise<PrintBatchSettled> {
  const done = await shared.settlePrinted(batchId, orderIds);
  if (!done) throw new PrintRequestError('That batch is no longer kept.');
  const byStation = new Map<string, BatchOrder[]>();
  for (const s of done.settled) {
    byStation.set(s.station, [...(byStation.get(s.station) ?? []), { id: s.id, name: s.name }]);
  }
  // Kept here too when this station holds the batch (it printed part of it): its own marks and
  // "not reached" then agree with the floor's, also while the floor is away later.
  const record = journal.get(batchId);
  if (record && done.settled.length > 0) {
    await journal.record(
      batchId,
      done.settled.map((s) => ({
        id: s.id,
        outcome: 'queued' as const,
        jobId: `checked:${batchId}`.slice(0, 64),
        printer: `a printer at ${s.station}`,
      })),
    );
    await journal.settle();
  }
  return {
    batches: (await parts.listed()).batches,
    marked: [...byStation].map(([station, list]) => ({ station, orders: list })),
    closed: done.closed,
  };
}

async function printMissing(
  parts: SettleParts,
  journal: BatchJournal,
  shared: SharedBatches,
  batchId: string,
  orderIds: number[],
  ctx: CallContext,
): Promise<PrintBatchSettled> {
  // Held for this station and read again under the hold: refused in words while another
  // station prints the batch (its "Print them" or its rest), so they are printed once.
  const taken = await shared.take(batchId, true);
  if (!taken) throw floorAway('printed');
  try {
    await adoptShared(journal, taken.batch, parts.jobs());
    // Still "may have printed" under the hold: another station may have settled some meanwhile.
    const still = new Set(
      taken.batch.reached.filter((r) => r.outcome === 'may_have_printed').map((r) => r.id),
    );
    const asked = new Set(orderIds);
    const mine = taken.batch.orders.filter((o) => asked.has(o.id) && still.has(o.id));
    if (mine.length === 0) {
      throw new PrintRequestError(
        'Another station settled these orders a moment ago: nothing was printed here.',
      );
    }
    const outcome = await parts.printHere(journal, batchId, ctx, taken, mine);
    // The batch's end reaches the floor a moment after it answers: listed once it has, so the
    // list (and this station's next action on the batch) sees the floor as it now is.
    await taken.release();
    await taken.letGo;
    return { batches: (await parts.listed()).batches, outcome };
  } finally {
    // Handed to the batch's recorder once it started (and ended with it); let go otherwise.
    await taken.release();
  }
}
