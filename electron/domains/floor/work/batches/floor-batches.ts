/**
 * Print batches, floor-wide (`floor_batches`, `floor_batch_orders` in 0003-work.sql): a batch
 * is journalled on the floor before its first job, each order it reaches is added as it goes,
 * and every station lists the floor's batches with their progress and "Print the rest".
 *
 * Who may print a batch is decided by a session-level advisory lock on it, held on a
 * connection of its own for as long as the station prints. Two stations pressing "Print the
 * rest" at once: one gets the lock, the other is told who is printing it. A station killed
 * mid-batch (kill -9, power) loses its connection and the server drops the lock at once, so
 * the batch shows as interrupted everywhere and its rest can be taken by another station; no
 * lease to wait out, no clock involved. Taking it re-reads what was reached under the lock,
 * so the rest never includes an order the first station got to.
 */
import type { FloorConnection, FloorPort } from '../floor-db-port';
import { type BatchHold, batchHold, unlockBatch } from './floor-batch-hold';
import {
  BATCH_LOCK_CLASS,
  type FloorBatchDetail,
  type FloorBatchView,
  listBatches,
  reachedOf,
} from './floor-batch-list';
import { type SettledPrinted, settledWhileAway, settlePrintedRows } from './floor-batch-settle';

export type { BatchHold, ReachedOutcome } from './floor-batch-hold';
export {
  BATCH_LOCK_CLASS,
  batchLine,
  type FloorBatchDetail,
  type FloorBatchEnd,
  type FloorBatchOutcome,
  type FloorBatchReached,
  type FloorBatchView,
  listBatches,
} from './floor-batch-list';
export { BatchNotOpen, type SettledPrinted } from './floor-batch-settle';

export interface FloorBatchStart {
  id: string;
  title: string;
  what: 'labels' | 'documents';
  /** The documents a documents batch asked for, so any station prints the same rest. */
  kinds?: string[];
  orders: { id: number; name: string }[];
  /** Who pressed Print (the packer or clerk signed in). */
  startedBy: string;
}

/** Another station is printing this batch: nothing is printed here. */
export class BatchHeldElsewhere extends Error {
  constructor(readonly holder: string) {
    super(`${holder} is printing this batch now. Its progress shows here as it goes.`);
    this.name = 'BatchHeldElsewhere';
  }
}

