/**
 * The local store's database file: `<dir>/store.sqlite`, opened through `node:sqlite` (built
 * into Node 24 and Electron 45's Node, so no native module and no Electron ABI risk).
 *
 * - Private: the folder 0700, the file created 0600 before SQLite opens it (SQLite gives its
 *   -wal file the main file's mode).
 * - WAL with `synchronous = FULL`: in WAL mode NORMAL syncs only at checkpoints, so a commit
 *   that returned could still be lost to a power cut; FULL syncs the WAL at every commit,
 *   which keeps the store's promise that an acknowledged commit is on disk (a kill -9 alone
 *   loses nothing either way: the OS has the bytes).
 * - One console at a time: `locking_mode = EXCLUSIVE` and a write transaction at open take the
 *   file's lock and keep it until close, so a second console (another process) opening the
 *   same connection waits `lockWaitMs` for it and is then refused with a sentence, and never
 *   writes beside the first (the blob sweep and the batch bookkeeping assume one owner).
 *   Exclusive WAL also needs no shared-memory file.
 * - Damage: a file SQLite cannot open as a database, or whose damage a read or commit meets
 *   (the store then leaves a `store.sqlite.check` mark beside it, see markDamaged), is checked
 *   at the next open with `PRAGMA quick_check`, renamed aside (`store.sqlite.damaged-<time>`),
 *   reported, and what can still be read from it is copied into a new file: it is never
 *   silently emptied. The check is not run at every open: it reads the whole file (about
 *   2.4 ms per 1,000 records on a loaded 2-core machine), which alone would spend most of the
 *   open's 300 ms at 100,000 records, and a kill does not damage a WAL database.
 */
import { writeFileSync } from 'node:fs';
import { chmod, mkdir, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { LocalStoreError } from './collection';

export const DATABASE_FILE = 'store.sqlite';

/** SQLite's primary result codes that name a busy lock or a damaged file. */
const SQLITE_BUSY = 5;
const SQLITE_CORRUPT = 11;
const SQLITE_NOTADB = 26;

const code = (error: unknown) => ((error as { errcode?: number }).errcode ?? 0) & 0xff;
export const isDamage = (error: unknown) =>
  code(error) === SQLITE_CORRUPT || code(error) === SQLITE_NOTADB;

export interface OpenedDatabase {
  db: DatabaseSync;
  file: string;
  /** Rows read back from a damaged file set aside at this open (to be put in the new one). */
  salvaged: SalvagedRow[];
}

export interface SalvagedRow {
  collection: string;
  key: string;
  value: string;
}

export async function openDatabase(
  dir: string,
  options: { lockWaitMs: number; problem: (message: string) => void },
): Promise<OpenedDatabase> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await chmod(dir, 0o700);
  const file = path.join(dir, DATABASE_FILE);
  await createPrivate(file);
  const marked = await stat(checkMark(file)).catch(() => undefined);
  let damage: string;
  try {
    const db = connect(file, options.lockWaitMs);
    let check = marked ? 'not checked' : 'ok';
    try {
      if (marked) check = quickCheck(db);
    } finally {
      // Closed before the file is renamed and read again (the lock is this connection's).
      if (check !== 'ok') db.close();
    }
    if (check === 'ok') {
      if (marked) await rm(checkMark(file), { force: true });
      return { db, file, salvaged: [] };
    }
    damage = check;
  } catch (error) {
    if (code(error) === SQLITE_BUSY) {
      throw new LocalStoreError(
        'This connection’s local records (pack log, printed and review marks) are open in ' +
          'another Packbench console on this computer. Close that one, then try again.',
      );
    }
    if (!isDamage(error)) {
      throw new LocalStoreError(
        `The local store ${file} could not be opened: ${(error as Error).message}`,
      );
    }
    damage = (error as Error).message.replace(/\s+/g, ' ');
  }
  const aside = await setAside(file);
  const salvaged = salvage(aside);
  await rm(checkMark(file), { force: true });
  options.problem(
    `The local store's database was damaged (${damage}); it was moved to ` +
      `${path.basename(aside)} and ${salvaged.length} record(s) were read back from it.`,
  );
  await createPrivate(file);
  return { db: connect(file, options.lockWaitMs), file, salvaged };
}

const checkMark = (file: string) => `${file}.check`;

/**
 * Called when a read or commit met damage: the next open checks the file (and sets it aside).
 * Synchronous, as the store's reads are; a mark that cannot be written changes nothing else.
 */
export function markDamaged(file: string): void {
  try {
    writeFileSync(checkMark(file), `${new Date().toISOString()}\n`, { mode: 0o600 });
  } catch {}
}

/** Opens the file with the settings above; throws SQLite's error (busy, damaged) as it is. */
function connect(file: string, lockWaitMs: number): DatabaseSync {
  const db = new DatabaseSync(file, { timeout: lockWaitMs });
  try {
    db.exec('PRAGMA locking_mode = EXCLUSIVE');
    const mode = db.prepare('PRAGMA journal_mode = WAL').get() as { journal_mode: string };
    if (mode.journal_mode !== 'wal') throw new Error(`journal mode ${mode.journal_mode}`);
    db.exec('PRAGMA synchronous = FULL');
    // Takes the write lock now (not at the first commit) and, in exclusive mode, keeps it.
    db.exec('BEGIN IMMEDIATE; COMMIT');
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

function quickCheck(db: DatabaseSync): string {
  const rows = db.prepare('PRAGMA quick_check(3)').all() as { quick_check: string }[];
  const found = rows.map((r) => r.quick_check);
  if (found.length === 1 && found[0] === 'ok') return 'ok';
  // One line for the log: SQLite's first findings, their spacing collapsed.
  return found.join('; ').replace(/\s+/g, ' ').trim().slice(0, 300);
}

async function createPrivate(file: string): Promise<void> {
  const handle = await open(file, 'a', 0o600);
  try {
    await handle.chmod(0o600);
  } finally {
    await handle.close();
  }
}

/** Renames the file (and its WAL, under the name SQLite looks for beside it) out of the way. */
async function setAside(file: string): Promise<string> {
  const aside = `${file}.damaged-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  await rename(file, aside);
  const wal = await stat(`${file}-wal`).catch(() => undefined);
  if (wal) await rename(`${file}-wal`, `${aside}-wal`);
  await rm(`${file}-shm`, { force: true });
  return aside;
}

/** The records a damaged file still gives, in order, up to the first unreadable page. */
function salvage(aside: string): SalvagedRow[] {
  const rows: SalvagedRow[] = [];
  let db: DatabaseSync | undefined;
  try {
    db = new DatabaseSync(aside);
    db.exec('PRAGMA locking_mode = EXCLUSIVE');
    const read = db.prepare('SELECT collection, key, value FROM records ORDER BY rowid');
    for (const row of read.iterate()) rows.push(row as unknown as SalvagedRow);
  } catch {
    // What was read before the damage is kept; the rest stays in the file set aside.
  } finally {
    try {
      db?.close();
    } catch {}
  }
  return rows;
}
