/**
 * Pack claims and the floor's pack log on the real cluster (scripts/with-postgres.sh), two
 * stations as two pools on one database. What a packer and a supervisor check: the second
 * station meets the gate with the first's name, packer and time; an idle claim lets go; a
 * takeover needs a reason and is logged; "Already packed", printed marks and reprints are the
 * same at every station; and 1,000 trials of two stations scanning the same order within
 * 100 ms of each other end in exactly one pack each.
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Claimant, claimGateWords, TakeoverRefused } from './claim-rules';
import { claimOrder, claimTakeovers, liveClaims, releaseClaim, takeOverClaim } from './claim-store';
import { type PackQueryable, type PackTx, poolTx } from './floor-port';
import {
  addFloorPrints,
  applyPack,
  floorPackCounts,
  floorPackRecords,
  floorPrintedMarks,
  type PackPayload,
} from './pack-log-floor';
import { mayPack, openForPacking } from './pack-open';
import { createPackDatabase, type PackDatabase, runPg } from './test-support/pack-database';

const ACCOUNT = 'sandbox-account';
let db: PackDatabase;
let station3: PackQueryable & PackTx;
let station5: PackQueryable & PackTx;
let pools: pg.Pool[];

beforeAll(async () => {
  if (!runPg) return;
  db = await createPackDatabase();
  pools = [db.pool(8), db.pool(8)];
  station3 = poolTx(pools[0]!);
  station5 = poolTx(pools[1]!);
});
afterAll(async () => {
  await db?.drop();
});

const at3 = (orderId: number, packer = 'Ana'): Claimant => ({
  orderId,
  orderName: `#${10_000 + orderId}`,
  station: 'Station 3',
  packer,
});
const at5 = (orderId: number, packer = 'Bo'): Claimant => ({
  ...at3(orderId),
  station: 'Station 5',
  packer,
});

function pack(who: Claimant, claim: 'floor' | 'local' = 'floor', over: Partial<PackPayload> = {}) {
  const payload: PackPayload = {
    orderId: who.orderId,
    orderName: who.orderName,
    station: who.station,
    packer: who.packer,
    packedAt: new Date().toISOString(),
    claim,
    lines: [{ sku: 'MUG-1', qty: 1, scanned: 1, byHand: 0 }],
    overrides: [],
    ...over,
  };
  return { key: `pack-${randomUUID()}`, payload };
}

async function write(at: PackTx, p: ReturnType<typeof pack>) {
  return at.tx((q) => applyPack(q, ACCOUNT, p.key, p.payload));
}

/** Moves a claim's last touch back on the database's own clock (no test waits 15 minutes). */
async function idleFor(orderId: number, minutes: number) {
  await station3.query(
    `UPDATE pack_claims SET touched_at = now() - make_interval(mins => $2) WHERE order_id = $1`,
    [orderId, minutes],
  );
}

