/**
 * The floor's database layer on the real cluster: transactions that hold under contention, a
 * statement limit a slow query cannot get past, LISTEN that hears another connection's NOTIFY,
 * and the real errors a person meets at Test connection put in the right words.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  NO_CLUSTER,
  pgSkip,
  type TestDatabase,
} from '../test-support/floor-database';
import { FloorDb } from './floor-db';
import { classifyFloorError } from './floor-errors';
import { migrateFloor } from './migrate';

let db: TestDatabase;
beforeAll(async () => {
  if (pgSkip) return;
  db = await createTestDatabase('floordb');
});
afterAll(async () => {
  await db?.drop();
});

/** The error a connection attempt ends with (or null when it connects). */
async function connectError(change: Partial<TestDatabase['connection']>): Promise<unknown> {
  const floor = new FloorDb({ ...db.connection, ...change }, { connectTimeoutMs: 2000 });
  try {
    await floor.query('SELECT 1');
    return null;
  } catch (error) {
    return error;
  } finally {
    await floor.close();
  }
}

describe.skipIf(pgSkip)(`the floor database (${NO_CLUSTER})`, () => {
  it('serializable transactions under contention: 20 read-then-write increments all count', async () => {
    const floor = new FloorDb(db.connection, { max: 8 });
    try {
      await floor.query(
        'CREATE TABLE counter (n integer NOT NULL); INSERT INTO counter VALUES (0)',
      );
      await Promise.all(
        Array.from({ length: 20 }, () =>
          floor.tx(
            async (q) => {
              const { rows } = await q.query<{ n: number }>('SELECT n FROM counter');
              await q.query('UPDATE counter SET n = $1', [rows[0]!.n + 1]);
            },
            { retries: 50 },
          ),
        ),
      );
      const { rows } = await floor.query<{ n: number }>('SELECT n FROM counter');
      expect(rows[0]!.n).toBe(20);
    } finally {
      await floor.close();
    }
  });

  it('a transaction that throws leaves nothing behind', async () => {
    const floor = new FloorDb(db.connection);
    try {
      await floor.query('CREATE TABLE kept (id integer)');
      await expect(
        floor.tx(async (q) => {
          await q.query('INSERT INTO kept VALUES (1)');
          throw new Error('changed my mind');
        }),
      ).rejects.toThrow('changed my mind');
      const { rows } = await floor.query('SELECT count(*)::int AS n FROM kept');
      expect(rows[0]!.n).toBe(0);
    } finally {
      await floor.close();
    }
  });

  it('a connection the server ends while a transaction holds it: that transaction fails, nothing crashes, the next works', async () => {
    const floor = new FloorDb(db.connection, { max: 1 });
    const other = await db.client();
    // The crash this guards against is an 'error' event nobody listens to: Node would end
    // the console. Any such event reaches the process, which this test watches.
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', onUncaught);
    try {
      const failed = await floor
        .tx(async (q) => {
          const { rows } = await q.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
          // Ended from outside while this connection waits between two statements (as
          // `pg_ctl stop` or an administrator does): the server's FATAL arrives with no query
          // running, which the client can only report as an 'error' event.
          await other.query('SELECT pg_terminate_backend($1)', [rows[0]!.pid]);
          await expect
            .poll(
              async () =>
                (
                  await other.query(
                    'SELECT count(*)::int AS n FROM pg_stat_activity WHERE pid = $1',
                    [rows[0]!.pid],
                  )
                ).rows[0].n,
            )
            .toBe(0);
          await q.query('SELECT 1');
        })
        .catch((error: unknown) => error);
      expect(failed).toBeInstanceOf(Error);
      // The broken connection is not handed out again: the pool's one slot opens a new one.
      const { rows } = await floor.query<{ n: number }>('SELECT 1 AS n');
      expect(rows[0]!.n).toBe(1);
      expect(uncaught).toEqual([]);
    } finally {
      process.off('uncaughtException', onUncaught);
      await other.end();
      await floor.close();
    }
  });

  it('a slow statement is stopped by the server at the limit, and said so in words', async () => {
    const floor = new FloorDb(db.connection, { statementTimeoutMs: 100 });
    try {
      const error = await floor.query('SELECT pg_sleep(5)').catch((e: unknown) => e);
      expect(classifyFloorError(error)).toEqual({
        kind: 'timeout',
        message: 'The floor database took too long to answer.',
      });
      const tight = await floor
        .tx((q) => q.query('SELECT pg_sleep(5)'), { timeoutMs: 50 })
        .catch((e: unknown) => e);
      expect(classifyFloorError(tight).kind).toBe('timeout');
    } finally {
      await floor.close();
    }
  });

  it("hears another connection's NOTIFY on its listening connection", async () => {
    const floor = new FloorDb(db.connection);
    const other = await db.client();
    try {
      const heard = new Promise<string>((resolve) => {
        void floor.listen('floor_test', resolve);
      });
      // The listener is up before the NOTIFY (listen resolves once LISTEN ran).
      await floor.listen('floor_test', () => {});
      await other.query(`NOTIFY floor_test, 'packed 1001'`);
      expect(await heard).toBe('packed 1001');
    } finally {
      await other.end();
      await floor.close();
    }
  });

  it('Test connection: each real failure in its own words', async () => {
    expect(await connectError({})).toBeNull();
    expect(classifyFloorError(await connectError({ password: 'not-the-password' }))).toEqual({
      kind: 'password',
      message: 'The floor database refused the user name or password.',
    });
    expect(classifyFloorError(await connectError({ database: 'no_such_floor' })).kind).toBe(
      'database',
    );
    expect(classifyFloorError(await connectError({ port: 1 })).kind).toBe('unreachable');
    // The cluster's certificate is self-signed: verifying it without its CA fails as TLS.
    expect(classifyFloorError(await connectError({ tls: 'verify', ca: undefined })).kind).toBe(
      'tls',
    );
    expect(await connectError({ tls: 'require', ca: undefined })).toBeNull();
  });

  it('a user without rights on the database: the schema cannot be created, said as rights', async () => {
    const admin = await db.client();
    try {
      await admin.query(`CREATE ROLE clerk_${db.name} LOGIN PASSWORD 'clerk-pass'`);
    } finally {
      await admin.end();
    }
    const floor = new FloorDb({
      ...db.connection,
      user: `clerk_${db.name}`,
      password: 'clerk-pass',
    });
    try {
      const error = await migrateFloor(floor).catch((e: unknown) => e);
      expect(classifyFloorError(error).kind).toBe('rights');
    } finally {
      await floor.close();
    }
  });
});
