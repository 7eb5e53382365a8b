/**
 * Batches on the real cluster: journalled before the first job, progress and "Print the rest"
 * listed at every station, and the rest printed by one station only — two stations pressing
 * it together, many times over, never both get it; a station whose connection dies mid-batch
 * leaves it interrupted for the others at once. (Whole station processes killed with -9:
 * floor-work-stations.pg.test.ts.)
 */
import type pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { workDatabaseForFile } from '../test-support/work-database';
import { BATCH_LOCK_CLASS, BatchHeldElsewhere, batchLine, FloorBatches } from './floor-batches';

const floor = workDatabaseForFile();
/** The API account these rows belong to (0006-work-account.sql). */
const ACCOUNT = 'account-a';
let poolA: pg.Pool;
let poolB: pg.Pool;

beforeAll(() => {
  // Two stations' own pools (the database's drop ends them).
  if (!floor.run) return;
  poolA = floor.db.pool(6);
  poolB = floor.db.pool(6);
});

const orders = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ id: 1000 + i, name: `#${1000 + i}` }));

/** Ana begins a batch of `n` labels at `station`: the hold on it, as FloorBatches.begin gives. */
const beginLabels = (station: FloorBatches, id: string, n: number) =>
  station.begin({ id, title: `${n} labels`, what: 'labels', orders: orders(n), startedBy: 'Ana' });

describe.skipIf(!floor.run)('batches on the floor (real PostgreSQL)', () => {
  it('is listed at another station before its first job, with progress in words', async () => {
    const office = new FloorBatches(poolA, 'Office desk', ACCOUNT);
    const pack = new FloorBatches(poolB, 'Station 3', ACCOUNT);
    const hold = await beginLabels(office, 'b-progress', 40);
    const [before] = await pack.open();
    expect(before).toMatchObject({ id: 'b-progress', reached: 0, total: 40, live: true });
    await hold.record(orders(14).map((o) => ({ id: o.id, outcome: 'queued' as const })));
    const [during] = await pack.open();
    expect(batchLine(during!)).toBe('Printing at Office desk: 14 of 40');
    await expect(pack.take('b-progress')).rejects.toThrow(BatchHeldElsewhere);
    await hold.end('finished');
    expect(await pack.open()).toEqual([]);
    // Finished: its rest can never be printed again, from anywhere.
    await expect(pack.take('b-progress')).rejects.toThrow(/no longer open/);
  });

  it('a station whose connection dies mid-batch leaves it interrupted; the rest goes to one other station, once', async () => {
    const office = new FloorBatches(poolA, 'Office desk', ACCOUNT);
    const hold = await beginLabels(office, 'b-cut', 10);
    await hold.record(orders(4).map((o) => ({ id: o.id, outcome: 'queued' as const })));
    // The office computer loses its connection (what a kill -9 does to it).
    const killed = poolA.totalCount;
    // Only the batch holds of this test's database: the cluster is shared with other suites
    // (a migration's advisory lock in another database was killed by an unscoped version).
    const ended = await poolA.query<{ pid: number }>(
      `SELECT pid, pg_terminate_backend(pid) FROM pg_locks
        WHERE locktype = 'advisory' AND granted AND pid <> pg_backend_pid()
          AND classid = $1
          AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
      [BATCH_LOCK_CLASS],
    );
    expect(killed).toBeGreaterThan(0);
    // pg_terminate_backend only signals: the server lets go of the lock when that backend has
    // exited. Wait for that (a condition, one round trip a turn; the test's timeout guards it).
    const pids = ended.rows.map((r) => r.pid);
    for (;;) {
      const alive = await poolB.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM pg_stat_activity WHERE pid = ANY($1::int[])',
        [pids],
      );
      if (alive.rows[0]?.n === 0) break;
    }
    // Its hold notices at its next write; releasing a dead hold hands the connection back.
    await expect(hold.record([{ id: 1004, outcome: 'queued' }])).rejects.toThrow();
    await hold.release();
    const s2 = new FloorBatches(poolB, 'Station 2', ACCOUNT);
    const s3 = new FloorBatches(floor.db.pool(2), 'Station 3', ACCOUNT);
    const [cut] = await s2.open();
    expect(cut).toMatchObject({ id: 'b-cut', live: false, reached: 4 });
    expect(batchLine(cut!)).toBe('Interrupted at Office desk: 4 of 10 reached. Print the rest?');
    const tries = await Promise.allSettled([s2.take('b-cut'), s3.take('b-cut')]);
    const won = tries.filter((t) => t.status === 'fulfilled');
    expect(won).toHaveLength(1);
    const lost = tries.find((t) => t.status === 'rejected') as PromiseRejectedResult;
    expect(lost.reason).toBeInstanceOf(BatchHeldElsewhere);
    const rest = (won[0] as PromiseFulfilledResult<Awaited<ReturnType<FloorBatches['take']>>>)
      .value;
    expect((await rest.notReached()).map((o) => o.id)).toEqual(
      orders(10)
        .slice(4)
        .map((o) => o.id),
    );
    await rest.record(
      orders(10)
        .slice(4)
        .map((o) => ({ id: o.id, outcome: 'queued' as const })),
    );
    await rest.end('finished');
    await expect(s3.take('b-cut')).rejects.toThrow(/no longer open/);
  });

  it('200 times two stations press "Print the rest" together: never both', async () => {
    const s2 = new FloorBatches(poolA, 'Station 2', ACCOUNT);
    const s3 = new FloorBatches(poolB, 'Station 3', ACCOUNT);
    let doubles = 0;
    for (let i = 0; i < 200; i += 1) {
      const id = `b-race-${i}`;
      const first = await s2.begin({
        id,
        title: 't',
        what: 'labels',
        orders: orders(3),
        startedBy: 'Ana',
      });
      await first.end('stopped', 'the printer ran out of labels');
      const tries = await Promise.allSettled([s2.take(id), s3.take(id)]);
      const winners = tries.filter((t) => t.status === 'fulfilled') as PromiseFulfilledResult<
        Awaited<ReturnType<FloorBatches['take']>>
      >[];
      if (winners.length !== 1) doubles += 1;
      for (const w of winners) await w.value.end('finished');
    }
    expect(doubles).toBe(0);
  });
});
