/**
 * The local store's schema, as versioned migrations kept in the repo. Each is applied once,
 * in order, inside one transaction with the `user_version` that records it, so a kill during
 * a migration leaves the database at the previous version, never half-migrated.
 *
 * One table holds every feature's records, keyed by collection and key, the value as JSON
 * (checked by the collection's zod schema when written and again when read). Features stay
 * free to add collections without a migration; what a feature asks by something other than
 * its key gets an index here (partial, on a JSON path of that collection only), and the query
 * that uses it lives in queries.ts beside the index's name. The floor's shared database can
 * take the same shape: a table of records per kind, indexes for the questions asked.
 */
import type { DatabaseSync } from 'node:sqlite';
import { LocalStoreError } from './collection';

interface Migration {
  version: number;
  /** What it adds, for the reader of this list. */
  what: string;
  sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    what: 'records per collection; the store’s own facts',
    sql: `
      CREATE TABLE records (
        collection TEXT NOT NULL,
        key TEXT NOT NULL,
        value TEXT NOT NULL,
        PRIMARY KEY (collection, key)
      );
      CREATE TABLE store_facts (name TEXT PRIMARY KEY, value TEXT NOT NULL);
    `,
  },
  {
    version: 2,
    what: 'the questions the features ask: packed since, batches not finished',
    sql: `
      CREATE INDEX records_pack_log_packed_at
        ON records (julianday(value ->> '$.packedAt'))
        WHERE collection = 'packLog';
      CREATE INDEX records_print_batches_state
        ON records (value ->> '$.state')
        WHERE collection = 'print-batches';
    `,
  },
];

export const SCHEMA_VERSION = MIGRATIONS.at(-1)?.version ?? 0;

/** Brings the database up to SCHEMA_VERSION; refuses one written by a newer Packbench. */
export function migrate(db: DatabaseSync, file: string): void {
  const current = userVersion(db);
  if (current > SCHEMA_VERSION) {
    throw new LocalStoreError(
      `The local store ${file} was written by a newer version of Packbench (schema ${current}); ` +
        'update Packbench to open it. Nothing was changed.',
    );
  }
  for (const migration of MIGRATIONS) {
    if (migration.version <= current) continue;
    db.exec('BEGIN IMMEDIATE');
    try {
      db.exec(migration.sql);
      // PRAGMA takes no bound parameters; the version is one of the integers above.
      db.exec(`PRAGMA user_version = ${migration.version}`);
      db.exec('COMMIT');
    } catch (error) {
      db.exec('ROLLBACK');
      throw error;
    }
  }
}

export function userVersion(db: DatabaseSync): number {
  const row = db.prepare('PRAGMA user_version').get() as { user_version: number } | undefined;
  return row?.user_version ?? 0;
}
