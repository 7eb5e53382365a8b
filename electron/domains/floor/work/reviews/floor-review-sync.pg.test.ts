/**
 * Review marks through real floor sessions (the core's FloorSession, its offline queue) on the
 * real cluster, each bench with its own local store and the reviews domain's own handlers
 * wrapped for the floor. What a clerk checks: a mark made at bench 1 is in bench 2's store
 * (so its worklist, list and export) with who, when and the note, pushed there; a clear too;
 * with the database stopped (a private cluster of this file's own), bench 1 keeps marking on its own store, and when the database is
 * back the marks reach the floor once each and bench 2 sees them. Each step waits on an event
 * (a mirror written, a status, the queue's count), never on a clock.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HandlersFor } from '../../../../kernel/handler-types';
import { type LocalStore, openLocalStore } from '../../../../kernel/local-store';
import { callContext } from '../../../../kernel/test-support/call-context';
import { createReviewHandlers } from '../../../reviews/review-handlers';
import { reviewsOf } from '../../../reviews/review-store';
import { createFloorSession, type FloorSessionImpl } from '../../floor-session';
import {
  NO_CLUSTER,
  type PrivateCluster,
  pgSkip,
  type TestDatabase,
} from '../../test-support/floor-database';
import { startPrivateDatabase } from '../../test-support/private-database';
import { pendingIs, statusIs } from '../../test-support/session-waits';
import { withFloorReviews } from './floor-review-handlers';
import { FloorReviewSync } from './floor-review-sync';

type Methods = 'returnReviewSet' | 'returnReviewClear' | 'returnReviewsList';

interface Bench {
  session: FloorSessionImpl;
  store: LocalStore;
  handlers: HandlersFor<Methods>;
  /**
   * Resolves once this bench's store holds what `holds` checks: at once if it does, else at the
   * first mirror written after which it does. A condition, not "a mirror naming the id": a
   * whole-floor read begun before a clear (or between two offline marks landing) may be written
   * after it, and on a busy machine one was, so the next mirror to name an id is not the last word.
   */
  mirroredUntil(holds: (store: LocalStore) => boolean): Promise<void>;
  stop(): void;
}

let db: TestDatabase;
// A cluster of this file's own: the test stops its database, and stopping the shared cluster
// of scripts/with-postgres.sh would fail every other file using it at the same moment.
let cluster: PrivateCluster;
let root: string;
const benches: Bench[] = [];

async function bench(
  id: string,
  name: string,
  account: () => string = () => 'account-a',
): Promise<Bench> {
  const store = await openLocalStore({ dir: join(root, id) });
  const session = createFloorSession({
    connection: db.connection,
    station: { id, name, locationId: null },
    store,
  });
  const watchers = new Set<() => void>();
  const sync = new FloorReviewSync(session, async () => store, {
    account,
    mirrored: () => {
      for (const watch of [...watchers]) watch();
    },
  });
  await session.ready();
  const stop = sync.start();
  const local = createReviewHandlers({
    localStore: async () => store,
    listReturns: async () => {
      throw new Error('not used here');
    },
    defaultReviewer: () => name,
  });
  const made: Bench = {
    session,
    store,
    handlers: withFloorReviews(local, sync),
    mirroredUntil: (holds) =>
      new Promise((resolve) => {
        const watch = () => {
          if (!holds(store)) return;
          watchers.delete(watch);
          resolve();
        };
        watchers.add(watch);
        watch();
      }),
    stop,
  };
  benches.push(made);
  return made;
}

beforeAll(async () => {
  if (pgSkip) return;
  ({ cluster, db } = await startPrivateDatabase('reviews'));
  root = await mkdtemp(join(tmpdir(), 'floor-reviews-'));
});
afterAll(async () => {
  for (const b of benches) b.stop();
  await Promise.all(benches.map((b) => b.session.close()));
  await Promise.all(benches.map((b) => b.store.close()));
  if (root) await rm(root, { recursive: true, force: true });
  await db?.drop();
});

describe.skipIf(pgSkip)(`review marks between benches (${NO_CLUSTER})`, () => {
  it('a mark and a clear reach the other bench; offline marks land once when the floor is back', {
    timeout: 120_000,
  }, async () => {
    const one = await bench('st-1', 'Returns bench 1');
    const two = await bench('st-2', 'Returns bench 2');
    const ctx = callContext();

    await one.handlers.returnReviewSet(
      { returnId: 501, rmaNumber: 'RMA-501', note: 'Box crushed', reviewedBy: 'Ana' },
      ctx,
    );
    await two.mirroredUntil((store) => reviewsOf(store, [501]).length === 1);
    expect(reviewsOf(two.store, [501])).toEqual([
      expect.objectContaining({ returnId: 501, reviewedBy: 'Ana', note: 'Box crushed' }),
    ]);

    expect(await one.handlers.returnReviewClear({ returnId: 501 }, ctx)).toEqual({ cleared: true });
    await two.mirroredUntil((store) => reviewsOf(store, [501]).length === 0);
    expect(reviewsOf(two.store, [501])).toEqual([]);

    cluster.stop();
    try {
      await statusIs(one.session, 'offline');
      // Bench 1 goes on marking on its own store; the floor gets them later.
      const before = one.session.pending();
      for (const id of [601, 602, 603]) {
        await one.handlers.returnReviewSet(
          { returnId: id, note: `offline ${id}`, reviewedBy: 'Ana' },
          ctx,
        );
      }
      expect(reviewsOf(one.store, [601, 602, 603])).toHaveLength(3);
      expect(one.session.pending() - before).toBe(3);
    } finally {
      cluster.start();
    }
    await pendingIs(one.session, 0);
    await two.mirroredUntil((store) => reviewsOf(store, [601, 602, 603]).length === 3);
    expect(reviewsOf(two.store, [601, 602, 603]).map((r) => r.note)).toEqual([
      'offline 601',
      'offline 602',
      'offline 603',
    ]);
    const check = await db.client();
    try {
      const rows = await check.query(
        'SELECT return_id::int AS id, count(*)::int AS n FROM floor_review_marks WHERE return_id >= 600 GROUP BY return_id ORDER BY 1',
      );
      expect(rows.rows).toEqual([
        { id: 601, n: 1 },
        { id: 602, n: 1 },
        { id: 603, n: 1 },
      ]);
      const keys = await check.query(
        "SELECT count(*)::int AS n FROM floor_applied WHERE key LIKE 'review:set:60%'",
      );
      expect(keys.rows[0]).toEqual({ n: 3 });
    } finally {
      await check.end();
    }
  });

  it("a bench whose account is named late reads that account's whole floor on its next read", {
    timeout: 60_000,
  }, async () => {
    const one = await bench('st-4', 'Returns bench 4');
    // Bench 5 joins before its API client names the account: its local id stands in.
    let named = 'connection-local-id';
    const five = await bench('st-5', 'Returns bench 5', () => named);
    await statusIs(five.session, 'online');
    const ctx = callContext();
    await one.handlers.returnReviewSet(
      { returnId: 801, note: 'Before bench 5 knew its account', reviewedBy: 'Ana' },
      ctx,
    );
    expect((await five.handlers.returnReviewsList({}, ctx)).reviews).toEqual([]);
    named = 'account-a';
    const listed = await five.handlers.returnReviewsList({}, ctx);
    expect(listed.reviews.map((r) => [r.returnId, r.note])).toContainEqual([
      801,
      'Before bench 5 knew its account',
    ]);
  });
});
