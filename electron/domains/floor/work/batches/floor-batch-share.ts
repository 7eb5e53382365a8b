/**
 * The floor's batches as the printing shares them (the printing domain's SharedBatches, from
 * its index.ts; main/compose-floor.ts hands it over): every station lists the
 * batches interrupted anywhere on the floor, and "Print the rest" at any station takes the
 * batch's hold first and reads what every station reached under it.
 *
 * The hold taken for "Print the rest" is handed to the batch's recorder (withFloorBatches,
 * through `handed`), so the lock is never let go between the read and the printing: no other
 * station can print any of the rest meanwhile. The floor unreachable never stops a station's
 * own batches: it is said through `offline` and the station goes on alone.
 */
import { BridgeFailure } from '../../../../kernel/failure';
import type { SharedBatch, SharedBatches } from '../../../printing';
import {
  BatchHeldElsewhere,
  type BatchHold,
  BatchNotOpen,
  type FloorBatchDetail,
  type FloorBatches,
} from './floor-batches';

export interface FloorBatchShareOptions {
  /** The floor's batches now, or null when no floor is configured. */
  batches: () => FloorBatches | null;
  offline?: (error: unknown) => void;
}

/** A batch another station prints now, or one no longer open: said in words. */
export class BatchNotYours extends BridgeFailure {
  constructor(message: string) {
    super('print_refused', message);
  }
}

/** The floor did not answer: nothing was marked, the orders stay listed. */
export class FloorAway extends BridgeFailure {
  constructor() {
    super(
      'network',
      "The floor's database did not answer, so nothing was marked. The orders stay listed: try again when the floor is back.",
    );
  }
}

export function floorBatchShare(options: FloorBatchShareOptions) {
  // Holds taken for "Print the rest", until the batch's recorder takes them over.
  const handed = new Map<string, BatchHold>();
  const offline = (error: unknown) => options.offline?.(error);

  /** Where it is printed now, by whom if known: "Office desk by Ana". */
  const heldWords = async (floor: FloorBatches, batchId: string, holder: string) => {
    const batch = await floor.find(batchId).catch(() => null);
    const by = batch && batch.station === holder ? ` by ${batch.startedBy}` : '';
    return `This batch is being printed at ${holder}${by}. Its progress shows here as it goes.`;
  };

  return {
    /** For withFloorBatches: the hold "Print the rest" took for this batch (taken once). */
    handed(batchId: string): BatchHold | undefined {
      const hold = handed.get(batchId);
      handed.delete(batchId);
      return hold;
    },
    share: {
      async interrupted(): Promise<SharedBatch[]> {
        const floor = options.batches();
        return floor ? (await floor.interrupted()).map((b) => detailOut(b, floor.station)) : [];
      },
      async closed(batchIds: string[]): Promise<string[]> {
        const floor = options.batches();
        return floor ? await floor.closed(batchIds) : [];
      },
      async take(batchId: string, part?: boolean) {
        const floor = options.batches();
        if (!floor) return null;
        let held: BatchHold;
        try {
          const known = await floor.find(batchId);
          if (!known) return null;
          if (known.state !== 'running' && known.state !== 'stopped') {
            throw new BatchNotYours(
              `This batch was already ${known.state} at another station: there is nothing left to print.`,
            );
          }
          held = await floor.take(batchId);
        } catch (error) {
          if (error instanceof BatchNotYours) throw error;
          if (error instanceof BatchHeldElsewhere) {
            throw new BatchNotYours(await heldWords(floor, batchId, error.holder));
          }
          offline(error);
          return null;
        }
        // Told when the hold is let go, whoever ends it (this take, or the batch's recorder).
        let gone = () => {};
        const letGo = new Promise<void>((resolve) => {
          gone = resolve;
        });
        const hold: BatchHold = {
          ...held,
          end: (state, reason) => held.end(state, reason, part).finally(gone),
          release: () => held.release().finally(gone),
        };
        try {
          const [batch, reached] = await Promise.all([floor.find(batchId), hold.reachedAll()]);
          if (!batch) throw new Error('The batch left the floor while it was taken.');
          handed.set(batchId, hold);
          return {
            batch: detailOut(
              { ...batch, orders: await floor.orders(batchId), reachedOrders: reached },
              floor.station,
            ),
            finish: async () => {
              if (handed.get(batchId) !== hold) return;
              handed.delete(batchId);
              await hold.end('finished');
            },
            release: async () => {
              if (handed.get(batchId) !== hold) return;
              handed.delete(batchId);
              await hold.release();
            },
            letGo,
          };
        } catch (error) {
          await hold.release().catch(() => undefined);
          offline(error);
          return null;
        }
      },
      async dismiss(batchId: string): Promise<boolean> {
        const floor = options.batches();
        if (!floor) return false;
        try {
          return await floor.dismiss(batchId);
        } catch (error) {
          if (error instanceof BatchHeldElsewhere) {
            throw new BatchNotYours(await heldWords(floor, batchId, error.holder));
          }
          offline(error);
          return false;
        }
      },
      async settlePrinted(batchId: string, orderIds: number[]) {
        const floor = options.batches();
        if (!floor) return null;
        try {
          if (!(await floor.find(batchId))) return null;
          return await floor.settlePrinted(batchId, orderIds, floor.station);
        } catch (error) {
          if (error instanceof BatchNotOpen) throw new BatchNotYours(error.message);
          if (error instanceof BatchHeldElsewhere) {
            throw new BatchNotYours(await heldWords(floor, batchId, error.holder));
          }
          // Nothing was changed (one transaction): the orders stay listed to settle later.
          offline(error);
          throw new FloorAway();
        }
      },
    } satisfies SharedBatches,
  };
}

/**
 * A batch as the printing reads it. `here`: this station's name. A 'pending' order of another
 * station may be on paper there: said so, to check. One of this station's own (a kill here, and
 * a restart): left out, since this station's journal knows whether its job was written.
 */
function detailOut(b: FloorBatchDetail, here: string): SharedBatch {
  const reached: SharedBatch['reached'] = [];
  for (const r of b.reachedOrders) {
    if (r.outcome !== 'pending') reached.push({ id: r.id, outcome: r.outcome });
    else if (r.station !== here) {
      reached.push({ id: r.id, outcome: 'may_have_printed', station: r.station });
    }
  }
  return {
    id: b.id,
    title: b.title,
    what: b.what,
    ...(b.kinds ? { kinds: b.kinds } : {}),
    orders: b.orders,
    reached,
    // 'running' not held by a live station: interrupted.
    state: b.state === 'stopped' ? 'stopped' : 'running',
    reason: b.reason,
    station: b.station,
    startedBy: b.startedBy,
    createdAt: b.createdAt,
    updatedAt: b.updatedAt,
  };
}
