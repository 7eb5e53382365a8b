/**
 * A batch printed at the office desk marks its labels printed in the office's own store; the
 * follower sends those marks to the floor, where a pack station reads them. Real local store,
 * real floor sessions on the cluster.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { PrintedMark } from '../../../../shared/contract/printing-values';
import { defineCollection, put } from '../../../kernel/local-store/collection';
import { localStoreForFile } from '../../../kernel/test-support/local-store-for-file';
import { readMigrations } from '../db/migrate';
import { NO_CLUSTER, pgSkip } from '../test-support/floor-database';
import { testDatabaseForFile } from '../test-support/test-database-for-file';
import { FloorPackStation } from './floor-pack-station';
import { followPrintedMarks } from './printed-marks-follower';

/** The printing domain's marks, as its batch journal writes them (one per order and kind). */
const marks = defineCollection(
  'printed-marks',
  z.object({
    orderId: z.number().int().positive(),
    what: z.enum(['labels', 'documents']),
    at: z.string(),
    printer: z.string(),
    jobId: z.string(),
  }),
  (m: PrintedMark) => `${m.orderId}/${m.what}`,
);

const floor = testDatabaseForFile('packmarks');
const local = localStoreForFile('floor-marks-', !pgSkip);
async function station(id: string, name: string) {
  const session = floor.session(id, name, {
    migrations: readMigrations().filter((m) => m.version <= 2),
  });
  expect(await session.ready()).toBe('online');
  return new FloorPackStation(session, { account: 'acct-marks', scanBudgetMs: 5_000 });
}

describe.skipIf(pgSkip)(`printed marks follow the office desk to the floor (${NO_CLUSTER})`, () => {
  it('a batch printed at the office desk is printed at the pack stations, once', async () => {
    const at = '2026-11-28T10:42:00.000Z';
    // A label printed before the floor was followed is not sent again.
    await local.store.commit([
      put(marks, { orderId: 1, what: 'labels', at, printer: 'Old', jobId: 'j-0' }),
    ]);
    const office = await station('st-office', 'Office desk');
    const packer = await station('st-3', 'Station 3');
    let sent = 0;
    const done: Array<() => void> = [];
    const stop = followPrintedMarks({
      list: () => local.store.list(marks),
      onChange: (fn) => local.store.onChange(fn),
      send: async (prints) => {
        await office.printed('Office desk', prints);
        sent += prints.length;
        done.shift()?.();
      },
    });
    try {
      const arrived = new Promise<void>((resolve) => done.push(resolve));
      await local.store.commit([
        put(marks, { orderId: 2, what: 'labels', at, printer: 'Office Zebra', jobId: 'batch-1' }),
        put(marks, { orderId: 3, what: 'labels', at, printer: 'Office Zebra', jobId: 'batch-1' }),
      ]);
      await arrived;
      // The same mark written again sends nothing; the next new one is sent alone (sends go
      // one at a time in order, so a resend of order 2 would have come before it).
      const next = new Promise<void>((resolve) => done.push(resolve));
      await local.store.commit([
        put(marks, { orderId: 2, what: 'labels', at, printer: 'Office Zebra', jobId: 'batch-1' }),
      ]);
      await local.store.commit([
        put(marks, { orderId: 4, what: 'documents', at, printer: 'Laser', jobId: 'batch-2' }),
      ]);
      await next;
      expect(sent).toBe(3);
      const seen = await packer.marks([1, 2, 3, 4]);
      expect(seen?.map((m) => [m.orderId, m.what, m.printer]).sort()).toEqual([
        [2, 'labels', 'Office Zebra'],
        [3, 'labels', 'Office Zebra'],
        [4, 'documents', 'Laser'],
      ]);
    } finally {
      stop();
    }
  });
});
