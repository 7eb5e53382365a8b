/**
 * A test file's floor database on the shared cluster (createTestDatabase), made in the file's
 * beforeAll when the real-PostgreSQL tests run and dropped in its afterAll. Hooks run as a
 * stack, so the file's own afterAll (closing its sessions and consoles) runs before the drop.
 * `session` makes a station's floor session there and closes it before the drop. Kept apart
 * from floor-database.ts, which benches and station children import without Vitest.
 */
import { afterAll, beforeAll } from 'vitest';
import {
  createFloorSession,
  type FloorSessionImpl,
  type FloorSessionOptions,
} from '../floor-session';
import { createTestDatabase, pgSkip, type TestDatabase } from './floor-database';

export interface FileTestDatabase {
  /** The database; there once the file's beforeAll has run (and only when !pgSkip). */
  readonly db: TestDatabase;
  /**
   * A station's floor session on this database (no local store unless `options` gives one),
   * closed in the file's afterAll before the database is dropped.
   */
  session(id: string, name: string, options?: Partial<FloorSessionOptions>): FloorSessionImpl;
}

export function testDatabaseForFile(prefix: string): FileTestDatabase {
  let db: TestDatabase | undefined;
  const sessions: FloorSessionImpl[] = [];
  beforeAll(async () => {
    if (pgSkip) return;
    db = await createTestDatabase(prefix);
  });
  afterAll(async () => {
    await Promise.all(sessions.map((s) => s.close()));
    await db?.drop();
  });
  const made = (): TestDatabase => {
    if (!db) throw new Error('the floor database is made in beforeAll, and only with a cluster');
    return db;
  };
  return {
    get db() {
      return made();
    },
    session(id, name, options = {}) {
      const session = createFloorSession({
        connection: made().connection,
        station: { id, name, locationId: null },
        store: null,
        ...options,
      });
      sessions.push(session);
      return session;
    },
  };
}
