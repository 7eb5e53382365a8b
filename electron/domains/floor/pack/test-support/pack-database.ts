/**
 * A fresh database on the test cluster (scripts/with-postgres.sh) with the pack migration
 * (0002-pack.sql) applied, one per test file, dropped at the end. Without a cluster the
 * real-PostgreSQL tests skip with the reason, and fail under PACKBENCH_REQUIRE_PG=1 (CI).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type pg from 'pg';
import { hasCluster } from '../../test-support/floor-database';
import {
  clusterPoolConfig,
  createPoolDatabase,
  type PoolDatabase,
} from '../../test-support/pool-database';

export { hasCluster, requireCluster } from '../../test-support/floor-database';
export { runPg } from '../../test-support/pool-database';

export const PACK_MIGRATION = join(
  import.meta.dirname,
  '..',
  '..',
  'db',
  'migrations',
  '0002-pack.sql',
);

export const CLAIM_SETTINGS_MIGRATION = join(
  import.meta.dirname,
  '..',
  '..',
  'db',
  'migrations',
  '0007-claim-settings.sql',
);

export type PackDatabase = PoolDatabase;

/** CI requires the real tests but no cluster runs: say so, instead of a connection error. */
function assertCluster(): void {
  if (!hasCluster) {
    throw new Error(
      'PACKBENCH_REQUIRE_PG=1 but no PostgreSQL cluster runs: start the tests inside scripts/with-postgres.sh.',
    );
  }
}

export function clusterConfig(database: string): pg.PoolConfig {
  assertCluster();
  return clusterPoolConfig(database);
}

export async function createPackDatabase(): Promise<PackDatabase> {
  assertCluster();
  return createPoolDatabase('pack', [
    await readFile(PACK_MIGRATION, 'utf8'),
    // The floor's claim rules (Settings → Floor's idle time), which the claim statements read.
    await readFile(CLAIM_SETTINGS_MIGRATION, 'utf8'),
  ]);
}
