/**
 * The bench's peer: the local store as it was before SQLite (a checksummed JSONL journal, a
 * JSON snapshot, compaction and replay), kept here only so `npm run bench -- local-store`
 * measures both in the same run. The console no longer uses it (its migration reader is
 * electron/kernel/local-store/journal-reader.ts); blobs are left out (files either way).
 */
import { copyFile, type FileHandle, mkdir, open, readFile, rename } from 'node:fs/promises';
import path from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import {
  type Collection,
  LocalStoreError,
  type StoreOp,
} from '../electron/kernel/local-store/collection';
import { encodeLine, type JournalEntry, readJournal } from './local-store-journal-line';

export interface OpenJournalStoreOptions {
  dir: string;
  /** Told about anything recovered or skipped at open, in plain words. */
  onProblem?: (message: string) => void;
  /** Journal size that triggers compaction after a commit (default 4 MiB). */
  compactAt?: number;
}

const SNAPSHOT = 'snapshot.json';
const JOURNAL = 'journal.jsonl';
const SNAPSHOT_VERSION = 1;

interface Snapshot {
  version: number;
  seq: number;
  collections: Record<string, [string, unknown][]>;
}

export async function openJournalStore(options: OpenJournalStoreOptions): Promise<JournalStore> {
  await mkdir(options.dir, { recursive: true, mode: 0o700 });
  const store = new JournalStore(options);
  await store.load();
  return store;
}

export class JournalStore {
  readonly dir: string;
  /** Values as written (checked on put); parsed lazily per collection after a replay. */
  private readonly records = new Map<string, Map<string, unknown>>();
  /** Per collection name: the values as checked by the schema that last read them. */
  private readonly checked = new Map<
    string,
    { by: Collection<unknown>; values: Map<string, unknown> }
  >();
  private readonly listeners = new Set<(collections: ReadonlySet<string>) => void>();
  private readonly problem: (message: string) => void;
  private readonly compactAt: number;
  private journal?: FileHandle;
  private journalBytes = 0;
  private seq = 0;
  private tail: Promise<unknown> = Promise.resolve();
  private broken?: LocalStoreError;
  private closed = false;

  constructor(options: OpenJournalStoreOptions) {
    this.dir = options.dir;
    this.problem = options.onProblem ?? (() => {});
    this.compactAt = options.compactAt ?? 4 * 1024 * 1024;
  }

  /** The value under `key`, or undefined (also when it no longer fits the schema). */
  get<T>(collection: Collection<T>, key: string): T | undefined {
    return this.checkedRecords(collection).get(key) as T | undefined;
  }

  /** Every value, in the order their keys were first written. */
  list<T>(collection: Collection<T>): T[] {
    return [...this.checkedRecords(collection).values()] as T[];
  }

  /**
   * Applies the changes all together or not at all, one transaction after another in call
   * order. Resolves once the transaction is on disk; readers see it from then on.
   */
  commit(ops: readonly StoreOp[]): Promise<void> {
    if (this.closed) return Promise.reject(new LocalStoreError('The local store is closed.'));
    const run = this.tail.then(() => this.append(ops));
    this.tail = run.catch(() => {});
    return run;
  }

  /** Called after each commit with the names of the collections it changed. */
  onChange(listener: (collections: ReadonlySet<string>) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.tail;
    await this.journal?.close();
    this.journal = undefined;
  }

  /** Reads the snapshot and the journal, repairs what a kill left, and compacts. */
  async load(): Promise<void> {
    const snapshotSeq = await this.readSnapshot();
    const journalPath = path.join(this.dir, JOURNAL);
    const text = await readFile(journalPath, 'utf8').catch(() => '');
    const read = readJournal(text);
    for (const entry of read.entries) {
      if (entry.seq > this.seq && entry.seq > snapshotSeq) this.apply(entry);
    }
    this.journal = await open(journalPath, 'a', 0o600);
    await this.journal.chmod(0o600);
    if (read.damagedLines > 0) {
      const aside = `${journalPath}.damaged-${Date.now()}`;
      await copyFile(journalPath, aside);
      this.problem(
        `The local store's journal had ${read.damagedLines} damaged line(s); the rest was kept ` +
          `and the journal copied to ${path.basename(aside)}.`,
      );
    } else if (read.tornTail) {
      this.problem(
        'The local store dropped an unfinished last change (the console was stopped mid-write).',
      );
    }
    this.journalBytes = Buffer.byteLength(text);
    if (read.entries.length > 0 || read.tornTail || read.damagedLines > 0) await this.compact();
  }

