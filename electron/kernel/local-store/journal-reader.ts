/**
 * The migration's reader of the store as it was before SQLite: a JSON snapshot plus a
 * checksummed JSONL journal (one transaction a line, `<crc32 8 hex> <JSON {seq, ops}>`).
 * Only reading is left; nothing writes this format any more (migrate-journal.ts moves it into
 * SQLite at the first open). The bench keeps the old writer as its peer (bench/).
 *
 * A line cut short by a kill fails its checksum and is dropped (that transaction was never
 * acknowledged); a damaged line followed by good ones is counted, not applied.
 */
import { readFile } from 'node:fs/promises';
import { crc32 } from 'node:zlib';

export const SNAPSHOT_FILE = 'snapshot.json';
export const JOURNAL_FILE = 'journal.jsonl';

/** A put (`v` present) or a remove (`v` absent) of one key in one collection. */
export interface JournalOp {
  c: string;
  k: string;
  v?: unknown;
}

export interface JournalEntry {
  seq: number;
  ops: JournalOp[];
}

const hex8 = (n: number) => n.toString(16).padStart(8, '0');

/** The entry a line holds, or null when the line is torn, damaged or not an entry. */
export function decodeLine(line: string): JournalEntry | null {
  if (line.length < 10 || line[8] !== ' ') return null;
  const json = line.slice(9);
  if (line.slice(0, 8) !== hex8(crc32(json))) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return null;
  }
  return isEntry(parsed) ? parsed : null;
}

function isEntry(value: unknown): value is JournalEntry {
  if (typeof value !== 'object' || value === null) return false;
  const { seq, ops } = value as Partial<JournalEntry>;
  return (
    Number.isSafeInteger(seq) &&
    Array.isArray(ops) &&
    ops.every(
      (op) =>
        typeof op === 'object' &&
        op !== null &&
        typeof op.c === 'string' &&
        typeof op.k === 'string',
    )
  );
}

export interface ReadJournal {
  entries: JournalEntry[];
  /** A last line cut short (a kill mid-append): dropped. */
  tornTail: boolean;
  /** Whole lines (followed by more lines) that failed their check: damage, not a kill. */
  damagedLines: number;
}

/** Splits the journal's text into entries, telling a torn tail from damage in the middle. */
export function readJournal(text: string): ReadJournal {
  const entries: JournalEntry[] = [];
  let damagedLines = 0;
  let tornTail = false;
  let start = 0;
  while (start < text.length) {
    const end = text.indexOf('\n', start);
    const line = text.slice(start, end === -1 ? text.length : end);
    const entry = end === -1 ? null : decodeLine(line);
    if (entry) entries.push(entry);
    else if (end === -1 || text.slice(end + 1).trim() === '') tornTail = line.trim() !== '';
    else damagedLines += 1;
    if (end === -1) break;
    start = end + 1;
  }
  return { entries, tornTail, damagedLines };
}

/** Every record of an old store in the order its keys were first written (a Map's order). */
export interface OldStore {
  collections: Map<string, Map<string, unknown>>;
  /** Problems to report, in plain words. */
  problems: string[];
  /** True when the snapshot or the journal held anything that could not be read whole. */
  damaged: boolean;
}

/** Reads `<dir>/snapshot.json` and `<dir>/journal.jsonl` as the journal store replayed them. */
export async function readOldStore(dir: string): Promise<OldStore> {
  const collections = new Map<string, Map<string, unknown>>();
  const problems: string[] = [];
  let damaged = false;
  let snapshotSeq = 0;
  const snapshotText = await readFile(`${dir}/${SNAPSHOT_FILE}`, 'utf8').catch(() => undefined);
  if (snapshotText !== undefined) {
    try {
      const snapshot = JSON.parse(snapshotText) as {
        version?: unknown;
        seq?: unknown;
        collections?: Record<string, [string, unknown][]>;
      };
      if (snapshot.version !== 1 || !Number.isSafeInteger(snapshot.seq)) {
        throw new Error(`unknown snapshot version ${String(snapshot.version)}`);
      }
      for (const [name, entries] of Object.entries(snapshot.collections ?? {})) {
        collections.set(name, new Map(entries));
      }
      snapshotSeq = snapshot.seq as number;
    } catch (error) {
      damaged = true;
      problems.push(
        `The old store's snapshot could not be read (${(error as Error).message}); only its journal was moved.`,
      );
    }
  }
  const read = readJournal(await readFile(`${dir}/${JOURNAL_FILE}`, 'utf8').catch(() => ''));
  let seq = snapshotSeq;
  for (const entry of read.entries) {
    // Lines at or below the snapshot's number were already in it (a kill mid-compaction).
    if (entry.seq <= seq) continue;
    seq = entry.seq;
    for (const op of entry.ops) {
      const records = collections.get(op.c) ?? new Map<string, unknown>();
      collections.set(op.c, records);
      if (op.v === undefined) records.delete(op.k);
      else records.set(op.k, op.v);
    }
  }
  if (read.damagedLines > 0) {
    damaged = true;
    problems.push(
      `The old store's journal had ${read.damagedLines} damaged line(s); the rest was moved.`,
    );
  }
  if (read.tornTail) {
    problems.push(
      'The old store dropped an unfinished last change (the console was stopped mid-write).',
    );
  }
  return { collections, problems, damaged };
}
