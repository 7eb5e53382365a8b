/**
 * A fresh database on the test cluster (scripts/with-postgres.sh) with the floor's migrations
 * up to the work's (0003, and 0006 its account) applied, one per test file, dropped at the end
 * (test-support/pool-database.ts does the making and dropping). Without a cluster the
 * real-PostgreSQL tests skip with the reason, and fail under PACKBENCH_REQUIRE_PG=1 (CI) so
 * they are never lost.
 */
import { readMigrations } from '../../db/migrate';
import {
  clusterDatabaseForFile,
  createPoolDatabase,
  type FileDatabase,
  type PoolDatabase,
} from '../../test-support/pool-database';

export { hasCluster, requireCluster } from '../../test-support/floor-database';

export type WorkDatabase = PoolDatabase;

export function createWorkDatabase(): Promise<WorkDatabase> {
  // The core's and the pack's migrations first, as the console's runner applies them, then
  // the work's account (0006: every work row names its API account) and the batches' kinds
  // and pending jobs (0008).
  const wanted = (m: { version: number; name: string }) =>
    m.version <= 3 || m.name === 'work-account' || m.name === 'batch-kinds-pending';
  return createPoolDatabase(
    'work',
    readMigrations()
      .filter(wanted)
      .map((m) => m.sql),
  );
}

/** The test file's work database: made before its tests when they run, dropped after. */
export function workDatabaseForFile(): FileDatabase<WorkDatabase> {
  return clusterDatabaseForFile(createWorkDatabase);
}

/** A review mark as a clerk makes it, for the suites that write marks to the floor. */
export const reviewMark = (returnId: number, reviewedBy: string, at: string, note = '') => ({
  returnId,
  rmaNumber: `RMA-${returnId}`,
  reviewedAt: at,
  reviewedBy,
  note,
});
