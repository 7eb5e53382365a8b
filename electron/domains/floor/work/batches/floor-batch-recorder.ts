/**
 * The printing domain's batch recorder, floor-wide: each batch is journalled on the floor
 * (FloorBatches) before the station's own record and so before its first job, and held by
 * this station while it prints. "Print the rest" of a batch another station is printing at
 * that moment is refused in words before anything is printed, so only one station prints it.
 *
 * The shapes are the printing domain's BatchRecorder (batch-record.ts), written here
 * structurally: a domain imports another only through its index.ts, and the composition
 * (main/create-bridge.ts) is where the two meet.
 *
 * The floor unreachable (or not configured) never stops a batch: it goes on as one station
 * alone would, and that is said through `offline`.
 */
import { BridgeFailure } from '../../../../kernel/failure';
import { BatchHeldElsewhere, type BatchHold, type FloorBatches } from './floor-batches';

type Outcome = 'queued' | 'no_label' | 'not_found' | 'refused';
type End = 'finished' | 'stopped' | 'cancelled';

/** The printing domain's BatchRecorder, as far as the floor needs it. */
export interface FloorRecordable {
  begin(batch: {
    id: string;
    title: string;
    what: 'labels' | 'documents';
    kinds?: string[];
    orders: { id: number; name: string }[];
    resumed: boolean;
  }): Promise<void>;
  /** These orders' job is about to be made (the floor hears it first; the journal need not). */
  sending?(batchId: string, orderIds: number[]): Promise<void>;
  names(batchId: string, orders: { id: number; name: string }[]): Promise<void>;
  /** `more`: a later job of the batch carries the order too (batch-record.ts's BatchEntry). */
  record(batchId: string, entries: { id: number; outcome: Outcome; more?: true }[]): Promise<void>;
  end(batchId: string, state: End, reason?: string): Promise<void>;
}

export interface FloorRecorderOptions {
  /** The floor's batches now, or null when no floor is configured. */
  batches: () => FloorBatches | null;
  /** Who pressed Print (the packer or clerk signed in). */
  startedBy: () => string;
  /** The floor could not be asked: the batch went on as this station's alone. */
  offline?: (error: unknown) => void;
  /** The hold "Print the rest" already took for the batch (floor-batch-share.ts), if any. */
  handed?: (batchId: string) => BatchHold | undefined;
  /**
   * How long a batch waits for one floor write (default 8 s: above the floor's own 5 s
   * statement limit, so a database that answers ends a slow statement first). A network that
   * hangs (a dead switch: no reset, no answer) is not seen by TCP for hours; past this the
   * batch goes on as this station's alone, as with a floor that refuses the connection.
   */
  writeTimeoutMs?: number;
}

/** A floor write that did not answer in time. */
export class FloorWriteTimeout extends Error {
  constructor(ms: number) {
    super(
      `The floor's database did not answer within ${ms < 1000 ? `${ms} ms` : `${Math.round(ms / 1000)} s`}.`,
    );
  }
}

/** `work`, or FloorWriteTimeout after `ms`; `late` gets what `work` gives if it comes after. */
function bounded<T>(work: Promise<T>, ms: number, late?: (value: T) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let over = false;
    const timer = setTimeout(() => {
      over = true;
      reject(new FloorWriteTimeout(ms));
    }, ms);
    work.then(
      (value) => {
        clearTimeout(timer);
        if (over) late?.(value);
        else resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        if (!over) reject(error);
      },
    );
  });
}

/** Another station prints this batch now: refused before anything is printed here. */
export class BatchPrintedElsewhere extends BridgeFailure {
  constructor(readonly holder: string) {
    super('print_refused', `${holder} is printing this batch now. Its progress shows there.`);
  }
}

