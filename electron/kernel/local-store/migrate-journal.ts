/**
 * At the first open of a connection's store in SQLite, its records from the store as it was
 * before (snapshot.json + journal.jsonl, journal-reader.ts) are copied in, all in one
 * transaction that also records the move (store_facts), and only then are the old files
 * renamed aside (`*.migrated-<time>`), so nothing a person recorded is lost:
 * - a kill before the commit leaves the database without them and the old files in place:
 *   the next open moves them again, from the start;
 * - a kill after the commit, before the renames: the next open sees the move recorded and
 *   only renames the files (never copies them twice).
 * Blob files stay where they are (blobs/); their records move like any other.
 */
import { rename, stat } from 'node:fs/promises';
import path from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { LocalStoreError } from './collection';
import { JOURNAL_FILE, readOldStore, SNAPSHOT_FILE } from './journal-reader';

const FACT = 'migrated-from-journal';

export async function importJournalStore(
  db: DatabaseSync,
  dir: string,
  problem: (message: string) => void,
): Promise<void> {
  const present: string[] = [];
  for (const name of [SNAPSHOT_FILE, JOURNAL_FILE]) {
    if (await stat(path.join(dir, name)).catch(() => undefined)) present.push(name);
  }
  if (present.length === 0) return;
  const done = db.prepare('SELECT value FROM store_facts WHERE name = ?').get(FACT);
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  if (!done) {
    const old = await readOldStore(dir);
    let count = 0;
    const put = db.prepare(
      `INSERT INTO records (collection, key, value) VALUES (?, ?, ?)
       ON CONFLICT (collection, key) DO UPDATE SET value = excluded.value`,
    );
    db.exec('BEGIN IMMEDIATE');
    try {
      for (const [collection, records] of old.collections) {
        for (const [key, value] of records) {
          put.run(collection, key, JSON.stringify(value));
          count += 1;
        }
      }
      db.prepare('INSERT INTO store_facts (name, value) VALUES (?, ?)').run(
        FACT,
        JSON.stringify({ at: new Date().toISOString(), records: count, files: present }),
      );
      db.exec('COMMIT');
    } catch (error) {
      db.exec('ROLLBACK');
      throw new LocalStoreError(
        `The local records in ${dir} could not be moved into the new store ` +
          `(${(error as Error).message}); the old files were left as they were.`,
      );
    }
    for (const message of old.problems) problem(message);
    problem(
      `Moved ${count} record(s) from the old local store into ${path.basename(dir)}/store.sqlite; ` +
        `the old files were kept as ${present.map((n) => `${n}.migrated-${stamp}`).join(' and ')}.`,
    );
  }
  for (const name of present) {
    await rename(path.join(dir, name), path.join(dir, `${name}.migrated-${stamp}`));
  }
}
