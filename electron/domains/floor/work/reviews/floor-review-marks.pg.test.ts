/**
 * Review marks on the real cluster (scripts/with-postgres.sh): two stations (two pools) on one
 * floor database. What a clerk checks: a mark made at one bench is listed at the other with
 * who, when and the note; it is pushed there (LISTEN/NOTIFY) rather than found by polling; a
 * stale write replayed after an offline spell cannot undo a newer one; a row changed by hand
 * into nonsense is left out and named, the rest still listed.
 */
import type pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseWorkChange, WORK_CHANNEL, type WorkChange } from '../floor-db-port';
import { reviewMark, workDatabaseForFile } from '../test-support/work-database';
import { clearFloorMark, floorMarksOf, setFloorMark } from './floor-review-marks';

/** The API account these rows belong to (0006-work-account.sql). */
const ACCOUNT = 'account-a';
const floor = workDatabaseForFile();
/** Two benches: two pools on the one floor database. */
let benchA: pg.Pool;
let benchB: pg.Pool;

beforeAll(() => {
  if (!floor.run) return;
  benchA = floor.db.pool();
  benchB = floor.db.pool();
});

describe.skipIf(!floor.run)('review marks on the floor (real PostgreSQL)', () => {
  it('a mark made at one bench is pushed to the other, with who, when and the note', async () => {
    const listener = await benchB.connect();
    const changes: WorkChange[] = [];
    let heard: () => void = () => undefined;
    const arrived = new Promise<void>((resolve) => (heard = resolve));
    listener.on('notification', (n) => {
      const change = parseWorkChange(n.payload);
      if (change?.topic === 'reviews') {
        changes.push(change);
        heard();
      }
    });
    await listener.query(`LISTEN ${WORK_CHANNEL}`);
    try {
      const at = '2026-11-28T10:42:00.000Z';
      expect(
        await setFloorMark(
          benchA,
          ACCOUNT,
          reviewMark(101, 'Ana', at, 'Box torn'),
          'Returns bench 1',
          new Date(at),
        ),
      ).toBe(true);
      await arrived;
      expect(changes).toEqual([{ topic: 'reviews', key: '101', account: ACCOUNT }]);
      const seen = await floorMarksOf(benchB, ACCOUNT, [101, 102]);
      expect(seen).toEqual({
        marks: [
          {
            returnId: 101,
            rmaNumber: 'RMA-101',
            reviewedAt: at,
            reviewedBy: 'Ana',
            note: 'Box torn',
            station: 'Returns bench 1',
          },
        ],
        unreadable: [],
      });
    } finally {
      await listener.query(`UNLISTEN ${WORK_CHANNEL}`);
      listener.release();
    }
  });

  it('a clear is seen everywhere, and an older mark replayed later cannot bring it back', async () => {
    const older = new Date('2026-11-28T09:00:00Z');
    const newer = new Date('2026-11-28T09:05:00Z');
    // The same write, made once and replayed below.
    const made = () =>
      setFloorMark(benchA, ACCOUNT, reviewMark(201, 'Ana', older.toISOString()), 'Bench 1', older);
    await made();
    expect(await clearFloorMark(benchB, ACCOUNT, 201, 'Bench 2', newer)).toBe(true);
    // Bench 1 was offline and replays its mark (made before the clear): it loses.
    expect(await made()).toBe(false);
    expect((await floorMarksOf(benchA, ACCOUNT, [201])).marks).toEqual([]);
    // Replaying the clear twice changes nothing and says nothing was live.
    expect(await clearFloorMark(benchB, ACCOUNT, 201, 'Bench 2', newer)).toBe(false);
    // A newer mark does come back.
    const later = new Date('2026-11-28T09:10:00Z');
    expect(
      await setFloorMark(
        benchA,
        ACCOUNT,
        reviewMark(201, 'Ben', later.toISOString(), 'Checked again'),
        'Bench 1',
        later,
      ),
    ).toBe(true);
    expect((await floorMarksOf(benchB, ACCOUNT, [201])).marks.map((m) => m.reviewedBy)).toEqual([
      'Ben',
    ]);
  });

  it('the same mark from two benches at once: one row, the newer change kept', async () => {
    const t1 = new Date('2026-11-28T11:00:00.000Z');
    const t2 = new Date('2026-11-28T11:00:00.250Z');
    await Promise.all([
      setFloorMark(
        benchA,
        ACCOUNT,
        reviewMark(301, 'Ana', t1.toISOString(), 'first'),
        'Bench 1',
        t1,
      ),
      setFloorMark(
        benchB,
        ACCOUNT,
        reviewMark(301, 'Ben', t2.toISOString(), 'second'),
        'Bench 2',
        t2,
      ),
    ]);
    const { marks } = await floorMarksOf(benchA, ACCOUNT, [301]);
    expect(marks).toHaveLength(1);
    expect(marks[0]).toMatchObject({ reviewedBy: 'Ben', note: 'second', station: 'Bench 2' });
  });

  it('a row changed by hand into nonsense is named and left out; the others still list', async () => {
    const at = new Date('2026-11-28T12:00:00Z');
    await setFloorMark(benchA, ACCOUNT, reviewMark(401, 'Ana', at.toISOString()), 'Bench 1', at);
    await setFloorMark(benchA, ACCOUNT, reviewMark(402, 'Ana', at.toISOString()), 'Bench 1', at);
    // Someone "fixes" a row by hand, past the table's checks' reach (the constraint is dropped).
    await benchA.query(
      'ALTER TABLE floor_review_marks DROP CONSTRAINT floor_review_marks_reviewed_by_check',
    );
    await benchA.query("UPDATE floor_review_marks SET reviewed_by = '' WHERE return_id = 402");
    const listed = await floorMarksOf(benchB, ACCOUNT, [401, 402]);
    expect(listed.marks.map((m) => m.returnId)).toEqual([401]);
    expect(listed.unreadable).toEqual(['402']);
  });
});
