/**
 * A floor in the browser suites (issue 29): one private database on the cluster of
 * scripts/with-postgres.sh, and station consoles in browser mode on one sandbox account and
 * that database, each with its own config folder holding its station profile (name, packer)
 * and its floor connection, as `npm run demo -- --floor N` writes them. The consoles reach the
 * database over the cluster's Unix socket (local logins are trusted there: no password in a
 * keychain, and TLS off because nothing leaves the computer).
 *
 * Without a cluster the floor suites skip, unless PACKBENCH_REQUIRE_PG=1 (CI), where they run
 * and fail, so they are never lost silently.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { launchConsole, type RunningConsole } from './console-fixture';

export const hasCluster = process.env.PACKBENCH_TEST_PG === '1';
export const requireCluster = process.env.PACKBENCH_REQUIRE_PG === '1';
/** Why a floor suite skips: no cluster, and CI does not ask for one. */
export const NO_CLUSTER =
  'needs PostgreSQL: run inside bash scripts/with-postgres.sh (CI sets PACKBENCH_REQUIRE_PG=1)';

function socketConfig(database: string): pg.ClientConfig {
  const socket = process.env.PACKBENCH_PG_SOCKET;
  if (!socket) throw new Error(NO_CLUSTER);
  return {
    host: socket,
    port: Number(process.env.PACKBENCH_PG_PORT),
    user: process.env.PACKBENCH_PG_USER ?? 'packbench',
    database,
  };
}

export interface FloorDatabase {
  name: string;
  /** One statement on the floor's database, for what a test checks or sets up there. */
  query<R extends pg.QueryResultRow>(sql: string, params?: unknown[]): Promise<R[]>;
  drop(): Promise<void>;
}

async function onAdmin(sql: string): Promise<void> {
  const admin = new pg.Client(socketConfig('postgres'));
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

export async function createFloorDatabase(): Promise<FloorDatabase> {
  const name = `floor_e2e_${randomBytes(6).toString('hex')}`;
  await onAdmin(`CREATE DATABASE ${name}`);
  return {
    name,
    async query(sql, params) {
      const client = new pg.Client(socketConfig(name));
      await client.connect();
      try {
        return (await client.query(sql, params)).rows;
      } finally {
        await client.end();
      }
    },
    drop: () => onAdmin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

export interface StationProfile {
  name: string;
  packer: string;
}

export interface FloorStation {
  profile: StationProfile;
  running: RunningConsole;
  stop(): Promise<void>;
}

/** A station console on the floor's database and the given API (one account for all). */
export async function startStation(
  database: FloorDatabase,
  api: { apiBase: string; apiKey: string },
  profile: StationProfile,
): Promise<FloorStation> {
  const configDir = await mkdtemp(join(tmpdir(), 'packbench-floor-e2e-'));
  await chmod(configDir, 0o700);
  const { host, port, user } = socketConfig(database.name);
  const files: [string, unknown][] = [
    ['settings.json', { station: { name: profile.name, packer: profile.packer } }],
    [
      'floor.json',
      {
        stationId: `e2e-${randomUUID()}`,
        connection: { host, port, database: database.name, user, tls: 'off' },
        allowPlain: false,
      },
    ],
  ];
  for (const [file, value] of files) {
    await writeFile(join(configDir, file), `${JSON.stringify(value)}\n`, { mode: 0o600 });
  }
  const started = await launchConsole({ connect: api }, { configDir });
  return {
    profile,
    running: started.running,
    stop: async () => {
      await started.stop();
      await rm(configDir, { recursive: true, force: true });
    },
  };
}