export class FloorBatches {
  /**
   * `account`: the floor's name for the API account (never the key); every read and write of
   * a batch is scoped by it (0006-work-account.sql).
   */
  constructor(
    private readonly db: FloorPort,
    /** This station's name on the floor, as its rows say it. */
    readonly station: string,
    private readonly account: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * Journals a new batch and holds it, before any job is sent. A batch id already on the floor
   * is the same batch resumed: taken over as `take` does.
   */
  async begin(batch: FloorBatchStart): Promise<BatchHold> {
    const conn = await this.lock(batch.id);
    try {
      const at = this.now();
      const written = await conn.query(
        `INSERT INTO floor_batches
           (id, title, what, orders, total, state, station, started_by, holder, created_at, updated_at, account, kinds)
         VALUES ($1, $2, $3, $4, $5, 'running', $6, $7, $6, $8, $8, $9, $10)
         ON CONFLICT (id) DO UPDATE SET state = 'running', reason = NULL,
           holder = EXCLUDED.holder, updated_at = EXCLUDED.updated_at
         WHERE floor_batches.account = EXCLUDED.account`,
        [
          batch.id,
          batch.title,
          batch.what,
          JSON.stringify(batch.orders),
          batch.orders.length,
          this.station,
          batch.startedBy,
          at,
          this.account,
          batch.what === 'documents' && batch.kinds?.length ? JSON.stringify(batch.kinds) : null,
        ],
      );
      // The id is another account's batch: never touched from here.
      if ((written.rowCount ?? 0) === 0) throw new Error('This batch belongs to another account.');
      return this.hold(batch.id, conn);
    } catch (error) {
      await unlockBatch(conn, batch.id);
      throw error;
    }
  }

  /** "Print the rest" of a batch on the floor: held here, or BatchHeldElsewhere. */
  async take(batchId: string): Promise<BatchHold> {
    const conn = await this.lock(batchId);
    try {
      const updated = await conn.query(
        `UPDATE floor_batches SET state = 'running', reason = NULL, holder = $2, updated_at = $3
          WHERE id = $1 AND account = $4 AND state IN ('running', 'stopped')`,
        [batchId, this.station, this.now(), this.account],
      );
      if ((updated.rowCount ?? 0) === 0) {
        throw new Error('This batch is no longer open: it was finished or dismissed.');
      }
      return this.hold(batchId, conn);
    } catch (error) {
      await unlockBatch(conn, batchId);
      throw error;
    }
  }

  /** The floor's open batches (running or stopped, newest first), with their progress. */
  async open(): Promise<FloorBatchView[]> {
    return listBatches(this.db, this.account, "b.state IN ('running', 'stopped')");
  }

  /**
   * The open batches no station holds now (interrupted, or stopped by a failure), each with its
   * orders and what every station reached of them.
   */
  async interrupted(): Promise<FloorBatchDetail[]> {
    const open = (await this.open()).filter((b) => !b.live);
    if (open.length === 0) return [];
    const ids = open.map((b) => b.id);
    const orders = await this.db.query<{ id: string; orders: { id: number; name: string }[] }>(
      'SELECT id, orders FROM floor_batches WHERE id = ANY($1::text[]) AND account = $2',
      [ids, this.account],
    );
    const byId = new Map(orders.rows.map((r) => [r.id, r.orders]));
    const reached = await reachedOf(this.db, ids);
    return open.map((b) => ({
      ...b,
      orders: byId.get(b.id) ?? [],
      reachedOrders: reached.get(b.id) ?? [],
    }));
  }

  /** Which of these batches the floor has closed (finished, cancelled or dismissed anywhere). */
  async closed(batchIds: string[]): Promise<string[]> {
    if (batchIds.length === 0) return [];
    const rows = await this.db.query<{ id: string }>(
      `SELECT id FROM floor_batches
        WHERE id = ANY($1::text[]) AND account = $2 AND state NOT IN ('running', 'stopped')`,
      [batchIds, this.account],
    );
    return rows.rows.map((r) => r.id);
  }

  /** A batch's orders, as its first station named them (they never change after). */
  async orders(batchId: string): Promise<{ id: number; name: string }[]> {
    const rows = await this.db.query<{ orders: { id: number; name: string }[] }>(
      'SELECT orders FROM floor_batches WHERE id = $1 AND account = $2',
      [batchId, this.account],
    );
    return rows.rows[0]?.orders ?? [];
  }

  /** One batch of this account as every station sees it; null when the floor has none. */
  async find(batchId: string): Promise<FloorBatchView | null> {
    const found = await listBatches(this.db, this.account, 'b.id = $3', [batchId]);
    return found[0] ?? null;
  }

  /** Takes a stopped or interrupted batch off every station's list. */
  async dismiss(batchId: string): Promise<boolean> {
    const conn = await this.lock(batchId);
    try {
      const done = await conn.query(
        `UPDATE floor_batches SET state = 'dismissed', holder = NULL, updated_at = $2
          WHERE id = $1 AND account = $3 AND state IN ('running', 'stopped')`,
        [batchId, this.now(), this.account],
      );
      return (done.rowCount ?? 0) > 0;
    } finally {
      await unlockBatch(conn, batchId);
    }
  }

  /**
   * "They printed": these orders another station may have printed are on paper there; marked
   * printed floor-wide under the batch's lock (floor-batch-settle.ts). BatchHeldElsewhere when
   * a station prints the batch now.
   */
  async settlePrinted(
    batchId: string,
    orderIds: readonly number[],
    checkedBy: string,
  ): Promise<SettledPrinted> {
    const conn = await this.lock(batchId);
    try {
      return await settlePrintedRows(
        conn,
        { batchId, account: this.account, station: this.station, at: this.now() },
        orderIds,
        checkedBy,
      );
    } finally {
      await unlockBatch(conn, batchId);
    }
  }

  /** Why this station's job of the batch, left queued by a kill, must not be sent; or null. */
  async settledWhileAway(batchId: string, orderIds: readonly number[]): Promise<string | null> {
    return settledWhileAway(
      this.db,
      { batchId, account: this.account, station: this.station },
      orderIds,
    );
  }

  private async lock(batchId: string): Promise<FloorConnection> {
    const conn = await this.db.connect();
    // A lost connection loses the lock with it (the batch shows as interrupted); the next
    // write through this hold fails and says so. Nothing to crash the station over.
    conn.on('error', () => undefined);
    try {
      const got = await conn.query<{ ok: boolean }>(
        'SELECT pg_try_advisory_lock($1, hashtext($2)) AS ok',
        [BATCH_LOCK_CLASS, batchId],
      );
      if (got.rows[0]?.ok) return conn;
      const row = await conn.query<{ holder: string | null }>(
        'SELECT holder FROM floor_batches WHERE id = $1 AND account = $2',
        [batchId, this.account],
      );
      throw new BatchHeldElsewhere(row.rows[0]?.holder ?? 'Another station');
    } catch (error) {
      conn.release();
      throw error;
    }
  }

  private hold(batchId: string, conn: FloorConnection): BatchHold {
    return batchHold(conn, batchId, {
      station: this.station,
      account: this.account,
      now: this.now,
    });
  }
}
