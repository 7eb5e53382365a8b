/**
 * The local store: what the API does not keep (pack log, review marks, printed marks, print
 * batches, kept lists), per connection, in one SQLite database in the config folder
 * (sqlite-file.ts: private, WAL, synced at every commit, one console at a time, damage set
 * aside). Records are kept per collection and key as JSON (migrations.ts); features define
 * their collections with a zod schema (collection.ts) and ask by key, by several keys, or
 * with the typed queries of record-queries.ts, so nothing is loaded whole at open.
 *
 * Reads and commits are synchronous underneath (node:sqlite's DatabaseSync): a commit holds
 * the main thread for its fsync (a few milliseconds, see the bench) rather than crossing to
 * a worker, which keeps reads synchronous for the features as they were when the store was
 * in memory. `commit` still returns a promise, settled once the transaction is on disk.
 *
 * Big values (the whole shipments list, the kept exceptions walk) stay files beside the
 * database (blob-files.ts), named by a record here: node:sqlite has no incremental blob I/O,
 * so a 50 MB list would have to be held in memory whole to be written or read, where a file
 * streams in and out.
 */
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { BlobFiles, type BlobInfo, type BlobMeta, type BlobSource } from './blob-files';
import { type Collection, LocalStoreError, type StoreOp } from './collection';
import { importJournalStore } from './migrate-journal';
import { migrate } from './migrations';
import type { QueryParams, RecordQuery } from './record-queries';
import { isDamage, markDamaged, openDatabase, type SalvagedRow } from './sqlite-file';

export interface OpenLocalStoreOptions {
  dir: string;
  /** Told about anything recovered, moved or skipped at open, in plain words. */
  onProblem?: (message: string) => void;
  /** How long to wait for another console holding this store before refusing (ms). */
  lockWaitMs?: number;
}

const SQL = {
  get: 'SELECT key, value FROM records WHERE collection = ? AND key = ?',
  list: 'SELECT key, value FROM records WHERE collection = ? ORDER BY rowid',
  many: `SELECT key, value FROM records
         WHERE collection = ? AND key IN (SELECT value FROM json_each(?))`,
  prefix: `SELECT key, value FROM records
           WHERE collection = ? AND key >= ? AND key < ? || char(1114111) ORDER BY key`,
  // An update keeps the row's rowid, so a list keeps the order keys were first written.
  put: `INSERT INTO records (collection, key, value) VALUES (?, ?, ?)
        ON CONFLICT (collection, key) DO UPDATE SET value = excluded.value`,
  remove: 'DELETE FROM records WHERE collection = ? AND key = ?',
} as const;

const DAMAGED =
  ' (the file is damaged: restart Packbench to set it aside and keep what can be read)';

/** Checked values kept for reads (see `parsed`): about 20 MB of pack-log records at most. */
const PARSED_MAX = 50_000;

interface Parsed {
  raw: string;
  value: unknown;
}

interface Row {
  key: string;
  value: string;
}

export async function openLocalStore(options: OpenLocalStoreOptions): Promise<LocalStore> {
  const problem = options.onProblem ?? (() => {});
  const opened = await openDatabase(options.dir, {
    lockWaitMs: options.lockWaitMs ?? 2000,
    problem,
  });
  try {
    migrate(opened.db, opened.file);
    putSalvaged(opened.db, opened.salvaged);
    await importJournalStore(opened.db, options.dir, problem);
  } catch (error) {
    opened.db.close();
    throw error;
  }
  const store = new LocalStore(options.dir, opened.file, opened.db, problem);
  await store.blobs.sweep();
  return store;
}

export class LocalStore {
  readonly blobs: BlobFiles;
  private readonly statements = new Map<string, StatementSync>();
  private readonly listeners = new Set<(collections: ReadonlySet<string>) => void>();
  /**
   * Values already checked, per collection definition and key, with the JSON they came from:
   * a read whose row holds the same JSON skips the parse and the schema check (the pack
   * station asks "Packed today" every minute). Bounded; the oldest entries go first.
   */
  private readonly parsed = new WeakMap<Collection<unknown>, Map<string, Parsed>>();
  private parsedCount = 0;
  /** Records reported as not fitting their schema, once each per schema. */
  private readonly reported = new WeakMap<Collection<unknown>, Set<string>>();
  private closed = false;

  constructor(
    readonly dir: string,
    private readonly file: string,
    private readonly db: DatabaseSync,
    private readonly problem: (message: string) => void,
  ) {
    this.blobs = new BlobFiles(this);
  }

  /** The value under `key`, or undefined (also when it no longer fits the schema). */
  get<T>(collection: Collection<T>, key: string): T | undefined {
    const row = this.read(() => this.statement(SQL.get).get(collection.name, key)) as
      | Row
      | undefined;
    return row ? this.checked(collection, row) : undefined;
  }

  /** Every value, in the order their keys were first written. */
  list<T>(collection: Collection<T>): T[] {
    return this.checkedRows(
      collection,
      this.read(() => this.statement(SQL.list).all(collection.name)),
    );
  }

  /** The values under these keys, in the keys' order (missing ones left out). */
  getMany<T>(collection: Collection<T>, keys: readonly string[]): T[] {
    if (keys.length === 0) return [];
    const rows = this.statement(SQL.many).all(
      collection.name,
      JSON.stringify(keys),
    ) as unknown as Row[];
    const byKey = new Map(rows.map((row) => [row.key, row]));
    return this.checkedRows(
      collection,
      keys.flatMap((key) => byKey.get(key) ?? []),
    );
  }

