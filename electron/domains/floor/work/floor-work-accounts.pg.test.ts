/**
 * Two API accounts on one floor database (0006-work-account.sql), on the real cluster: what
 * an owner of two shops on one warehouse's PostgreSQL checks — a station on one account never
 * sees the other's review marks, never overwrites them (the same return id exists in both),
 * hears only its own account's pushes, and a draft's reference registered on one account does
 * not hold back the same reference on the other.
 */
import { describe, expect, it } from 'vitest';
import { FloorBatches } from './batches/floor-batches';
import { FloorPendingCreates } from './creates/floor-pending-creates';
import { parseWorkChange, WORK_CHANNEL, type WorkChange } from './floor-db-port';
import {
  clearFloorMark,
  floorMarkStates,
  floorMarksOf,
  setFloorMark,
} from './reviews/floor-review-marks';
import { reviewMark, workDatabaseForFile } from './test-support/work-database';

const SHOP_A = 'http://127.0.0.1:4010 key 0a0a0a0a0a0a';
const SHOP_B = 'http://127.0.0.1:4010 key 0b0b0b0b0b0b';
const floor = workDatabaseForFile();

/** A mark made at `at`. */
const mark = (returnId: number, reviewedBy: string, at: Date, note = '') =>
  reviewMark(returnId, reviewedBy, at.toISOString(), note);

describe.skipIf(!floor.run)('two accounts on one floor database (real PostgreSQL)', () => {
  it("a station never sees, nor overwrites, another account's review marks", async () => {
    const t1 = new Date('2026-11-28T10:00:00Z');
    const t2 = new Date('2026-11-28T10:05:00Z');
    expect(await setFloorMark(floor.pool, SHOP_A, mark(501, 'Ana', t1, 'A'), 'Bench 1', t1)).toBe(
      true,
    );
    expect((await floorMarksOf(floor.pool, SHOP_B)).marks).toEqual([]);
    expect(await floorMarkStates(floor.pool, SHOP_B)).toEqual([]);

    // Shop B's return 501 is another return: its mark is its own row, A's stays as it was.
    expect(await setFloorMark(floor.pool, SHOP_B, mark(501, 'Ben', t2, 'B'), 'Bench 9', t2)).toBe(
      true,
    );
    const a = (await floorMarksOf(floor.pool, SHOP_A, [501])).marks;
    const b = (await floorMarksOf(floor.pool, SHOP_B, [501])).marks;
    expect(a.map((m) => [m.reviewedBy, m.note, m.station])).toEqual([['Ana', 'A', 'Bench 1']]);
    expect(b.map((m) => [m.reviewedBy, m.note, m.station])).toEqual([['Ben', 'B', 'Bench 9']]);

    // A clear on B leaves A's mark alone.
    expect(
      await clearFloorMark(floor.pool, SHOP_B, 501, 'Bench 9', new Date(t2.getTime() + 1)),
    ).toBe(true);
    expect((await floorMarksOf(floor.pool, SHOP_A, [501])).marks).toHaveLength(1);
    expect((await floorMarksOf(floor.pool, SHOP_B, [501])).marks).toEqual([]);
  });

  it("each push names its account, so a station can pass over another account's", async () => {
    const listener = await floor.pool.connect();
    const heard: WorkChange[] = [];
    let arrived: () => void = () => undefined;
    const both = new Promise<void>((resolve) => (arrived = resolve));
    listener.on('notification', (n) => {
      const change = parseWorkChange(n.payload);
      if (change?.topic === 'reviews' && change.key === '601') heard.push(change);
      if (heard.length === 2) arrived();
    });
    await listener.query(`LISTEN ${WORK_CHANNEL}`);
    try {
      const at = new Date('2026-11-28T11:00:00Z');
      await setFloorMark(floor.pool, SHOP_A, mark(601, 'Ana', at), 'Bench 1', at);
      await setFloorMark(floor.pool, SHOP_B, mark(601, 'Ben', at), 'Bench 9', at);
      await both;
      expect(heard.map((c) => c.account).sort()).toEqual([SHOP_A, SHOP_B]);
    } finally {
      await listener.query(`UNLISTEN ${WORK_CHANNEL}`);
      listener.release();
    }
  });

  it("a draft's reference on one account does not hold back the other's", async () => {
    const a = new FloorPendingCreates({
      db: () => floor.pool,
      station: 'Bench 1',
      account: () => SHOP_A,
    });
    const b = new FloorPendingCreates({
      db: () => floor.pool,
      station: 'Bench 9',
      account: () => SHOP_B,
    });
    const sent = { reference: 'draft-42', sentAt: new Date().toISOString(), order: { n: 1 } };
    await a.record(sent);
    // Not "being sent from Bench 1": that is another account's order.
    await expect(b.record(sent)).resolves.toBeUndefined();
    expect((await b.get('draft-42'))?.order).toEqual({ n: 1 });
    await b.clear('draft-42');
    expect(await b.get('draft-42')).toBeUndefined();
    expect(await a.get('draft-42')).toBeDefined();
  });

  it("another account's batch is neither listed nor taken", async () => {
    const mine = new FloorBatches(floor.pool, 'Office desk', SHOP_A);
    const theirs = new FloorBatches(floor.pool, 'Their desk', SHOP_B);
    const hold = await mine.begin({
      id: 'batch-a-1',
      title: '2 labels',
      what: 'labels',
      orders: [
        { id: 1, name: '#1' },
        { id: 2, name: '#2' },
      ],
      startedBy: 'Cleo',
    });
    await hold.release();
    expect((await mine.open()).map((b) => b.id)).toEqual(['batch-a-1']);
    expect(await theirs.open()).toEqual([]);
    await expect(theirs.take('batch-a-1')).rejects.toThrow('no longer open');
    expect(await theirs.dismiss('batch-a-1')).toBe(false);
    expect((await mine.open()).map((b) => b.id)).toEqual(['batch-a-1']);
  });
});
