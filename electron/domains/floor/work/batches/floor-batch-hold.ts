/**
 * A station's hold on one floor batch (floor-batches.ts takes it): the batch's advisory lock on
 * a connection of its own, and every write of the batch's orders made through that connection
 * while the lock is held.
 *
 * An order's job is announced before it exists (`pending`, written before the job is made) and
 * confirmed once it is on the station's disk (`record` turns 'pending' into 'queued'). A station
 * killed between the two leaves 'pending' on the floor: "Print the rest" elsewhere then shows
 * those orders as "may have printed" instead of printing them again or leaving them out unsaid.
 */
import type { FloorConnection } from '../floor-db-port';
import {
  BATCH_LOCK_CLASS,
  type FloorBatchEnd,
  type FloorBatchOutcome,
  type FloorBatchReached,
  reachedOf,
} from './floor-batch-list';
import { BATCH_LEFT_SQL, PENDING_LEFT_SQL } from './floor-batch-settle';

/** What a station writes of an order it reached (never 'pending': that is `pending`). */
export type ReachedOutcome = Exclude<FloorBatchOutcome, 'pending'>;

/** This station's hold on a batch: print while it is held, then end or release it. */
export interface BatchHold {
  readonly batchId: string;
  /** The batch's orders no station has reached yet, read under the hold. */
  notReached(): Promise<{ id: number; name: string }[]>;
  /** What every station reached of the batch so far, read under the hold. */
  reachedAll(): Promise<FloorBatchReached[]>;
  /** These orders' job is about to be made and sent: written before it is. */
  pending(orderIds: number[]): Promise<void>;
  /** What the orders came to; a 'pending' order's outcome is replaced, any other kept. */
  record(entries: { id: number; outcome: ReachedOutcome }[]): Promise<void>;
  /**
   * `part`: this hold printed part of the batch only ("Print them"): 'finished' then leaves it
   * open while any of its orders is not reached. Either way it stays open while a station may
   * have printed some ('pending'), for a person to check.
   */
  end(state: FloorBatchEnd, reason?: string, part?: boolean): Promise<void>;
  /** Lets go without ending (the station is closing): the batch shows as interrupted. */
  release(): Promise<void>;
}

export function batchHold(
  conn: FloorConnection,
  batchId: string,
  scope: { station: string; account: string; now: () => Date },
): BatchHold {
  let done = false;
  const finish = async (): Promise<void> => {
    if (done) return;
    done = true;
    await unlockBatch(conn, batchId);
  };
  const write = async (entries: { id: number; outcome: FloorBatchOutcome }[]): Promise<void> => {
    if (entries.length === 0) return;
    if (done) throw new Error('This batch is no longer held by this station.');
    const at = scope.now();
    // Only a 'pending' row is overwritten: what an order came to is never changed after. A
    // 'pending' of another station may be taken over by this one's: "Print them" (the person
    // found them not on paper there) sends them here, and a kill now leaves them pending here.
    await conn.query(
      `INSERT INTO floor_batch_orders (batch_id, order_id, outcome, station, at)
       SELECT $1, e.id, e.outcome, $2, $3
         FROM jsonb_to_recordset($4::jsonb) AS e(id bigint, outcome text)
       ON CONFLICT (batch_id, order_id) DO UPDATE
         SET outcome = EXCLUDED.outcome, station = EXCLUDED.station, at = EXCLUDED.at
         WHERE floor_batch_orders.outcome = 'pending'`,
      [batchId, scope.station, at, JSON.stringify(entries)],
    );
    await conn.query('UPDATE floor_batches SET updated_at = $2 WHERE id = $1 AND account = $3', [
      batchId,
      at,
      scope.account,
    ]);
  };
  return {
    batchId,
    notReached: async () => {
      const rows = await conn.query<{ orders: { id: number; name: string }[]; reached: string[] }>(
        `SELECT b.orders,
                ARRAY(SELECT o.order_id::text FROM floor_batch_orders o WHERE o.batch_id = b.id) AS reached
           FROM floor_batches b WHERE b.id = $1 AND b.account = $2`,
        [batchId, scope.account],
      );
      const row = rows.rows[0];
      if (!row) return [];
      const reached = new Set(row.reached.map(Number));
      return row.orders.filter((o) => !reached.has(o.id));
    },
    reachedAll: async () => reachedOf(conn, [batchId]).then((r) => r.get(batchId) ?? []),
    pending: (orderIds) => write(orderIds.map((id) => ({ id, outcome: 'pending' }))),
    record: (entries) => write(entries),
    end: async (state, reason, part) => {
      if (done) return;
      try {
        // 'finished' with something left to check (or, after a part, to print): open, held by
        // no one, still listed at every station.
        const left = part ? BATCH_LEFT_SQL : PENDING_LEFT_SQL;
        await conn.query(
          `UPDATE floor_batches b
              SET state = CASE WHEN $2 = 'finished' AND ${left} THEN 'running' ELSE $2 END,
                  reason = $3, holder = NULL, updated_at = $4
            WHERE b.id = $1 AND b.account = $5`,
          [batchId, state, reason ?? null, scope.now(), scope.account],
        );
      } finally {
        await finish();
      }
    },
    release: finish,
  };
}

export async function unlockBatch(conn: FloorConnection, batchId: string): Promise<void> {
  try {
    await conn.query('SELECT pg_advisory_unlock($1, hashtext($2))', [BATCH_LOCK_CLASS, batchId]);
    conn.release();
  } catch (error) {
    // A connection that cannot unlock is dropped: the server lets its locks go with it.
    conn.release(error instanceof Error ? error : true);
  }
}
