/**
 * Typed queries over the records table: a thin layer of our own over node:sqlite's prepared
 * statements. A query names the collection whose records it returns and the parameters it
 * binds (by name, typed), and the store checks each row with that collection's schema, as
 * `get` and `list` do. The SQL sits here beside the indexes it uses (migrations.ts); a query
 * names its index (INDEXED BY), so a plan never falls back to a scan of the collection for
 * want of statistics, and a missing index is an error rather than a slow answer.
 *
 * Why not Kysely: its API is promise-based, while the store's reads are synchronous (features
 * read in the middle of their own logic, as they did from memory), and it has no dialect for
 * node:sqlite's DatabaseSync; what we need is a handful of fixed queries, not a builder.
 */
import type { SQLInputValue } from 'node:sqlite';

export type QueryParams = Record<string, SQLInputValue>;

export interface RecordQuery<P extends QueryParams> {
  /** The collection whose records the query returns (checked against the caller's). */
  readonly collection: string;
  /** Selects `key` and `value` of the records table, binding `:name` parameters. */
  readonly sql: string;
  /** Only for the type of the parameters. */
  readonly params?: P;
}

export function recordQuery<P extends QueryParams>(
  collection: string,
  sql: string,
): RecordQuery<P> {
  return { collection, sql: sql.replace(/\s+/g, ' ').trim() };
}

/** The pack log's records packed at or after `since` (any ISO time), newest first. */
export const packedSince = recordQuery<{ since: string }>(
  'packLog',
  `SELECT key, value FROM records INDEXED BY records_pack_log_packed_at
   WHERE collection = 'packLog' AND julianday(value ->> '$.packedAt') >= julianday(:since)
   ORDER BY julianday(value ->> '$.packedAt') DESC, rowid`,
);

/** Print batches still running or stopped (the ones that may have orders not reached). */
export const batchesNotFinished = recordQuery<Record<string, never>>(
  'print-batches',
  `SELECT key, value FROM records INDEXED BY records_print_batches_state
   WHERE collection = 'print-batches' AND value ->> '$.state' IN ('running', 'stopped')
   ORDER BY rowid`,
);
