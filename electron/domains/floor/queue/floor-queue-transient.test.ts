/**
 * Two stations coming back at once can meet a serialization failure that outlasts the
 * transaction's own retries. Such a refusal is "not now", not "never": the action stays
 * queued, in order, and lands on the next flush (it was once set aside as refused, and the
 * pack it carried was lost). No database here: the floor's transaction is a stand-in that
 * refuses first with PostgreSQL's code 40001, then takes the work.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type LocalStore, openLocalStore } from '../../../kernel/local-store/local-store';
import type { FloorQueryable } from '../db/floor-db';
import type { FloorActionKind } from '../floor-types';
import { FloorQueue } from './floor-queue';

const applied: number[] = [];
const mark: FloorActionKind<{ orderId: number }> = {
  kind: 'test.mark',
  schema: z.object({ orderId: z.number().int() }),
  async apply(_q, action) {
    applied.push(action.payload.orderId);
    return { applied: true };
  },
};
const queryable = {
  query: async () => ({ rows: [], rowCount: 1 }),
} as unknown as FloorQueryable;

let dir: string;
let store: LocalStore;
beforeEach(async () => {
  applied.length = 0;
  dir = await mkdtemp(path.join(tmpdir(), 'floor-queue-transient-'));
  store = await openLocalStore({ dir });
});
afterEach(async () => {
  store.close();
  await rm(dir, { recursive: true, force: true });
});

function queueRefusing(codes: string[]): { queue: FloorQueue; problems: string[] } {
  const problems: string[] = [];
  const queue = new FloorQueue({
    store,
    kinds: new Map([[mark.kind, mark as FloorActionKind<unknown>]]),
    async tx(fn) {
      const code = codes.shift();
      if (code) throw Object.assign(new Error('could not serialize access'), { code });
      return fn(queryable);
    },
    problem: (message) => problems.push(message),
  });
  return { queue, problems };
}

const action = (orderId: number) => ({
  kind: 'test.mark',
  key: `mark-${orderId}`,
  station: 'station-1',
  at: '2026-11-28T10:00:00.000Z',
  payload: { orderId },
});

describe('floor queue: a refusal for now keeps the action', () => {
  it.each(['40001', '40P01', '55P03', '57014'])(
    'keeps it queued on %s, in order, and sends it next time',
    async (code) => {
      const { queue } = queueRefusing([code]);
      await queue.add(action(1));
      await queue.add(action(2));

      const first = await queue.flush();
      expect(first).toMatchObject({ sent: 0, refused: 0, left: 2 });
      expect(queue.count()).toBe(2);
      expect(applied).toEqual([]);

      const second = await queue.flush();
      expect(second).toMatchObject({ sent: 2, refused: 0, left: 0 });
      expect(applied).toEqual([1, 2]);
      expect(queue.count()).toBe(0);
    },
  );

  it('still sets aside what the floor refuses for good (a constraint), and goes on', async () => {
    const { queue } = queueRefusing(['23514']);
    await queue.add(action(1));
    await queue.add(action(2));
    const report = await queue.flush();
    // The refused one is recorded as a conflict (the stand-in takes that second transaction).
    expect(report).toMatchObject({ refused: 1, sent: 1, left: 0 });
    expect(applied).toEqual([2]);
  });
});
