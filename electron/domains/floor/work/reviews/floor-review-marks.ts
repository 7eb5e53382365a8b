/**
 * Review marks on returns, floor-wide: one row per return in `floor_review_marks`
 * (0003-work.sql), so every clerk station sees who reviewed a return, when, and the note.
 *
 * Each write carries the time it was made at its station (`changedAt`), and a write older
 * than the row's loses. That makes a write idempotent (an offline queue replaying it twice
 * changes nothing) and order-proof (a station back online with a stale mark cannot undo a
 * newer one made meanwhile). A clear is a row with `cleared_at`, not a delete, for the same
 * reason: a delete would let an older "set" bring the mark back.
 *
 * Every row names its API account (0006-work-account.sql) and every query is scoped by it: a
 * station on another account never sees, nor overwrites, these marks.
 *
 * Rows are read defensively: a row changed by hand into nonsense is left out and named
 * (`unreadable`), never allowed to break the worklist.
 */
import { z } from 'zod';
import type { ReturnReview } from '../../../../../shared/contract/clerk-values';
import type { FloorQuery } from '../floor-db-port';

/** A mark as the floor shows it: the review, and the station it was made at. */
export interface FloorReviewMark extends ReturnReview {
  station: string;
}

export interface FloorMarks {
  marks: FloorReviewMark[];
  /** Return ids whose row could not be read (changed by hand); left out, never guessed. */
  unreadable: string[];
}

const rowSchema = z.object({
  return_id: z.coerce.number().int().positive(),
  rma_number: z.string().max(64).nullable(),
  reviewed_by: z.string().min(1).max(80),
  reviewed_at: z.date(),
  note: z.string().max(2000),
  station: z.string(),
});

const COLUMNS = 'return_id, rma_number, reviewed_by, reviewed_at, note, station';

/** Records the mark unless a newer change of this return's mark is already on the floor. */
export async function setFloorMark(
  db: FloorQuery,
  account: string,
  mark: ReturnReview,
  station: string,
  changedAt: Date,
): Promise<boolean> {
  const result = await db.query(
    `INSERT INTO floor_review_marks AS m
       (return_id, rma_number, reviewed_by, reviewed_at, note, station, changed_at, cleared_at, account)
     VALUES ($1, $2, $3, $4, $5, $6, $7, NULL, $8)
     ON CONFLICT (account, return_id) DO UPDATE SET
       rma_number = EXCLUDED.rma_number, reviewed_by = EXCLUDED.reviewed_by,
       reviewed_at = EXCLUDED.reviewed_at, note = EXCLUDED.note, station = EXCLUDED.station,
       changed_at = EXCLUDED.changed_at, cleared_at = NULL
     WHERE m.changed_at <= EXCLUDED.changed_at`,
    [
      mark.returnId,
      mark.rmaNumber,
      mark.reviewedBy,
      new Date(mark.reviewedAt),
      mark.note,
      station,
      changedAt,
      account,
    ],
  );
  return (result.rowCount ?? 0) > 0;
}

/**
 * Clears the return's mark unless a newer change is on the floor. True when a live mark was
 * cleared (as the local store's clear answers).
 */
export async function clearFloorMark(
  db: FloorQuery,
  account: string,
  returnId: number,
  station: string,
  changedAt: Date,
): Promise<boolean> {
  const result = await db.query<{ was_live: boolean }>(
    `UPDATE floor_review_marks AS m
        SET cleared_at = $3, changed_at = $3, station = $2
       FROM (SELECT return_id, cleared_at IS NULL AS was_live
               FROM floor_review_marks WHERE account = $4 AND return_id = $1 FOR UPDATE) AS before
      WHERE m.account = $4 AND m.return_id = before.return_id AND m.changed_at <= $3
      RETURNING before.was_live`,
    [returnId, station, changedAt, account],
  );
  return result.rows[0]?.was_live === true;
}

