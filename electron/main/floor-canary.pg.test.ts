/**
 * The API key canary (issue 29): a console whose key is a canary, kept in the real OS keychain
 * (the private keyring of scripts/with-keyring.sh), joins a real floor database (the private
 * cluster of scripts/with-postgres.sh) through Settings → Floor and works on it. Then every row
 * of every table in the floor database is dumped, and the server's log (every statement is
 * logged there): the canary is in none of them. The floor's own password is in no file either.
 *
 * The whole bridge is composed, so any floor part wired into it later is covered by the dump.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BridgeMethod } from '../../shared/contract/bridge-contract';
import {
  createTestDatabase,
  NO_CLUSTER,
  pgSkip,
  type TestDatabase,
} from '../domains/floor/test-support/floor-database';
import type { Bridge } from '../kernel/dispatch/dispatcher-types';
import { detectKeyringSession } from '../kernel/settings/test-support/keyring-session';
import { createBridge } from './create-bridge';

const keyring = await detectKeyringSession();
const skip = pgSkip || (!keyring.usable && !keyring.required);
const CANARY = `pk_live_CANARY${randomBytes(8).toString('hex')}`;

const dir = mkdtempSync(join(tmpdir(), 'packbench-floor-canary-'));
let bridge: Bridge;
let db: TestDatabase;

const call = async (method: BridgeMethod, args: unknown = {}) => {
  const answer = (await bridge.dispatcher.call(method, args)) as {
    ok: boolean;
    value?: unknown;
    error?: unknown;
  };
  // No answer of the bridge carries the canary either.
  expect(JSON.stringify(answer)).not.toContain(CANARY);
  // biome-ignore lint/suspicious/noExplicitAny: the test reads results loosely.
  return answer as any;
};

beforeAll(async () => {
  if (skip) return;
  db = await createTestDatabase('canary');
  // The default key store: the OS keychain (the private keyring here).
  bridge = await createBridge({ configDir: dir, exportDir: dir, transport: 'browser' });
});
afterAll(async () => {
  await bridge?.close();
  await db?.drop();
  rmSync(dir, { recursive: true, force: true });
});

/** Every file under the config folder, read as text. */
function filesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .map((name) => join(folder, name))
    .filter((path) => statSync(path).isFile())
    .map((path) => readFileSync(path).toString('latin1'));
}

describe.skipIf(skip)(
  `the API key canary on a floor (${NO_CLUSTER}; ${keyring.why || 'keyring'})`,
  () => {
    it('is in no table of the floor database and not in its log', { timeout: 60_000 }, async () => {
      const saved = await call('connectionSave', {
        name: 'Warehouse',
        baseUrl: 'https://api.example.com',
      });
      expect(saved.ok).toBe(true);
      const key = await call('keySet', {
        connectionId: saved.value.id,
        apiKey: CANARY,
        storage: 'keychain',
      });
      expect(key.value).toMatchObject({ hasKey: true, storage: 'keychain' });
      await call('connectionSelect', { id: saved.value.id });

      const connection = {
        host: db.connection.host,
        port: db.connection.port,
        database: db.connection.database,
        user: db.connection.user,
        tls: 'require' as const,
        password: db.connection.password,
      };
      const tested = await call('floorTest', connection);
      expect(tested.value).toMatchObject({ ok: true, kind: 'ok' });
      const wrong = await call('floorTest', { ...connection, password: 'wrong-password' });
      expect(wrong.value).toEqual({
        ok: false,
        kind: 'password',
        message: 'The floor database refused the user name or password.',
      });
      const joined = await call('floorSettingsSave', { connection });
      expect(joined.value).toMatchObject({ status: 'online', hasPassword: true, pending: 0 });

      // Floor actions: the station named, a packer signed in (pushed as station.changed).
      const listener = await db.client();
      listener.on('error', () => {});
      const signedIn = new Promise<void>((resolve) => {
        listener.on('notification', (message) => {
          const event = JSON.parse(message.payload ?? '{}') as { payload?: { packer?: string } };
          if (event.payload?.packer === 'Ana') resolve();
        });
      });
      await listener.query('LISTEN floor_events');
      await call('settingsUpdate', { patch: { station: { name: 'Bench 4', packer: 'Ana' } } });
      await signedIn;
      await listener.end();

      const dump = await db.client();
      try {
        const tables = await dump.query<{ name: string }>(
          `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public'`,
        );
        expect(tables.rows.map((t) => t.name)).toContain('floor_stations');
        let rows = 0;
        for (const { name } of tables.rows) {
          const all = await dump.query<{ row: string }>(
            `SELECT row_to_json(t)::text AS row FROM "${name}" t`,
          );
          rows += all.rowCount ?? 0;
          for (const { row } of all.rows) expect(row, `a row of ${name}`).not.toContain(CANARY);
        }
        const stations = await dump.query('SELECT name FROM floor_stations');
        expect(stations.rows).toEqual([{ name: 'Bench 4' }]);
        expect(rows).toBeGreaterThan(3);
      } finally {
        await dump.end();
      }
      const log = readFileSync(process.env.PACKBENCH_PG_LOG!, 'utf8');
      expect(log).toContain('floor_stations');
      expect(log).not.toContain(CANARY);
      // The floor's password is kept in the keychain, not in any file of the console's.
      for (const text of filesUnder(dir)) {
        expect(text).not.toContain(CANARY);
        expect(text).not.toContain(db.connection.password);
      }
    });
  },
);