  /** The values whose keys start with `prefix`, by key. */
  withKeyPrefix<T>(collection: Collection<T>, prefix: string): T[] {
    return this.checkedRows(
      collection,
      this.read(() => this.statement(SQL.prefix).all(collection.name, prefix, prefix)),
    );
  }

  /** The records a typed query returns (record-queries.ts), checked by the collection's schema. */
  select<T, P extends QueryParams>(
    collection: Collection<T>,
    query: RecordQuery<P>,
    params: P,
  ): T[] {
    if (query.collection !== collection.name) {
      throw new LocalStoreError(
        `A query of ${query.collection} records was asked for ${collection.name} records.`,
      );
    }
    return this.checkedRows(
      collection,
      this.read(() => this.statement(query.sql).all(params)),
    );
  }

  /**
   * Applies the changes all together or not at all, one transaction after another in call
   * order. Resolves once the transaction is on disk; readers see it from then on.
   */
  commit(ops: readonly StoreOp[]): Promise<void> {
    try {
      this.open();
      if (ops.length === 0) return Promise.resolve();
      this.write(ops);
    } catch (error) {
      return Promise.reject(error);
    }
    const changed = new Set(ops.map((op) => op.record.c));
    for (const listener of this.listeners) {
      // The transaction is durable: a listener's failure must not fail it.
      try {
        listener(changed);
      } catch (error) {
        this.problem(`A local store listener failed: ${(error as Error).message}`);
      }
    }
    return Promise.resolve();
  }

  /** Called after each commit with the names of the collections it changed. */
  onChange(listener: (collections: ReadonlySet<string>) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  putBlob(name: string, data: BlobSource, meta: BlobMeta = {}): Promise<BlobInfo> {
    return this.blobs.put(name, data, meta);
  }

  getBlob(name: string): BlobInfo | undefined {
    return this.blobs.get(name);
  }

  removeBlob(name: string): Promise<void> {
    return this.blobs.remove(name);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.statements.clear();
    this.db.close();
  }

  private write(ops: readonly StoreOp[]): void {
    const put = this.statement(SQL.put);
    const remove = this.statement(SQL.remove);
    try {
      this.db.exec('BEGIN IMMEDIATE');
      for (const { record } of ops) {
        if (record.v === undefined) remove.run(record.c, record.k);
        else put.run(record.c, record.k, JSON.stringify(record.v));
      }
      this.db.exec('COMMIT');
    } catch (error) {
      try {
        this.db.exec('ROLLBACK');
      } catch {
        // SQLite already rolled back (e.g. a failed COMMIT on a full disk).
      }
      if (isDamage(error)) markDamaged(this.file);
      throw new LocalStoreError(
        `The change could not be saved in ${this.dir}: ${(error as Error).message}` +
          (isDamage(error) ? DAMAGED : ''),
      );
    }
  }

  /** Runs a read; damage it meets is marked for the next open to set aside (sqlite-file.ts). */
  private read<R>(query: () => R): R {
    try {
      return query();
    } catch (error) {
      if (!isDamage(error)) throw error;
      markDamaged(this.file);
      throw new LocalStoreError(
        `The local records in ${this.dir} could not be read: ${(error as Error).message}${DAMAGED}`,
      );
    }
  }

  private open(): void {
    if (this.closed) throw new LocalStoreError('The local store is closed.');
  }

  private statement(sql: string): StatementSync {
    this.open();
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  private checkedRows<T>(collection: Collection<T>, rows: readonly unknown[]): T[] {
    const out: T[] = [];
    for (const row of rows as readonly Row[]) {
      const value = this.checked(collection, row);
      if (value !== undefined) out.push(value);
    }
    return out;
  }

  private checked<T>(collection: Collection<T>, row: Row): T | undefined {
    const cache = this.parsed.get(collection as Collection<unknown>) ?? new Map<string, Parsed>();
    this.parsed.set(collection as Collection<unknown>, cache);
    const known = cache.get(row.key);
    if (known?.raw === row.value) return known.value as T;
    const value = this.check(collection, row);
    if (value !== undefined) {
      if (!known) this.parsedCount += 1;
      cache.set(row.key, { raw: row.value, value });
      // Past the bound, this collection's oldest entries go (the others age with their use).
      for (const key of cache.keys()) {
        if (this.parsedCount <= PARSED_MAX || cache.size <= 1) break;
        cache.delete(key);
        this.parsedCount -= 1;
      }
    }
    return value;
  }

  private check<T>(collection: Collection<T>, row: Row): T | undefined {
    let value: unknown;
    try {
      value = JSON.parse(row.value);
    } catch {
      value = undefined;
    }
    const parsed = collection.schema.safeParse(value);
    if (parsed.success) return parsed.data;
    const seen = this.reported.get(collection as Collection<unknown>) ?? new Set<string>();
    this.reported.set(collection as Collection<unknown>, seen);
    if (!seen.has(row.key)) {
      seen.add(row.key);
      this.problem(
        `A ${collection.name} record (${row.key}) no longer fits its schema and was skipped.`,
      );
    }
    return undefined;
  }
}

/** Puts back what a damaged file still gave (sqlite-file.ts), in one transaction. */
function putSalvaged(db: DatabaseSync, rows: readonly SalvagedRow[]): void {
  if (rows.length === 0) return;
  const put = db.prepare(SQL.put);
  db.exec('BEGIN IMMEDIATE');
  try {
    for (const row of rows) put.run(row.collection, row.key, row.value);
    db.exec('COMMIT');
  } catch (error) {
    db.exec('ROLLBACK');
    throw error;
  }
}
