/**
 * What the shared-walk tests set up alike: the file's sandbox (seed 1, scale 1) over real
 * HTTP with every request noted (counting-api-client.ts), and a floor database of the test
 * cluster with as many floor sessions (stations, desks) as a test opens, all closed and the
 * database dropped after the file. Call once at the top of a test file: it registers the
 * file's hooks.
 */
import { expect } from 'vitest';
import { startSandboxForFile, TEST_KEY } from '../../../../../sandbox/test/support/sandbox-fixture';
import { countingApiClient } from '../../../../test-support/counting-api-client';
import { readMigrations } from '../../db/migrate';
import type { FloorSessionImpl } from '../../floor-session';
import { testDatabaseForFile } from '../../test-support/test-database-for-file';

export function walkFloorForFile(database: string) {
  const api = startSandboxForFile({ seed: 1, scale: 1 });
  // One client for the file, noting every request the sandbox got.
  let counting: ReturnType<typeof countingApiClient> | undefined;
  const client = async () => {
    counting ??= countingApiClient(api.sandbox().url, TEST_KEY);
    return counting.client;
  };
  const floor = testDatabaseForFile(database);
  return {
    client,
    /** Requests the sandbox got from this file's client so far. */
    requests: () => counting?.asked.length ?? 0,
    /** A station's own floor session, online, with the core's and the shared walks' steps. */
    async session(id: string, name: string): Promise<FloorSessionImpl> {
      const session = floor.session(id, name, {
        migrations: readMigrations().filter((m) => m.version === 1 || m.version === 5),
      });
      expect(await session.ready()).toBe('online');
      return session;
    },
  };
}