/** The live marks (every one, or those of these returns). */
export async function floorMarksOf(
  db: FloorQuery,
  account: string,
  ids?: readonly number[],
): Promise<FloorMarks> {
  const result =
    ids === undefined
      ? await db.query(
          `SELECT ${COLUMNS} FROM floor_review_marks
            WHERE account = $1 AND cleared_at IS NULL ORDER BY return_id`,
          [account],
        )
      : await db.query(
          `SELECT ${COLUMNS} FROM floor_review_marks
            WHERE account = $1 AND cleared_at IS NULL AND return_id = ANY($2::bigint[])
            ORDER BY return_id`,
          [account, ids.filter((id) => Number.isSafeInteger(id))],
        );
  const marks: FloorReviewMark[] = [];
  const unreadable: string[] = [];
  for (const raw of result.rows) {
    const row = rowSchema.safeParse(raw);
    if (!row.success || Number.isNaN(row.data.reviewed_at.getTime())) {
      unreadable.push(String((raw as { return_id?: unknown }).return_id ?? '?'));
      continue;
    }
    marks.push({
      returnId: row.data.return_id,
      rmaNumber: row.data.rma_number,
      reviewedAt: row.data.reviewed_at.toISOString(),
      reviewedBy: row.data.reviewed_by,
      note: row.data.note,
      station: row.data.station,
    });
  }
  return { marks, unreadable };
}

/**
 * The marks a station shows: the floor's, and for returns the floor does not know (marked
 * here while it was offline, not yet sent) this station's own. The floor wins where both
 * have one: it already holds every station's newest change.
 */
export function mergeMarks(
  floor: readonly ReturnReview[],
  local: readonly ReturnReview[],
): ReturnReview[] {
  const byId = new Map<number, ReturnReview>();
  for (const mark of local) byId.set(mark.returnId, mark);
  for (const mark of floor) byId.set(mark.returnId, mark);
  return [...byId.values()].sort((a, b) => a.returnId - b.returnId);
}

/** "Reviewed by Ana 10:42" — how the worklist names a mark (local time, 24-hour). */
export function reviewedLine(mark: Pick<ReturnReview, 'reviewedBy' | 'reviewedAt'>): string {
  const at = new Date(mark.reviewedAt);
  const time = Number.isNaN(at.getTime())
    ? ''
    : ` ${String(at.getHours()).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')}`;
  return `Reviewed by ${mark.reviewedBy}${time}`;
}

/** A return's mark as the floor holds it: live, or cleared (null). */
export interface FloorMarkState {
  returnId: number;
  mark: FloorReviewMark | null;
}

/**
 * The floor's state of these returns' marks (every return the floor knows when `ids` is
 * absent), cleared ones included: what a station mirrors into its own store.
 */
export async function floorMarkStates(
  db: FloorQuery,
  account: string,
  ids?: readonly number[],
): Promise<FloorMarkState[]> {
  const result =
    ids === undefined
      ? await db.query<{ return_id: string; live: boolean }>(
          'SELECT return_id, cleared_at IS NULL AS live FROM floor_review_marks WHERE account = $1',
          [account],
        )
      : await db.query<{ return_id: string; live: boolean }>(
          `SELECT return_id, cleared_at IS NULL AS live FROM floor_review_marks
            WHERE account = $1 AND return_id = ANY($2::bigint[])`,
          [account, ids.filter((id) => Number.isSafeInteger(id))],
        );
  const liveIds = result.rows.filter((r) => r.live).map((r) => Number(r.return_id));
  const { marks } = liveIds.length > 0 ? await floorMarksOf(db, account, liveIds) : { marks: [] };
  const byId = new Map(marks.map((m) => [m.returnId, m]));
  return result.rows
    .map((r) => Number(r.return_id))
    .filter((id) => !liveIds.includes(id) || byId.has(id))
    .map((id) => ({ returnId: id, mark: byId.get(id) ?? null }));
}