describe.skipIf(!runPg)('pack claims on the floor (real PostgreSQL)', () => {
  it('gates a second station with who holds the order, where and since when', async () => {
    const first = await claimOrder(station3, ACCOUNT, at3(1));
    expect(first.kind).toBe('granted');
    const second = await claimOrder(station5, ACCOUNT, at5(1));
    expect(second.kind).toBe('held');
    if (second.kind !== 'held' || first.kind !== 'granted') return;
    expect(second.holder).toMatchObject({
      station: 'Station 3',
      packer: 'Ana',
      orderName: '#10001',
    });
    expect(second.holder.since).toBe(first.claim.since);
    const words = claimGateWords(second.holder, () => '10:42');
    expect(words.title).toBe('Being packed at Station 3 by Ana since 10:42');
    // A rescan at the same bench, by the packer now signed in there, keeps the claim.
    const again = await claimOrder(station3, ACCOUNT, at3(1, 'Cy'));
    expect(again).toMatchObject({
      kind: 'resumed',
      claim: { packer: 'Cy', since: first.claim.since },
    });
  });

  it('lets a claim idle past the set time go to the next station, and only then', async () => {
    await claimOrder(station3, ACCOUNT, at3(2));
    await idleFor(2, 10);
    expect((await claimOrder(station5, ACCOUNT, at5(2))).kind).toBe('held');
    await idleFor(2, 16);
    const taken = await claimOrder(station5, ACCOUNT, at5(2));
    expect(taken).toMatchObject({ kind: 'granted', claim: { station: 'Station 5' } });
    if (taken.kind === 'granted') expect(taken.expired?.station).toBe('Station 3');
    expect((await claimOrder(station3, ACCOUNT, at3(2))).kind).toBe('held');
  });

  it('takes over only with a reason, and logs whose it was, who took it and why', async () => {
    await claimOrder(station3, ACCOUNT, at3(3));
    await expect(takeOverClaim(station5, ACCOUNT, at5(3), '  ')).rejects.toThrow(TakeoverRefused);
    const still = await claimOrder(station5, ACCOUNT, at5(3));
    expect(still).toMatchObject({ kind: 'held', holder: { station: 'Station 3' } });
    const since = new Date(Date.now() - 60_000).toISOString();
    const claim = await takeOverClaim(station5, ACCOUNT, at5(3), 'Ana went on a break');
    expect(claim).toMatchObject({ station: 'Station 5', packer: 'Bo' });
    expect((await claimOrder(station3, ACCOUNT, at3(3))).kind).toBe('held');
    const log = await claimTakeovers(station3, ACCOUNT, since);
    expect(log).toEqual([
      expect.objectContaining({
        orderName: '#10003',
        from: 'Station 3 (Ana)',
        to: 'Station 5 (Bo)',
        reason: 'Ana went on a break',
      }),
    ]);
  });

  it('is released by its holder only; then the next station gets it', async () => {
    await claimOrder(station3, ACCOUNT, at3(4));
    expect(await releaseClaim(station5, ACCOUNT, 4, 'Station 5')).toBe(false);
    expect((await claimOrder(station5, ACCOUNT, at5(4))).kind).toBe('held');
    expect(await releaseClaim(station3, ACCOUNT, 4, 'station 3')).toBe(true);
    expect((await claimOrder(station5, ACCOUNT, at5(4))).kind).toBe('granted');
  });

  it('ends the claim with the pack, and every station knows it is packed, where and by whom', async () => {
    await claimOrder(station3, ACCOUNT, at3(5));
    const p = pack(at3(5));
    expect(await write(station3, p)).toEqual({ applied: true });
    expect((await liveClaims(station5, ACCOUNT)).map((c) => c.orderId)).not.toContain(5);
    const [record] = await floorPackRecords(station5, ACCOUNT, { orderIds: [5] });
    expect(record).toMatchObject({
      orderId: 5,
      orderName: '#10005',
      station: 'Station 3',
      packedBy: 'Ana',
      times: 1,
      printed: [],
    });
    // Written again (a retried queue, a lost answer): still one pack.
    expect(await write(station3, p)).toEqual({ applied: true });
    expect((await floorPackRecords(station5, ACCOUNT, { orderIds: [5] }))[0]?.times).toBe(1);
  });

  it('marks a label printed at the office desk as printed at the pack stations, with reprints', async () => {
    const since = new Date(Date.now() - 1000).toISOString();
    const before = await floorPackCounts(station5, ACCOUNT, since);
    await claimOrder(station3, ACCOUNT, at3(6));
    await write(station3, pack(at3(6)));
    const at = new Date().toISOString();
    await addFloorPrints(station3, ACCOUNT, 'Office desk', [
      { orderId: 6, kind: 'labels', printer: 'Zebra office', jobId: 'batch-1', at },
      { orderId: 6, kind: 'labels', printer: 'Zebra office', jobId: 'batch-1', at },
    ]);
    await addFloorPrints(station5, ACCOUNT, 'Station 5', [
      { orderId: 6, kind: 'shipping_label', printer: 'Zebra 5', jobId: 'job-9', at },
      { orderId: 6, kind: 'packing_slip', printer: 'Laser 5', jobId: 'job-9', at },
    ]);
    const marks = await floorPrintedMarks(station3, ACCOUNT, [6]);
    expect(marks).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ orderId: 6, what: 'labels', printer: 'Zebra 5', jobId: 'job-9' }),
        expect.objectContaining({ orderId: 6, what: 'documents', printer: 'Laser 5' }),
      ]),
    );
    const [record] = await floorPackRecords(station3, ACCOUNT, { orderIds: [6] });
    expect(record?.printed.map((x) => x.kind).sort()).toEqual([
      'labels',
      'packing_slip',
      'shipping_label',
    ]);
    const after = await floorPackCounts(station3, ACCOUNT, since);
    expect(after.packed - before.packed).toBe(1);
    // The office's label once (reported twice: one mark), then reprinted at Station 5.
    expect(after.reprints - before.reprints).toBe(1);
  });
});

describe.skipIf(!runPg)(
  'two stations scanning the same order within 100 ms (real PostgreSQL)',
  () => {
    it('1,000 trials: exactly one station packs each order, 0 double packs', async () => {
      const TRIALS = 1000;
      const base = 100_000;
      const outcomes: { orderId: number; granted: string[] }[] = [];
      const scan = async (at: PackTx & PackQueryable, who: Claimant, delayMs: number) => {
        // The second scan comes 0–100 ms after the first: that is the trial, not a measure.
        if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
        // What the pack screen does: claim, read the floor's log, count only when both allow.
        const opened = await openForPacking(at, ACCOUNT, who);
        if (!mayPack(opened)) return null;
        await write(at, pack(who));
        return who.station;
      };
      const trial = async (i: number) => {
        const orderId = base + i;
        const lag = Math.floor(Math.random() * 100);
        const threeFirst = Math.random() < 0.5;
        const results = await Promise.all([
          scan(station3, at3(orderId), threeFirst ? 0 : lag),
          scan(station5, at5(orderId), threeFirst ? lag : 0),
        ]);
        outcomes.push({ orderId, granted: results.filter((r): r is string => r !== null) });
      };
      // 25 trials side by side: each trial's two scans still race each other.
      for (let i = 0; i < TRIALS; i += 25) {
        await Promise.all(Array.from({ length: 25 }, (_, j) => trial(i + j)));
      }
      expect(outcomes).toHaveLength(TRIALS);
      expect(outcomes.filter((o) => o.granted.length !== 1)).toEqual([]);
      const rows = await station3.query(
        `SELECT order_id, count(*)::int AS n FROM pack_log
        WHERE account = $1 AND order_id >= $2 GROUP BY order_id`,
        [ACCOUNT, base],
      );
      expect(rows.rows).toHaveLength(TRIALS);
      expect(rows.rows.filter((r) => r.n !== 1)).toEqual([]);
      const conflicts = await station3.query(
        'SELECT count(*)::int AS n FROM pack_conflicts WHERE order_id >= $1',
        [base],
      );
      expect(conflicts.rows[0]?.n).toBe(0);
      // Both stations won some: the race was real, not one pool always first.
      const wins = new Set(outcomes.map((o) => o.granted[0]));
      expect(wins).toEqual(new Set(['Station 3', 'Station 5']));
    }, 240_000);
  },
);