export function withFloorBatches<R extends FloorRecordable>(
  local: R,
  options: FloorRecorderOptions,
): FloorRecordable {
  const holds = new Map<string, BatchHold>();
  // Each batch's start, which its later writes wait for: the printing records a batch's skips
  // beside its start, and nothing of a batch refused here may be written here.
  const started = new Map<string, Promise<void>>();
  const offline = (error: unknown) => options.offline?.(error);
  const writeTimeoutMs = options.writeTimeoutMs ?? 8000;
  // A hold whose write did not answer in time: the batch goes on without the floor; the hold
  // is let go whenever its connection answers again (or is dropped with it).
  const dropHold = (batchId: string, error: unknown) => {
    const hold = holds.get(batchId);
    holds.delete(batchId);
    offline(error);
    if (error instanceof FloorWriteTimeout) void hold?.release().catch(() => undefined);
  };
  const write = (batchId: string, work: (hold: BatchHold) => Promise<void>): Promise<void> => {
    const hold = holds.get(batchId);
    if (!hold) return Promise.resolve();
    return bounded(work(hold), writeTimeoutMs).catch((error: unknown) => {
      if (error instanceof FloorWriteTimeout) dropHold(batchId, error);
      else offline(error);
    });
  };
  const begun = async (batchId: string): Promise<boolean> => {
    const start = started.get(batchId);
    return start
      ? start.then(
          () => true,
          () => false,
        )
      : true;
  };
  const start = async (batch: Parameters<FloorRecordable['begin']>[0]): Promise<void> => {
    const floor = options.batches();
    const handed = options.handed?.(batch.id);
    if (handed) {
      // Taken and read under its lock already: printed on from the same hold.
      holds.set(batch.id, handed);
    } else if (floor) {
      try {
        // begin takes a batch already on the floor over as "Print the rest" does: under its
        // lock, so two stations pressing it at once never both print.
        const hold = await bounded(
          floor.begin({
            id: batch.id,
            title: batch.title,
            what: batch.what,
            ...(batch.kinds ? { kinds: batch.kinds } : {}),
            orders: batch.orders,
            startedBy: options.startedBy(),
          }),
          writeTimeoutMs,
          // Taken after the batch went on alone: let go, so no station sees it held.
          (late) => void late.release().catch(() => undefined),
        );
        holds.set(batch.id, hold);
      } catch (error) {
        if (error instanceof BatchHeldElsewhere) throw new BatchPrintedElsewhere(error.holder);
        offline(error);
      }
    }
    await local.begin(batch);
  };
  return {
    begin(batch) {
      const done = start(batch);
      started.set(batch.id, done);
      return done;
    },
    async names(batchId, orders) {
      if (await begun(batchId)) await local.names(batchId, orders);
    },
    async sending(batchId, orderIds) {
      if (!(await begun(batchId))) return;
      // On the floor before the job exists: a kill from here on leaves these orders as "may have
      // printed" for the other stations, never as orders to print again. The floor away: the
      // batch goes on as this station's alone.
      await write(batchId, (hold) => hold.pending(orderIds));
    },
    async record(batchId, entries) {
      if (!(await begun(batchId))) return;
      await local.record(batchId, entries);
      // An order with a job still to come stays as its sending left it ('pending', or not
      // reached): a stop before its last job is "may have printed" or "not reached" elsewhere,
      // never "printed" with its labels missing.
      const settled = entries.filter((e) => !e.more);
      if (settled.length === 0) return;
      await write(batchId, (hold) =>
        hold.record(settled.map((e) => ({ id: e.id, outcome: e.outcome }))),
      );
    },
    async end(batchId, state, reason) {
      const ok = await begun(batchId);
      started.delete(batchId);
      if (!ok) return;
      await local.end(batchId, state, reason);
      const hold = holds.get(batchId);
      holds.delete(batchId);
      if (!hold) return;
      // Ended on the floor, the batch's lock goes with it; a failed end still lets go (a hung
      // one whenever its connection answers, not waited for).
      await bounded(hold.end(state, reason), writeTimeoutMs).catch(async (error: unknown) => {
        offline(error);
        const letGo = hold.release().catch(() => undefined);
        if (!(error instanceof FloorWriteTimeout)) await letGo;
      });
    },
  };
}
