import { appendFile, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineCollection, LocalStoreError, put, remove } from './collection';
import { openLocalStore } from './local-store';
import { connectionFolderName, LocalStores } from './local-stores';
import { marks, tempStoreDir } from './test-support';

const journalOf = (dir: string) => readFile(path.join(dir, 'journal.jsonl'), 'utf8');

/** Opens the folder again as a new process would, collecting what it reports. */
async function reopen(dir: string) {
  const problems: string[] = [];
  const store = await openLocalStore({ dir, onProblem: (m) => problems.push(m) });
  return { store, problems };
}

describe('local store', () => {
  it('keeps puts and removes across a reopen, in the order keys were first written', async () => {
    const dir = await tempStoreDir();
    const store = await openLocalStore({ dir });
    await store.commit([put(marks, { id: 3, note: 'three' }), put(marks, { id: 1, note: 'one' })]);
    await store.commit([put(marks, { id: 2, note: 'two' })]);
    await store.commit([put(marks, { id: 3, note: 'three again' }), remove(marks, '2')]);
    expect(store.get(marks, '3')).toEqual({ id: 3, note: 'three again' });
    await store.close();

    const { store: again, problems } = await reopen(dir);
    expect(again.list(marks)).toEqual([
      { id: 3, note: 'three again' },
      { id: 1, note: 'one' },
    ]);
    expect(again.get(marks, '2')).toBeUndefined();
    expect(problems).toEqual([]);
    await again.close();
  });

  it('refuses a transaction with one bad value before writing any of it', async () => {
    const dir = await tempStoreDir();
    const store = await openLocalStore({ dir });
    await store.commit([put(marks, { id: 1, note: 'kept' })]);
    const before = await journalOf(dir);
    expect(() =>
      store.commit([
        put(marks, { id: 2, note: 'fine' }),
        put(marks, { id: 2.5, note: 'bad' } as { id: number; note: string }),
      ]),
    ).toThrow(LocalStoreError);
    expect(await journalOf(dir)).toBe(before);
    expect(store.list(marks)).toEqual([{ id: 1, note: 'kept' }]);
    await store.close();
  });

  it('resolves concurrent commits in call order, each durable when it resolves', async () => {
    const dir = await tempStoreDir();
    const store = await openLocalStore({ dir });
    const order: number[] = [];
    await Promise.all(
      [1, 2, 3, 4, 5].map((id) =>
        store.commit([put(marks, { id, note: `n${id}` })]).then(() => order.push(id)),
      ),
    );
    expect(order).toEqual([1, 2, 3, 4, 5]);
    const lines = (await journalOf(dir)).trim().split('\n');
    expect(lines).toHaveLength(5);
    await store.close();
    await expect(store.commit([put(marks, { id: 9, note: 'late' })])).rejects.toThrow(
      'The local store is closed.',
    );
  });

  it('tells listeners which collections a commit changed', async () => {
    const store = await openLocalStore({ dir: await tempStoreDir() });
    const seen: string[][] = [];
    store.onChange((names) => seen.push([...names]));
    await store.commit([put(marks, { id: 1, note: 'a' })]);
    expect(seen).toEqual([['marks']]);
    await store.close();
  });

  it('skips, and reports, a record that no longer fits a changed schema', async () => {
    const dir = await tempStoreDir();
    const store = await openLocalStore({ dir });
    await store.commit([put(marks, { id: 1, note: 'old shape' })]);
    await store.close();
    const stricter = defineCollection(
      'marks',
      z.object({ id: z.number(), note: z.string(), by: z.string() }),
      (m) => String(m.id),
    );
    const { store: again, problems } = await reopen(dir);
    expect(again.list(stricter)).toEqual([]);
    expect(problems).toEqual(['A marks record (1) no longer fits its schema and was skipped.']);
    // The old reading still finds it: nothing was deleted.
    expect(again.get(marks, '1')).toEqual({ id: 1, note: 'old shape' });
    await again.close();
  });

  it('drops an unfinished last line (a kill mid-append) and goes on', async () => {
    const dir = await tempStoreDir();
    const store = await openLocalStore({ dir, compactAt: Number.POSITIVE_INFINITY });
    await store.commit([put(marks, { id: 1, note: 'whole' })]);
    await store.close();
    const whole = await journalOf(dir);
    await appendFile(path.join(dir, 'journal.jsonl'), whole.slice(0, 20));

    const { store: again, problems } = await reopen(dir);
    expect(again.list(marks)).toEqual([{ id: 1, note: 'whole' }]);
    expect(problems[0]).toMatch(/unfinished last change/);
    await again.commit([put(marks, { id: 2, note: 'after' })]);
    await again.close();
    const { store: third, problems: none } = await reopen(dir);
    expect(third.list(marks).map((m) => m.id)).toEqual([1, 2]);
    expect(none).toEqual([]);
    await third.close();
  });

  it('keeps the good lines around a damaged one and copies the journal aside', async () => {
    const dir = await tempStoreDir();
    // A threshold that is never reached: the journal keeps every line for this test.
    const store = await openLocalStore({ dir, compactAt: Number.POSITIVE_INFINITY });
    for (const id of [1, 2, 3]) await store.commit([put(marks, { id, note: `n${id}` })]);
    await store.close();
    const lines = (await journalOf(dir)).split('\n');
    lines[1] = lines[1]!.replace('n2', 'N2');
    await writeFile(path.join(dir, 'journal.jsonl'), lines.join('\n'));

    const { store: again, problems } = await reopen(dir);
    expect(again.list(marks).map((m) => m.id)).toEqual([1, 3]);
    expect(problems[0]).toMatch(/1 damaged line\(s\); the rest was kept/);
    expect((await readdir(dir)).some((n) => n.startsWith('journal.jsonl.damaged-'))).toBe(true);
    await again.close();
  });

  it('compacts into the snapshot and replays only what came after it', async () => {
    const dir = await tempStoreDir();
    const store = await openLocalStore({ dir, compactAt: 300 });
    for (let id = 1; id <= 20; id += 1) await store.commit([put(marks, { id, note: `n${id}` })]);
    expect((await stat(path.join(dir, 'journal.jsonl'))).size).toBeLessThanOrEqual(400);
    await store.commit([remove(marks, '5')]);
    await store.close();
    // A kill between writing the snapshot and emptying the journal: both hold the same lines.
    const journal = await journalOf(dir);
    expect(journal).not.toBe('');
    const { store: again } = await reopen(dir);
    await again.close();
    await writeFile(path.join(dir, 'journal.jsonl'), journal);
    const { store: third, problems } = await reopen(dir);
    const ids = third.list(marks).map((m) => m.id);
    expect(ids).toHaveLength(19);
    expect(ids).not.toContain(5);
    expect(problems).toEqual([]);
    await third.commit([put(marks, { id: 5, note: 'back' })]);
    expect(third.get(marks, '5')).toEqual({ id: 5, note: 'back' });
    await third.close();
  });

  it('keeps its files private: folders 0700, journal and snapshot 0600', async () => {
    const dir = path.join(await tempStoreDir(), 'conn');
    const store = await openLocalStore({ dir });
    await store.commit([put(marks, { id: 1, note: 'a' })]);
    await store.close();
    await (await openLocalStore({ dir })).close();
    expect((await stat(dir)).mode & 0o777).toBe(0o700);
    expect((await stat(path.join(dir, 'snapshot.json'))).mode & 0o777).toBe(0o600);
    expect((await stat(path.join(dir, 'journal.jsonl'))).mode & 0o777).toBe(0o600);
  });
});

describe('local stores per connection', () => {
  it('opens one store per connection, once, in a folder named after it', async () => {
    const root = await tempStoreDir();
    const stores = new LocalStores(root);
    const [a, b, a2] = await Promise.all([
      stores.forConnection('conn-a'),
      stores.forConnection('conn/../b'),
      stores.forConnection('conn-a'),
    ]);
    expect(a).toBe(a2);
    expect(a.dir).toBe(path.join(root, 'conn-a'));
    expect(path.dirname(b.dir)).toBe(root);
    await a.commit([put(marks, { id: 1, note: 'only a' })]);
    expect(b.list(marks)).toEqual([]);
    await stores.closeAll();
  });

  it('makes any id a single safe folder name', () => {
    expect(connectionFolderName('3f1c-9a')).toBe('3f1c-9a');
    for (const id of ['..', '../x', 'a/b', 'C:\\x', ' ', 'é'.repeat(80)]) {
      const name = connectionFolderName(id);
      expect(name).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(name.length).toBeLessThanOrEqual(53);
    }
    expect(connectionFolderName('a/b')).not.toBe(connectionFolderName('a_b'));
  });
});
