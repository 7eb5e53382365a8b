/**
 * A test file's floor database on the shared cluster (createTestDatabase), made in the file's
 * beforeAll when the real-PostgreSQL tests run and dropped in its afterAll. Hooks run as a
 * stack, so the file's own afterAll (closing its sessions and consoles) runs before the drop.
 * Kept apart from floor-database.ts, which benches and station children import without Vitest.
 */
import { afterAll, beforeAll } from 'vitest';
import { createTestDatabase, pgSkip, type TestDatabase } from './floor-database';

export interface FileTestDatabase {
  /** The database; there once the file's beforeAll has run (and only when !pgSkip). */
  readonly db: TestDatabase;
}

export function testDatabaseForFile(prefix: string): FileTestDatabase {
  let db: TestDatabase | undefined;
  beforeAll(async () => {
    if (pgSkip) return;
    db = await createTestDatabase(prefix);
  });
  afterAll(async () => {
    await db?.drop();
  });
  return {
    get db() {
      if (!db) throw new Error('the floor database is made in beforeAll, and only with a cluster');
      return db;
    },
  };
}