  private async readSnapshot(): Promise<number> {
    const file = path.join(this.dir, SNAPSHOT);
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch {
      return 0;
    }
    try {
      const snapshot = JSON.parse(text) as Snapshot;
      if (snapshot.version !== SNAPSHOT_VERSION || !Number.isSafeInteger(snapshot.seq)) {
        throw new Error(`unknown snapshot version ${String(snapshot.version)}`);
      }
      for (const [name, entries] of Object.entries(snapshot.collections)) {
        this.records.set(name, new Map(entries));
      }
      this.seq = snapshot.seq;
      return snapshot.seq;
    } catch (error) {
      const aside = `${file}.unreadable-${Date.now()}`;
      await rename(file, aside).catch(() => {});
      this.problem(
        `The local store's snapshot could not be read (${(error as Error).message}); it was ` +
          `moved to ${path.basename(aside)}.`,
      );
      return 0;
    }
  }

  private async append(ops: readonly StoreOp[]): Promise<void> {
    if (this.broken) throw this.broken;
    if (!this.journal) throw new LocalStoreError('The local store is closed.');
    if (ops.length === 0) return;
    const entry: JournalEntry = { seq: this.seq + 1, ops: ops.map((op) => op.record) };
    const line = encodeLine(entry);
    try {
      await this.journal.write(line);
      await this.journal.datasync();
    } catch (error) {
      // Cut back a partial line so later commits do not follow damage; if even that fails,
      // refuse further commits rather than write after a torn line.
      await this.journal.truncate(this.journalBytes).catch(() => {
        this.broken = new LocalStoreError(
          `The local store in ${this.dir} cannot be written: ${(error as Error).message}`,
        );
      });
      throw new LocalStoreError(
        `The change could not be saved in ${this.dir}: ${(error as Error).message}`,
      );
    }
    this.journalBytes += Buffer.byteLength(line);
    const changed = this.apply(entry, ops);
    for (const listener of this.listeners) listener(changed);
    if (this.journalBytes > this.compactAt) {
      // The transaction is already durable: a failed compaction must not fail it. The journal
      // simply keeps growing until a later compaction succeeds.
      await this.compact().catch((error: Error) =>
        this.problem(`The local store could not be compacted: ${error.message}`),
      );
    }
  }

  private apply(entry: JournalEntry, checked?: readonly StoreOp[]): Set<string> {
    const changed = new Set<string>();
    entry.ops.forEach((op, i) => {
      changed.add(op.c);
      const records = this.records.get(op.c) ?? new Map<string, unknown>();
      this.records.set(op.c, records);
      const cache = this.checked.get(op.c);
      if (op.v === undefined) {
        records.delete(op.k);
        cache?.values.delete(op.k);
      } else {
        records.set(op.k, op.v);
        // A put from this process is already checked (by its collection's schema); a replayed
        // one, or one checked by another definition, is checked on the next read.
        const by = checked?.[i]?.collection;
        if (cache && by === cache.by) cache.values.set(op.k, op.v);
        else this.checked.delete(op.c);
      }
    });
    this.seq = entry.seq;
    return changed;
  }

  private checkedRecords(collection: Collection<unknown>): Map<string, unknown> {
    const done = this.checked.get(collection.name);
    if (done?.by === collection) return done.values;
    const result = new Map<string, unknown>();
    for (const [key, value] of this.records.get(collection.name) ?? []) {
      const parsed = collection.schema.safeParse(value);
      if (parsed.success) result.set(key, parsed.data);
      else
        this.problem(
          `A ${collection.name} record (${key}) no longer fits its schema and was skipped.`,
        );
    }
    this.checked.set(collection.name, { by: collection, values: result });
    return result;
  }

  /** Writes every record to the snapshot, then empties the journal (see the crash story). */
  private async compact(): Promise<void> {
    const snapshot: Snapshot = { version: SNAPSHOT_VERSION, seq: this.seq, collections: {} };
    for (const [name, records] of this.records) {
      if (records.size > 0) snapshot.collections[name] = [...records];
    }
    await writeFileAtomic(path.join(this.dir, SNAPSHOT), JSON.stringify(snapshot), {
      mode: 0o600,
    });
    await this.journal?.truncate(0);
    await this.journal?.datasync();
    this.journalBytes = 0;
  }
}
