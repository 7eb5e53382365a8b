/**
 * Adds the review marks to a returns CSV the export wrote: four columns after the API's own
 * (reviewed, reviewed_at, reviewed_by, review_note), joined by the `id` column or else the
 * `rma_number` column (the spec does not list the export's columns, so both are looked for).
 * Streams through csv-parse and csv-stringify into a new file beside it and replaces the
 * export only when that file is complete, so a failure leaves the API's CSV as it was.
 * The CSV libraries load on the first export, not at start (the main bundle's start stays
 * lean: scripts/main-bundle.test.ts).
 */
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReturnReview } from '@shared/contract/clerk-values';

export const REVIEW_COLUMNS = ['reviewed', 'reviewed_at', 'reviewed_by', 'review_note'] as const;

export interface ReviewColumnsOutcome {
  /** Data rows written (the header aside). */
  rows: number;
  /** Rows that carry a review mark. */
  reviewed: number;
  /** False when neither an id nor an RMA column was found: the columns are empty. */
  joined: boolean;
  bytes: number;
}

/** The first bytes of the file: a BOM to keep, and the line ending to write. */
async function sniff(file: string): Promise<{ bom: boolean; crlf: boolean }> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(64 * 1024);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    const head = buffer.subarray(0, bytesRead);
    const bom = head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf;
    const lf = head.indexOf(0x0a);
    return { bom, crlf: lf > 0 && head[lf - 1] === 0x0d };
  } finally {
    await handle.close();
  }
}

export async function addReviewColumns(
  file: string,
  reviewFor: (row: { id?: string; rma?: string }) => ReturnReview | undefined,
  /** Keep only the rows with (or without) a mark; 'any' keeps every row. */
  keep: 'any' | 'reviewed' | 'unreviewed' = 'any',
): Promise<ReviewColumnsOutcome> {
  const [{ parse }, { stringify }] = await Promise.all([
    import('csv-parse'),
    import('csv-stringify'),
  ]);
  const { bom, crlf } = await sniff(file);
  const tmp = path.join(path.dirname(file), `.packbench-${randomUUID()}.tmp`);
  let idAt = -1;
  let rmaAt = -1;
  let header = true;
  let rows = 0;
  let reviewed = 0;
  const join = new Transform({
    objectMode: true,
    transform(record: string[], _encoding, done) {
      if (header) {
        header = false;
        const names = record.map((name) => name.trim().toLowerCase());
        idAt = names.indexOf('id');
        rmaAt = names.indexOf('rma_number');
        done(null, [...record, ...REVIEW_COLUMNS]);
        return;
      }
      const review = reviewFor({
        ...(idAt >= 0 ? { id: record[idAt] } : {}),
        ...(rmaAt >= 0 ? { rma: record[rmaAt] } : {}),
      });
      // Without a column to join by, nothing can be told apart: every row stays.
      const joinable = idAt >= 0 || rmaAt >= 0;
      if (joinable && ((keep === 'reviewed' && !review) || (keep === 'unreviewed' && review))) {
        done();
        return;
      }
      rows += 1;
      if (review) reviewed += 1;
      done(null, [
        ...record,
        review ? 'yes' : '',
        review?.reviewedAt ?? '',
        review?.reviewedBy ?? '',
        review?.note ?? '',
      ]);
    },
  });
  try {
    await pipeline(
      createReadStream(file),
      parse({ bom: true, relax_column_count: true, skip_empty_lines: true }),
      join,
      stringify({ bom, record_delimiter: crlf ? 'windows' : 'unix' }),
      createWriteStream(tmp, { mode: 0o600, flags: 'wx' }),
    );
    await rename(tmp, file);
  } catch (error) {
    await rm(tmp, { force: true });
    throw error;
  }
  return { rows, reviewed, joined: idAt >= 0 || rmaAt >= 0, bytes: (await stat(file)).size };
}
