/**
 * Stores written by the journal store (fixtures/, written by its code before it was removed)
 * open in SQLite with every record a person made, in the same order, and the old files kept.
 */
import { cp, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { packLog } from '../../domains/packing/pack-log-store';
import { printBatchEntries, printBatches } from '../../domains/printing/service/batch-journal';
import { printedMarks } from '../../domains/printing/service/printed-marks';
import { returnReviews } from '../../domains/reviews/review-store';
import { put } from './collection';
import { openLocalStore } from './local-store';
import { marks, tempStoreDir } from './test-support';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');

async function copyOf(fixture: string): Promise<string> {
  const dir = path.join(await tempStoreDir(), 'conn');
  await cp(path.join(fixtures, fixture), dir, { recursive: true });
  return dir;
}

async function reopen(dir: string) {
  const problems: string[] = [];
  const store = await openLocalStore({ dir, onProblem: (m) => problems.push(m) });
  return { store, problems };
}

/** What the fixtures' writer recorded (fixtures/written-by-journal-store.mts.txt). */
async function expectEverythingRecorded(store: Awaited<ReturnType<typeof openLocalStore>>) {
  expect(store.list(marks).map((m) => [m.id, m.note])).toEqual([
    [1, 'note 1'],
    [3, 'note 3'],
    [4, 'note 4'],
    [5, 'note 5'],
    [6, 'note 6'],
    [7, 'the last whole change'],
  ]);
  const packs = store.list(packLog);
  expect(packs.map((p) => [p.orderId, p.times, p.packedBy, p.printed.length])).toEqual([
    [1001, 2, 'ana', 1],
    [1002, 1, 'ben', 0],
  ]);
  expect(store.get(packLog, '1001')?.packedAt).toBe('2026-11-22T08:30:00.000+01:00');
  expect(store.list(printedMarks).map((m) => `${m.orderId}/${m.what}/${m.jobId}`)).toEqual([
    '1001/labels/job-1',
    '1003/documents/job-2',
  ]);
  expect(store.get(printBatches, 'batch-a')).toMatchObject({ state: 'running', what: 'labels' });
  expect(store.get(printBatchEntries, 'batch-a/000000')?.entries).toHaveLength(2);
  expect(store.list(returnReviews).map((r) => [r.returnId, r.note])).toEqual([
    [501, 'Box dented'],
    [502, ''],
  ]);
  const blob = store.getBlob('shipments-list');
  expect(blob?.meta).toEqual({ rows: 2 });
  expect(await readFile(blob!.path, 'utf8')).toBe('[{"id":1},{"id":2}]');
}

describe('moving a journal store into SQLite', () => {
  it('moves a snapshot and the journal after it, keeps the old files aside, once', async () => {
    const dir = await copyOf('journal-store');
    const { store, problems } = await reopen(dir);
    await expectEverythingRecorded(store);
    expect(problems).toEqual([
      expect.stringMatching(
        /^Moved 15 record\(s\) from the old local store into conn\/store\.sqlite; the old files were kept as snapshot\.json\.migrated-\S+ and journal\.jsonl\.migrated-\S+\.$/,
      ),
    ]);
    const files = await readdir(dir);
    expect(files).not.toContain('snapshot.json');
    expect(files).not.toContain('journal.jsonl');
    expect(files.filter((f) => f.includes('.migrated-'))).toHaveLength(2);
    await store.close();

    const { store: again, problems: none } = await reopen(dir);
    await expectEverythingRecorded(again);
    expect(none).toEqual([]);
    await again.close();
  });

  it('drops a torn last journal line and says so, keeping every whole one', async () => {
    const dir = await copyOf('journal-store-torn');
    const { store, problems } = await reopen(dir);
    await expectEverythingRecorded(store);
    expect(store.get(marks, '8')).toBeUndefined();
    expect(problems).toEqual([
      'The old store dropped an unfinished last change (the console was stopped mid-write).',
      expect.stringMatching(/^Moved 15 record\(s\) .+ journal\.jsonl\.migrated-\S+\.$/),
    ]);
    await store.close();
  });

  it('keeps the lines around a damaged one and reports it', async () => {
    const dir = await copyOf('journal-store-torn');
    const journal = path.join(dir, 'journal.jsonl');
    const lines = (await readFile(journal, 'utf8')).split('\n');
    // The third line (note 3's put) damaged on disk; the lines around it are whole.
    lines[2] = lines[2]!.replace('note 3', 'NOTE 3');
    await writeFile(journal, lines.join('\n'));
    const { store, problems } = await reopen(dir);
    expect(store.list(marks).map((m) => m.id)).toEqual([1, 4, 5, 6, 7]);
    expect(problems[0]).toBe("The old store's journal had 1 damaged line(s); the rest was moved.");
    await store.close();
  });

  it('after a kill between the move and the renames, only renames (never moves twice)', async () => {
    const dir = await copyOf('journal-store');
    const { store } = await reopen(dir);
    await store.commit([put(marks, { id: 1, note: 'changed after the move' })]);
    await store.close();
    // The old files back under their names, as if the renames had not happened.
    for (const name of ['snapshot.json', 'journal.jsonl']) {
      await cp(path.join(fixtures, 'journal-store', name), path.join(dir, name));
    }
    const { store: again, problems } = await reopen(dir);
    expect(problems).toEqual([]);
    expect(again.get(marks, '1')).toEqual({ id: 1, note: 'changed after the move' });
    expect(await readdir(dir)).not.toContain('journal.jsonl');
    await again.close();
  });
});
