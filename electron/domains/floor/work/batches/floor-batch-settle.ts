/**
 * "They printed": a person checked the printer of a station that was killed while sending a
 * batch's job, and found those orders on paper. Their 'pending' rows (written before the job
 * was made, see floor-batch-hold.ts) become 'queued', and each order gets the printed mark
 * every station reads (printed_marks, the pack log's marks: "a label printed anywhere is
 * printed everywhere"), so no pack station and no "Print the rest" prints them again.
 *
 * Done under the batch's advisory lock (FloorBatches.settlePrinted takes it) and in one
 * transaction, so it never crosses a station printing them ("Print them") at the same moment.
 *
 * A batch is closed as finished only when nothing of it is left: no order unreached and none
 * 'pending' ("may have printed"). Until then it stays open (interrupted, held by no one), so
 * every station keeps listing what is left to settle.
 */
import { addFloorPrints } from '../../pack/pack-log-floor';
import type { FloorQuery } from '../floor-db-port';

/** True (SQL, over the batch row `b`) while a station may have printed one of its orders. */
export const PENDING_LEFT_SQL = `EXISTS (
  SELECT 1 FROM floor_batch_orders o WHERE o.batch_id = b.id AND o.outcome = 'pending')`;

/**
 * True (SQL, over `b`) while something of the batch is left: an order no station reached, or
 * one a station may have printed ('pending').
 */
export const BATCH_LEFT_SQL = `(
  (SELECT count(*) FROM floor_batch_orders o WHERE o.batch_id = b.id) < b.total
  OR ${PENDING_LEFT_SQL})`;

/** The job id of the marks "They printed" makes: the batch's, as no job of it was heard of. */
const checkedJobId = (batchId: string) => `checked:${batchId}`.slice(0, 64);

export interface SettledPrinted {
  /** The orders marked printed (by name), with the station whose printer has them. */
  settled: { id: number; name: string; station: string }[];
  /** Nothing of the batch was left: it is closed as finished on every station's list. */
  closed: boolean;
}

/**
 * Marks these of the batch's 'pending' orders (other stations' only: this station's own
 * journal knows its jobs) as printed where they were being sent. `conn` holds the batch's lock.
 */
export async function settlePrintedRows(
  conn: FloorQuery,
  scope: { batchId: string; account: string; station: string; at: Date },
  orderIds: readonly number[],
  checkedBy: string,
): Promise<SettledPrinted> {
  const { batchId, account, station, at } = scope;
  await conn.query('BEGIN');
  try {
    const batch = await conn.query<{
      what: 'labels' | 'documents';
      state: string;
      orders: { id: number; name: string }[];
    }>('SELECT what, state, orders FROM floor_batches WHERE id = $1 AND account = $2 FOR UPDATE', [
      batchId,
      account,
    ]);
    const row = batch.rows[0];
    if (!row) throw new BatchNotOpen('This batch is no longer on the floor.');
    if (row.state !== 'running' && row.state !== 'stopped') {
      throw new BatchNotOpen(
        `This batch was already ${row.state} at another station: there is nothing left to settle.`,
      );
    }
    const updated = await conn.query<{ order_id: string; station: string }>(
      `UPDATE floor_batch_orders SET outcome = 'queued', at = $4
        WHERE batch_id = $1 AND order_id = ANY($2::bigint[]) AND outcome = 'pending'
          AND station <> $3
        RETURNING order_id::text, station`,
      [batchId, [...orderIds], station, at],
    );
    const names = new Map((row.orders ?? []).map((o) => [o.id, o.name]));
    const settled = updated.rows.map((r) => {
      const id = Number(r.order_id);
      return { id, name: names.get(id) ?? `Order ${id}`, station: r.station };
    });
    // The mark names where the paper is and who looked: the job id was never heard of (the
    // station died before it said), so one made of the batch's stands for it.
    const jobId = checkedJobId(batchId);
    const byStation = new Map<string, number[]>();
    for (const s of settled) byStation.set(s.station, [...(byStation.get(s.station) ?? []), s.id]);
    for (const [where, ids] of byStation) {
      await addFloorPrints(
        conn,
        account,
        where,
        ids.map((orderId) => ({
          orderId,
          kind: row.what,
          printer: `a printer at ${where}, checked by ${checkedBy}`.slice(0, 200),
          jobId,
          at: at.toISOString(),
        })),
      );
    }
    const closed = await conn.query(
      `UPDATE floor_batches b SET state = 'finished', holder = NULL, reason = NULL, updated_at = $3
        WHERE b.id = $1 AND b.account = $2 AND NOT ${BATCH_LEFT_SQL}`,
      [batchId, account, at],
    );
    if ((closed.rowCount ?? 0) === 0) {
      await conn.query('UPDATE floor_batches SET updated_at = $3 WHERE id = $1 AND account = $2', [
        batchId,
        account,
        at,
      ]);
    }
    await conn.query('COMMIT');
    return { settled, closed: (closed.rowCount ?? 0) > 0 };
  } catch (error) {
    await conn.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

/**
 * For a job of this batch that `station` was killed with before sending (left queued on its
 * disk, its orders 'pending' on the floor): why it must not be sent now, or null. Settled
 * meanwhile: an order printed at another station ("Print them", "Print the rest"), or found
 * on paper here by a person ("They printed", whose mark's job id is `checked:<batch>`).
 */
export async function settledWhileAway(
  conn: FloorQuery,
  scope: { batchId: string; account: string; station: string },
  orderIds: readonly number[],
): Promise<string | null> {
  const { batchId, account, station } = scope;
  const rows = await conn.query<{ station: string; outcome: string; checked: boolean }>(
    `SELECT o.station, o.outcome,
            EXISTS (SELECT 1 FROM printed_marks m
                     WHERE m.account = $2 AND m.order_id = o.order_id AND m.job_id = $4) AS checked
       FROM floor_batch_orders o JOIN floor_batches b ON b.id = o.batch_id
      WHERE o.batch_id = $1 AND b.account = $2 AND o.order_id = ANY($3::bigint[])`,
    [batchId, account, [...orderIds], checkedJobId(batchId)],
  );
  const elsewhere = rows.rows.filter((r) => r.outcome === 'queued' && r.station !== station);
  const checked = rows.rows.filter((r) => r.checked && !elsewhere.includes(r)).length;
  if (elsewhere.length === 0 && checked === 0) return null;
  const parts: string[] = [];
  if (elsewhere.length > 0) {
    const where = [...new Set(elsewhere.map((r) => r.station))].join(', ');
    parts.push(`${count(elsewhere.length)} printed at ${where}`);
  }
  if (checked > 0) parts.push(`${count(checked)} found on paper here`);
  return `Not sent: while this station was stopped, ${parts.join(' and ')}. Sending it would print them twice.`;
}

const count = (n: number) => (n === 1 ? '1 of its orders was' : `${n} of its orders were`);

/** The batch was finished or dismissed meanwhile: said in words. */
export class BatchNotOpen extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BatchNotOpen';
  }
}
