/**
 * Shared walks on the real cluster (scripts/with-postgres.sh): two stations on one account.
 * What a supervisor sees: Desk 2 opening the board after Desk 1 counted gets Desk 1's answer
 * with its age and no walk of its own; both opening at once walk the account once; a copy
 * changed by hand into nonsense is said so and counted again; a walk that breaks off lets
 * the other station walk; the floor unreachable, a station walks alone.
 */
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  runPg,
  type TestDatabase,
} from '../budget/test-support/budget-database';
import { type SharedWalkOptions, sharedWalk, walkAgeWords } from './shared-walk';
import type { WalkKey } from './walks-store';

let db: TestDatabase;
let desk1: pg.Pool;
let desk2: pg.Pool;

beforeAll(async () => {
  if (!runPg) return;
  db = await createTestDatabase(['0001-core.sql', '0005-walks.sql']);
  desk1 = db.pool(2);
  desk2 = db.pool(2);
});
afterAll(async () => {
  await db?.drop();
});

interface Exceptions {
  recalled: number;
  expired: number;
}
const check = (v: unknown) => {
  const o = v as Partial<Exceptions> | null;
  return o && typeof o.recalled === 'number' && typeof o.expired === 'number'
    ? (o as Exceptions)
    : undefined;
};

function options(
  pool: pg.Pool,
  station: string,
  key: WalkKey,
  walk: () => Promise<Exceptions>,
  extra: Partial<SharedWalkOptions<Exceptions>> = {},
): SharedWalkOptions<Exceptions> {
  return {
    db: pool,
    key,
    station,
    freshMs: 10 * 60_000,
    walk,
    check,
    // Listens for the floor's push of the walk's answer (LISTEN on floor_events).
    watch: async () => {
      const client = await pool.connect();
      let seen = false;
      let wake = () => {};
      client.on('notification', (n) => {
        if (n.payload?.includes('"walk.counted"')) {
          seen = true;
          wake();
        }
      });
      await client.query('LISTEN floor_events');
      return {
        next: (timeoutMs) =>
          new Promise<void>((resolve) => {
            if (seen) return resolve();
            const timer = setTimeout(resolve, timeoutMs);
            wake = () => {
              clearTimeout(timer);
              resolve();
            };
          }),
        stop: async () => {
          await client.query('UNLISTEN floor_events').catch(() => {});
          client.release();
        },
      };
    },
    isOffline: (error) => /ECONNREFUSED|terminated/.test(String(error)),
    ...extra,
  };
}

const key = (scope: string): WalkKey => ({
  account: 'walk-account',
  kind: 'inventory-exceptions',
  scope,
});

describe.skipIf(!runPg)('shared walks on PostgreSQL', () => {
  it('serves Desk 1’s count at Desk 2, with its age and station, without a walk of its own', async () => {
    let walks = 0;
    const walk = async () => {
      walks += 1;
      return { recalled: 3, expired: 7 };
    };
    const first = await sharedWalk(options(desk1, 'Desk 1', key('a'), walk));
    expect(first).toMatchObject({ source: 'walked', countedBy: 'Desk 1', value: { recalled: 3 } });
    const second = await sharedWalk(options(desk2, 'Desk 2', key('a'), walk));
    expect(second).toMatchObject({ source: 'floor', countedBy: 'Desk 1', value: { expired: 7 } });
    expect(walks).toBe(1);
    const later = new Date(second.countedAt.getTime() + 4 * 60_000 + 5000);
    expect(walkAgeWords(second.countedAt, second.countedBy, later, 'Desk 2')).toBe(
      'counted 4 min ago at Desk 1',
    );
    // Refresh walks again, and Desk 2 sees the new count.
    const fresh = await sharedWalk(
      options(desk2, 'Desk 2', key('a'), async () => ({ recalled: 4, expired: 7 }), {
        force: true,
      }),
    );
    expect(fresh.source).toBe('walked');
    const again = await sharedWalk(options(desk1, 'Desk 1', key('a'), walk));
    expect(again).toMatchObject({ source: 'floor', countedBy: 'Desk 2', value: { recalled: 4 } });
  });

  it('walks the account once when two desks open the board at the same moment', async () => {
    let walks = 0;
    let finish: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const walk = async () => {
      walks += 1;
      await gate;
      return { recalled: 1, expired: 2 };
    };
    const a = sharedWalk(options(desk1, 'Desk 1', key('b'), walk));
    const b = sharedWalk(options(desk2, 'Desk 2', key('b'), walk));
    // Both have asked; one walks, the other waits for its answer.
    await until(async () => walks === 1);
    finish();
    const results = await Promise.all([a, b]);
    expect(walks).toBe(1);
    expect(results.map((r) => r.source).sort()).toEqual(['floor', 'walked']);
    expect(results.every((r) => r.value.expired === 2)).toBe(true);
  });

  it('says a copy changed by hand into nonsense cannot be read, and counts again', async () => {
    await sharedWalk(options(desk1, 'Desk 1', key('c'), async () => ({ recalled: 1, expired: 1 })));
    await desk2.query("UPDATE floor_walks SET body = 'nonsense'::bytea WHERE scope = 'c'");
    const lines: string[] = [];
    const result = await sharedWalk(
      options(desk2, 'Desk 2', key('c'), async () => ({ recalled: 5, expired: 0 }), {
        log: (l) => lines.push(l),
      }),
    );
    expect(result).toMatchObject({ source: 'walked', value: { recalled: 5 } });
    expect(lines).toEqual([
      "The floor's shared copy of the stock exceptions could not be read; it will be counted again.",
    ]);
  });

  it('lets another station walk when a walk breaks off', async () => {
    await expect(
      sharedWalk(
        options(desk1, 'Desk 1', key('d'), async () => {
          throw new Error('The service did not answer.');
        }),
      ),
    ).rejects.toThrow('The service did not answer.');
    const result = await sharedWalk(
      options(desk2, 'Desk 2', key('d'), async () => ({ recalled: 0, expired: 0 })),
    );
    expect(result.source).toBe('walked');
  });

  it('walks alone when the floor is unreachable', async () => {
    const refused = async () => {
      throw new Error('connect ECONNREFUSED 127.0.0.1:1');
    };
    const gone = { query: refused, connect: refused } as unknown as pg.Pool;
    const result = await sharedWalk(
      options(gone, 'Desk 1', key('e'), async () => ({ recalled: 2, expired: 2 })),
    );
    expect(result).toMatchObject({ source: 'alone', countedBy: 'Desk 1', value: { recalled: 2 } });
  });
});

async function until(ok: () => Promise<boolean>): Promise<void> {
  while (!(await ok())) await new Promise((r) => setTimeout(r, 20));
}
