/**
 * The floor's batches as another station's print queue shares them (floor-batch-share.ts), on
 * the real cluster: a batch a live station prints is not offered and its rest is refused in
 * words (where, and by whom); once that station lets go it is listed with what was reached,
 * "Print the rest" reads under the hold and hands it to the batch's recorder (no third station
 * can take it meanwhile); dismissing it here takes it off every station's list. Whole station
 * processes killed with -9: floor-batch-rest.pg.test.ts.
 */
import type pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { workDatabaseForFile } from '../test-support/work-database';
import { floorBatchShare } from './floor-batch-share';
import { BatchHeldElsewhere, FloorBatches } from './floor-batches';

const floor = workDatabaseForFile();
const ACCOUNT = 'account-share';
let pools: pg.Pool[] = [];

beforeAll(() => {
  // Three stations' own pools (the database's drop ends them).
  if (floor.run) pools = [floor.db.pool(4), floor.db.pool(4), floor.db.pool(4)];
});

const orders = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ id: 2000 + i, name: `#${2000 + i}` }));

describe.skipIf(!floor.run)("another station's batch, shared (real PostgreSQL)", () => {
  it('refuses a held batch in words, then takes the rest under the hold and hands it on', async () => {
    const office = new FloorBatches(pools[0]!, 'Office desk', ACCOUNT);
    const pack = floorBatchShare({ batches: () => new FloorBatches(pools[1]!, 'Pack 2', ACCOUNT) });
    const third = new FloorBatches(pools[2]!, 'Pack 3', ACCOUNT);
    const hold = await office.begin({
      id: 'b-share',
      title: '40 orders: #2000 … #2039',
      what: 'labels',
      orders: orders(40),
      startedBy: 'Ana',
    });
    await hold.record([
      ...orders(12).map((o) => ({ id: o.id, outcome: 'queued' as const })),
      { id: 2012, outcome: 'no_label' as const },
    ]);

    // Printing at the office desk: not offered, and its rest refused in words.
    expect(await pack.share.interrupted()).toEqual([]);
    await expect(pack.share.take('b-share')).rejects.toThrow(
      'This batch is being printed at Office desk by Ana.',
    );

    // The office desk lets go (its connection dropped): listed with what it reached.
    await hold.release();
    const [listed] = await pack.share.interrupted();
    expect(listed).toMatchObject({ station: 'Office desk', startedBy: 'Ana', state: 'running' });
    expect(listed?.reached).toHaveLength(13);
    expect(listed?.reached.find((r) => r.id === 2012)).toEqual({ id: 2012, outcome: 'no_label' });

    // Taken here: read under the hold, which the batch's recorder takes over.
    const taken = await pack.share.take('b-share');
    expect(taken?.batch.orders).toHaveLength(40);
    expect(taken?.batch.reached.map((r) => r.id).sort()).toEqual(
      [...orders(13)].map((o) => o.id).sort(),
    );
    await expect(third.take('b-share')).rejects.toThrow(BatchHeldElsewhere);
    const handed = pack.handed('b-share');
    expect(handed).toBeDefined();
    expect(pack.handed('b-share')).toBeUndefined();
    // Handed on: letting go of the take does not let go of the recorder's hold.
    await taken?.release();
    await expect(third.take('b-share')).rejects.toThrow(BatchHeldElsewhere);
    await handed?.end('finished');
    expect(await pack.share.closed(['b-share', 'unknown'])).toEqual(['b-share']);
    await expect(pack.share.take('b-share')).rejects.toThrow(
      'This batch was already finished at another station: there is nothing left to print.',
    );
    expect(await pack.share.take('unknown')).toBeNull();
  });

  it("dismissing another station's batch takes it off every station's list", async () => {
    const office = new FloorBatches(pools[0]!, 'Office desk', ACCOUNT);
    const pack = floorBatchShare({ batches: () => new FloorBatches(pools[1]!, 'Pack 2', ACCOUNT) });
    const hold = await office.begin({
      id: 'b-dismiss',
      title: '5 orders',
      what: 'labels',
      orders: orders(5),
      startedBy: 'Ana',
    });
    await expect(pack.share.dismiss('b-dismiss')).rejects.toThrow(
      'This batch is being printed at Office desk by Ana.',
    );
    await hold.release();
    expect(await pack.share.dismiss('b-dismiss')).toBe(true);
    expect(await office.open()).toEqual([]);
    expect(await pack.share.interrupted()).toEqual([]);
  });
});
