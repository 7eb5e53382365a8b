/**
 * The floor's schema, created and moved forward by the consoles themselves: the files in
 * `migrations/` named `NNNN-name.sql` are applied in number order, each once, each in its own
 * transaction with its row in `floor_schema` (version, name, when, by which station).
 *
 * Numbers are owned by the part of the floor that writes them (0001 core, 0002 pack, 0003
 * work, 0004 budget, 0005 walks …); the runner knows none of them and applies what is there.
 *
 * Two consoles starting at once: the whole run holds a PostgreSQL advisory lock, so the second
 * waits, then finds everything applied and does nothing. A database the console must not
 * touch is refused in a sentence, before anything is written:
 *  - its schema is newer than this console knows (a newer Packbench set it up);
 *  - it holds tables but no `floor_schema` (another program's database).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { type FloorDb, guardCheckedOut } from './floor-db';

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export interface MigrateResult {
  /** The versions this run applied (empty when the database was up to date). */
  applied: number[];
  /** The database's schema version after the run. */
  version: number;
}

/** A database this console must not use, with the sentence to show. */
export class FloorSchemaError extends Error {
  override name = 'FloorSchemaError';
}

/** One number for the floor's migration lock (any fixed bigint; "PKBFLOOR" in ASCII). */
export const MIGRATION_LOCK = '5786627419571277650';

const FILE = /^(\d{4})-([a-z0-9][a-z0-9-]*)\.sql$/;

/**
 * The migrations folder: beside this file when run from source, `floor-migrations/` beside
 * the main bundle when built (scripts/build-electron.ts copies it).
 */
export function migrationsDir(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  for (const candidate of [path.join(here, 'migrations'), path.join(here, 'floor-migrations')]) {
    try {
      readdirSync(candidate);
      return candidate;
    } catch {
      // Try the next place.
    }
  }
  return path.join(here, 'migrations');
}

/** The migrations in a folder, in version order; a misnamed or doubled file is an error. */
export function readMigrations(dir: string = migrationsDir()): Migration[] {
  const found: Migration[] = [];
  for (const file of readdirSync(dir).sort()) {
    if (!file.endsWith('.sql')) continue;
    const match = FILE.exec(file);
    if (!match) throw new Error(`A floor migration is misnamed (NNNN-name.sql): ${file}`);
    const version = Number(match[1]);
    if (found.some((m) => m.version === version)) {
      throw new Error(`Two floor migrations share number ${match[1]}: ${file}`);
    }
    found.push({ version, name: match[2]!, sql: readFileSync(path.join(dir, file), 'utf8') });
  }
  return found.sort((a, b) => a.version - b.version);
}

/**
 * Brings the database to the migrations given (default: the folder's), under the lock.
 * `station` is recorded beside each version applied.
 */
export async function migrateFloor(
  db: FloorDb,
  options: { migrations?: Migration[]; station?: string; lockTimeoutMs?: number } = {},
): Promise<MigrateResult> {
  const migrations = options.migrations ?? readMigrations();
  const known = migrations.at(-1)?.version ?? 0;
  const client = await db.pool.connect();
  const guard = guardCheckedOut(client);
  try {
    // Another console migrating holds the lock for the few statements it runs; waiting up
    // to 30 s covers it, and a stuck holder ends in a sentence rather than a hang.
    await client.query(`SET statement_timeout = ${options.lockTimeoutMs ?? 30_000}`);
    await client.query('SELECT pg_advisory_lock($1::bigint)', [MIGRATION_LOCK]);
    try {
      const done = await appliedVersions(client);
      const newest = Math.max(0, ...done);
      if (newest > known) {
        throw new FloorSchemaError(
          `This floor database was set up by a newer Packbench (schema ${newest}; this console knows up to ${known}). Update this console.`,
        );
      }
      const applied: number[] = [];
      for (const migration of migrations) {
        if (done.has(migration.version)) continue;
        await client.query('BEGIN');
        try {
          await client.query(migration.sql);
          await client.query(
            'INSERT INTO floor_schema (version, name, applied_by) VALUES ($1, $2, $3)',
            [migration.version, migration.name, options.station ?? null],
          );
          await client.query('COMMIT');
        } catch (error) {
          await client.query('ROLLBACK').catch(() => {});
          throw new FloorSchemaError(
            `The floor database could not be brought up to date (step ${String(migration.version).padStart(4, '0')} ${migration.name}): ${(error as Error).message}`,
          );
        }
        applied.push(migration.version);
      }
      return { applied, version: Math.max(newest, ...applied) };
    } finally {
      await client
        .query('SELECT pg_advisory_unlock($1::bigint)', [MIGRATION_LOCK])
        .catch((e) => guard.broke(e as Error));
    }
  } catch (error) {
    if (error instanceof FloorSchemaError) throw error;
    if ((error as { code?: string }).code === '57014') {
      throw new FloorSchemaError(
        'Another console has been setting up the floor database for over 30 seconds; try again, or ask IT to check the database.',
      );
    }
    throw error;
  } finally {
    guard.release();
  }
}

/**
 * The versions recorded in floor_schema (created here when the database is empty). A database
 * with tables of its own and no floor_schema is another program's: refused.
 */
async function appliedVersions(client: pg.PoolClient): Promise<Set<number>> {
  const has = await client.query<{ present: boolean }>(
    `SELECT to_regclass('floor_schema') IS NOT NULL AS present`,
  );
  if (!has.rows[0]?.present) {
    const other = await client.query<{ name: string }>(
      `SELECT table_name AS name FROM information_schema.tables
        WHERE table_schema = current_schema() ORDER BY table_name LIMIT 4`,
    );
    if (other.rows.length > 0) {
      const names = other.rows.slice(0, 3).map((r) => r.name);
      throw new FloorSchemaError(
        `This database belongs to another program (it holds ${names.join(', ')}${other.rows.length > 3 ? ' and more' : ''}, and no Packbench floor). Choose an empty database for the floor.`,
      );
    }
    await client.query(
      `CREATE TABLE IF NOT EXISTS floor_schema (
         version integer PRIMARY KEY,
         name text NOT NULL,
         applied_at timestamptz NOT NULL DEFAULT now(),
         applied_by text
       )`,
    );
  }
  const rows = await client.query<{ version: unknown }>('SELECT version FROM floor_schema');
  const versions = new Set<number>();
  for (const row of rows.rows) {
    const version = Number(row.version);
    // A row changed by hand into something that is not a version is named, not guessed at.
    if (!Number.isInteger(version) || version < 1) {
      throw new FloorSchemaError(
        `The floor database's schema record holds a version that is not a number (${String(row.version)}); ask IT to check the floor_schema table.`,
      );
    }
    versions.add(version);
  }
  return versions;
}
