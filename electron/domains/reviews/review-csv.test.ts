/**
 * The review columns on CSVs of other shapes than the sandbox's: joined by the RMA column when
 * there is no id, quoted fields with line breaks kept whole, the BOM and CRLF kept, no join
 * possible said plainly, and a failure leaving the API's file as it was.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ReturnReview } from '@shared/contract/clerk-values';
import { parse } from 'csv-parse/sync';
import { afterAll, expect, it } from 'vitest';
import { addReviewColumns } from './review-csv';
import { reviewFinder } from './review-store';

const dir = mkdtempSync(join(tmpdir(), 'packbench-review-csv-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const mark: ReturnReview = {
  returnId: 12,
  rmaNumber: 'RMA-2026-000012',
  reviewedAt: '2026-11-23T10:00:00.000Z',
  reviewedBy: 'Ana',
  note: 'Refund, "as agreed"\non the phone',
};

it('joins by the RMA column, keeps quoted line breaks, the BOM and CRLF', async () => {
  const file = join(dir, 'by-rma.csv');
  const text =
    '\uFEFFrma_number,customer_note\r\n' +
    'rma-2026-000012,"two\r\nlines"\r\n' +
    'RMA-2026-000013,plain\r\n';
  writeFileSync(file, text);
  const outcome = await addReviewColumns(file, reviewFinder([mark]));
  expect(outcome).toMatchObject({ rows: 2, reviewed: 1, joined: true });
  const bytes = readFileSync(file);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(bytes.toString('utf8')).toContain('\r\n');
  const rows = parse(bytes, { bom: true, columns: true });
  expect(rows[0]).toEqual({
    rma_number: 'rma-2026-000012',
    customer_note: 'two\r\nlines',
    reviewed: 'yes',
    reviewed_at: mark.reviewedAt,
    reviewed_by: 'Ana',
    review_note: mark.note,
  });
  expect(rows[1]).toMatchObject({ rma_number: 'RMA-2026-000013', reviewed: '', review_note: '' });
  expect(outcome.bytes).toBe(bytes.length);
});

it('says when neither an id nor an RMA column is there to join by', async () => {
  const file = join(dir, 'no-key.csv');
  writeFileSync(file, 'customer,total\nAna,10.00\n');
  const outcome = await addReviewColumns(file, reviewFinder([mark]));
  expect(outcome).toMatchObject({ rows: 1, reviewed: 0, joined: false });
  expect(readFileSync(file, 'utf8')).toBe(
    'customer,total,reviewed,reviewed_at,reviewed_by,review_note\nAna,10.00,,,,\n',
  );
});

it('leaves the export as it was when the CSV cannot be read, and no temporary file', async () => {
  const file = join(dir, 'broken.csv');
  const text = 'id,note\n12,"never closed\n';
  writeFileSync(file, text);
  await expect(addReviewColumns(file, reviewFinder([mark]))).rejects.toThrow();
  expect(readFileSync(file, 'utf8')).toBe(text);
  expect((await readdir(dir)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
});
