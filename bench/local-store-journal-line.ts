/**
 * The bench peer's journal line (bench/local-store-journal.ts), as the journal store wrote it: one committed transaction.
 *
 *   <crc32 of the JSON, 8 hex digits> <JSON of { seq, ops }>\n
 *
 * The checksum tells a line cut short by a kill (or damaged on disk) from a whole one, so
 * replay never applies half a transaction: a line either checks out whole or is dropped.
 */
import { crc32 } from 'node:zlib';
// The line format and its check are the migration reader's (one decoder for both); the peer
// keeps only what the old store did beyond reading: writing lines and measuring a torn tail.
import {
  decodeLine,
  type JournalEntry,
  type JournalOp as StoreOpRecord,
} from '../electron/kernel/local-store/journal-reader';

export type { JournalEntry, StoreOpRecord };

const hex8 = (n: number) => n.toString(16).padStart(8, '0');

export function encodeLine(entry: JournalEntry): string {
  const json = JSON.stringify(entry);
  return `${hex8(crc32(json))} ${json}\n`;
}

export interface ReadJournal {
  entries: JournalEntry[];
  /** Byte length of the whole lines read; a torn tail starts here. */
  goodBytes: number;
  /** A last line cut short (a kill mid-append): dropped, the file is cut back to goodBytes. */
  tornTail: boolean;
  /** Whole lines (followed by more lines) that failed their check: damage, not a kill. */
  damagedLines: number;
}

/** Splits the journal's text into entries, telling a torn tail from damage in the middle. */
export function readJournal(text: string): ReadJournal {
  const entries: JournalEntry[] = [];
  let offset = 0;
  let goodBytes = 0;
  let damagedLines = 0;
  let tornTail = false;
  let start = 0;
  while (start < text.length) {
    const end = text.indexOf('\n', start);
    const line = text.slice(start, end === -1 ? text.length : end);
    offset += Buffer.byteLength(line) + (end === -1 ? 0 : 1);
    const entry = end === -1 ? null : decodeLine(line);
    if (entry) {
      entries.push(entry);
      goodBytes = offset;
    } else if (end === -1 || text.slice(end + 1).trim() === '') {
      // The last line: a kill mid-append leaves it short (no newline, or a failed check).
      tornTail = line.trim() !== '';
    } else {
      damagedLines += 1;
    }
    if (end === -1) break;
    start = end + 1;
  }
  return { entries, goodBytes, tornTail, damagedLines };
}
