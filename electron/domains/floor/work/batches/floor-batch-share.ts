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
      async take(batchId: string) {
        const floor = options.batches();
        if (!floor) return null;
        let hold: BatchHold;
        try {
          const known = await floor.find(batchId);
          if (!known) return null;
          if (known.state !== 'running' && known.state !== 'stopped') {
            throw new BatchNotYours(
              `This batch was already ${known.state} at another station: there is nothing left to print.`,
            );
          }
          hold = await floor.take(batchId);
        } catch (error) {
          if (error instanceof BatchNotYours) throw error;
          if (error instanceof BatchHeldElsewhere) {
            throw new BatchNotYours(await heldWords(floor, batchId, error.holder));
          }
          offline(error);
          return null;
        }
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
