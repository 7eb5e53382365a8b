/**
 * Review marks through the composed bridge over real HTTP (the embedded sandbox): marked,
 * listed, cleared; the worklist kept by them with true counts; the returns CSV read back with
 * the review columns; and the demo's marks still there after the console restarts (the
 * sandbox's connection is new each run, its seeded data is not).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BridgeMethod } from '@shared/contract/bridge-contract';
import { returnAgeDays } from '@shared/return-age';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bridge } from '../../kernel/dispatch/dispatcher-types';
import { MemoryKeychain } from '../../kernel/settings/test-support/memory-keychain';
import { createBridge } from '../../main/create-bridge';

const dir = mkdtempSync(join(tmpdir(), 'packbench-reviews-'));
const exportDir = join(dir, 'exports');
mkdirSync(exportDir);
let bridge: Bridge;

const open = () =>
  createBridge({ configDir: dir, exportDir, transport: 'browser', keyStore: new MemoryKeychain() });
const call = async (method: BridgeMethod, args: unknown = {}) => {
  const r = await bridge.dispatcher.call(method, args);
  if (!r.ok) throw new Error(`${method}: ${r.error.code} ${r.error.message}`);
  // biome-ignore lint/suspicious/noExplicitAny: the tests read results loosely.
  return r.value as any;
};

beforeAll(async () => {
  bridge = await open();
  await call('sandboxStart');
});
afterAll(async () => {
  await bridge?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('review marks', () => {
  it('marks a return with who, when and a note, lists and clears it', async () => {
    const before = Date.now();
    const review = await call('returnReviewSet', {
      returnId: 7,
      rmaNumber: 'RMA-2026-000007',
      note: 'Photos show the damage',
      reviewedBy: 'Ana',
    });
    expect(review).toMatchObject({
      returnId: 7,
      reviewedBy: 'Ana',
      note: 'Photos show the damage',
    });
    expect(Date.parse(review.reviewedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect((await call('returnReviewsList', { returnIds: [7, 8] })).reviews).toEqual([review]);
    expect(await call('returnReviewClear', { returnId: 7 })).toEqual({ cleared: true });
    expect(await call('returnReviewClear', { returnId: 7 })).toEqual({ cleared: false });
    expect((await call('returnReviewsList')).reviews).toEqual([]);
  });

  it('names the computer’s user when the mark names nobody', async () => {
    const review = await call('returnReviewSet', { returnId: 9 });
    expect(review.reviewedBy.length).toBeGreaterThan(0);
    expect(review.note).toBe('');
    await call('returnReviewClear', { returnId: 9 });
  });

  it('refuses a note longer than 2,000 characters with a typed error', async () => {
    const r = await bridge.dispatcher.call('returnReviewSet', {
      returnId: 1,
      note: 'x'.repeat(2001),
    });
    expect(r).toMatchObject({ ok: false, error: { code: 'invalid_arguments' } });
  });

  it('keeps the worklist by its marks, with counts that add up', async () => {
    const all = await call('returnsList', { filters: { status: 'open' }, pageSize: 500 });
    const [a, b, c] = all.results;
    for (const r of [a, b, c])
      await call('returnReviewSet', { returnId: r.id, rmaNumber: r.rma_number });
    const reviewed = await call('returnsWorklist', {
      filters: { status: 'open' },
      review: 'reviewed',
    });
    expect(reviewed.results.map((r: { id: number }) => r.id).sort()).toEqual(
      [a.id, b.id, c.id].sort(),
    );
    expect(reviewed.count).toBe(3);
    const unreviewed = await call('returnsWorklist', {
      filters: { status: 'open' },
      review: 'unreviewed',
      pageSize: 10,
      page: 2,
    });
    expect(unreviewed.count).toBe(all.count - 3);
    expect(unreviewed.previous).not.toBeNull();
    for (const r of unreviewed.results) expect([a.id, b.id, c.id]).not.toContain(r.id);
    // A mark made now shows at once, without asking the API again for the list.
    await call('returnReviewClear', { returnId: a.id });
    const after = await call('returnsWorklist', {
      filters: { status: 'open' },
      review: 'reviewed',
    });
    expect(after.count).toBe(2);
  });

  it('keeps the worklist to returns older than N days, by the date each was requested', async () => {
    const all = await call('returnsList', { filters: { status: 'open' }, pageSize: 500 });
    const ages: number[] = all.results.map(
      (r: { requested_at: string }) => returnAgeDays(r.requested_at, Date.now()) ?? -1,
    );
    // A bound between the youngest and the oldest, so the filter keeps some and drops some.
    const sorted = [...ages].sort((x, y) => x - y);
    const bound = Math.max(1, sorted[Math.floor(sorted.length / 2)] ?? 1);
    const older = await call('returnsWorklist', {
      filters: { status: 'open' },
      review: 'any',
      olderThanDays: bound,
      pageSize: 500,
    });
    expect(older.count).toBe(ages.filter((d) => d > bound).length);
    expect(older.count).toBeGreaterThan(0);
    expect(older.count).toBeLessThan(all.count);
    for (const r of older.results)
      expect(returnAgeDays(r.requested_at, Date.now())).toBeGreaterThan(bound);
    const bad = await bridge.dispatcher.call('returnsWorklist', {
      review: 'any',
      olderThanDays: 0,
    });
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid_arguments' } });
  });

  it('exports the returns CSV with the review columns, joined to the right rows', async () => {
    const result = await call('returnsExport', { filters: { status: 'open' } });
    const rows: Record<string, string>[] = parse(readFileSync(result.path), {
      bom: true,
      columns: true,
    });
    expect(rows.length).toBe(result.rows);
    const marks = (await call('returnReviewsList')).reviews;
    expect(marks.length).toBe(2);
    for (const row of rows) {
      const mark = marks.find((m: { returnId: number }) => String(m.returnId) === row.id);
      expect(row.reviewed).toBe(mark ? 'yes' : '');
      expect(row.reviewed_at).toBe(mark?.reviewedAt ?? '');
      expect(row.reviewed_by).toBe(mark?.reviewedBy ?? '');
      expect(row.review_note).toBe(mark?.note ?? '');
    }
    expect(readFileSync(result.path).length).toBe(result.bytes);
  });

  it('exports only the reviewed returns when asked, as the worklist shows them', async () => {
    const result = await call('returnsExport', { filters: { status: 'open' }, review: 'reviewed' });
    const rows: Record<string, string>[] = parse(readFileSync(result.path), {
      bom: true,
      columns: true,
    });
    const marked = (await call('returnReviewsList')).reviews.map((m: { returnId: number }) =>
      String(m.returnId),
    );
    expect(rows.map((r) => r.id).sort()).toEqual(marked.sort());
    expect(result.rows).toBe(marked.length);
    for (const row of rows) expect(row.reviewed).toBe('yes');
  });

  it('keeps the demo’s marks across a restart of the console', async () => {
    const before = (await call('returnReviewsList')).reviews;
    const oldId = (await call('connectionsList')).selectedId;
    await bridge.close();
    bridge = await open();
    // The sandbox connection is remembered across a restart (“Try the sandbox” is kept), so the
    // console comes back on the same connection and its marks.
    const started = await call('sandboxStart');
    expect(started.id).toBe(oldId);
    expect((await call('returnReviewsList')).reviews).toEqual(before);
  });
});
