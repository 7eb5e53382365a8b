import { spawn } from 'node:child_process';
import { open, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type BundledChild, bundleChild } from '../../test-support/bundled-child';
import { defineCollection, LocalStoreError, put, remove, type StoreOp } from './collection';
import { openLocalStore } from './local-store';
import { connectionFolderName, LocalStores } from './local-stores';
import { batchesNotFinished, packedSince } from './record-queries';
import { DATABASE_FILE } from './sqlite-file';
import { marks, tempStoreDir } from './test-support';

const here = path.dirname(fileURLToPath(import.meta.url));

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
    expect(() =>
      store.commit([
        put(marks, { id: 2, note: 'fine' }),
        put(marks, { id: 2.5, note: 'bad' } as { id: number; note: string }),
      ]),
    ).toThrow(LocalStoreError);
    await store.close();
    const { store: again } = await reopen(dir);
    expect(again.list(marks)).toEqual([{ id: 1, note: 'kept' }]);
    await again.close();
  });

  it('applies nothing of a transaction that fails part way, and goes on', async () => {
    const dir = await tempStoreDir();
    const store = await openLocalStore({ dir });
    // A value JSON cannot write (a BigInt), after a good one in the same transaction.
    const unwritable = {
      record: { c: 'marks', k: '9', v: { id: 9n, note: 'x' } },
      collection: marks,
    } as unknown as StoreOp;
    await expect(
      store.commit([put(marks, { id: 1, note: 'first half' }), unwritable]),
    ).rejects.toThrow(/The change could not be saved/);
    expect(store.list(marks)).toEqual([]);
    await store.commit([put(marks, { id: 2, note: 'after' })]);
    await store.close();
    const { store: again } = await reopen(dir);
    expect(again.list(marks)).toEqual([{ id: 2, note: 'after' }]);
    await again.close();
  });

  it('resolves concurrent commits in call order and refuses commits once closed', async () => {
    const store = await openLocalStore({ dir: await tempStoreDir() });
    const order: number[] = [];
    await Promise.all(
      [1, 2, 3, 4, 5].map((id) =>
        store.commit([put(marks, { id, note: `n${id}` })]).then(() => order.push(id)),
      ),
    );
    expect(order).toEqual([1, 2, 3, 4, 5]);
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

  it('skips, and reports once, a record that no longer fits a changed schema', async () => {
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
    expect(again.get(stricter, '1')).toBeUndefined();
    expect(problems).toEqual(['A marks record (1) no longer fits its schema and was skipped.']);
    // The old reading still finds it: nothing was deleted.
    expect(again.get(marks, '1')).toEqual({ id: 1, note: 'old shape' });
    await again.close();
  });

  it('reads several keys, a key prefix, and a typed query without loading the rest', async () => {
    const store = await openLocalStore({ dir: await tempStoreDir() });
    await store.commit([5, 1, 3, 12].map((id) => put(marks, { id, note: `n${id}` })));
    expect(store.getMany(marks, ['3', '404', '5']).map((m) => m.id)).toEqual([3, 5]);
    expect(store.withKeyPrefix(marks, '1').map((m) => m.id)).toEqual([1, 12]);
    const packs = defineCollection(
      'packLog',
      z.object({ orderId: z.number(), packedAt: z.string() }),
      (p) => String(p.orderId),
    );
    await store.commit([
      put(packs, { orderId: 1, packedAt: '2026-11-27T23:30:00.000Z' }),
      put(packs, { orderId: 2, packedAt: '2026-11-28T08:00:00.000+01:00' }),
      put(packs, { orderId: 3, packedAt: '2026-11-28T09:15:00.000Z' }),
    ]);
    // 08:00+01:00 is 07:00Z: both of the 28th, the newest first.
    expect(
      store.select(packs, packedSince, { since: '2026-11-28T00:00:00.000Z' }).map((p) => p.orderId),
    ).toEqual([3, 2]);
    expect(() => store.select(marks, batchesNotFinished, {})).toThrow(
      'A query of print-batches records was asked for marks records.',
    );
    await store.close();
  });

  it('keeps its files private: folder 0700, database and its WAL 0600', async () => {
    const dir = path.join(await tempStoreDir(), 'conn');
    const store = await openLocalStore({ dir });
    await store.commit([put(marks, { id: 1, note: 'a' })]);
    expect((await stat(path.join(dir, `${DATABASE_FILE}-wal`))).mode & 0o777).toBe(0o600);
    await store.close();
    expect((await stat(dir)).mode & 0o777).toBe(0o700);
    expect((await stat(path.join(dir, DATABASE_FILE))).mode & 0o777).toBe(0o600);
  });

  it('sets a damaged database aside, says so, and keeps what it can still read', async () => {
    const dir = await tempStoreDir();
    const store = await openLocalStore({ dir });
    const written = Array.from({ length: 200 }, (_, i) => ({ id: i, note: 'n'.repeat(300) }));
    await store.commit(written.map((m) => put(marks, m)));
    await store.close();
    // Disk trouble: the file's last page overwritten with noise.
    const file = path.join(dir, DATABASE_FILE);
    const handle = await open(file, 'r+');
    const size = (await handle.stat()).size;
    await handle.write(Buffer.alloc(4096, 0x5a), 0, 4096, size - 4096);
    await handle.close();

    // The read that meets the damage fails with a sentence and marks the file for a check.
    const { store: damaged } = await reopen(dir);
    expect(() => damaged.list(marks)).toThrow(
      /^The local records in .+ could not be read: database disk image is malformed \(the file is damaged: restart Packbench to set it aside and keep what can be read\)$/,
    );
    await damaged.close();

    const { store: again, problems } = await reopen(dir);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      /^The local store's database was damaged \(.+\); it was moved to store\.sqlite\.damaged-\S+ and \d+ record\(s\) were read back from it\.$/,
    );
    const aside = (await readdir(dir)).filter(
      (n) => n.startsWith(`${DATABASE_FILE}.damaged-`) && !n.endsWith('-wal'),
    );
    expect(aside).toHaveLength(1);
    expect((await stat(path.join(dir, aside[0]!))).size).toBe(size);
    expect(await readdir(dir)).not.toContain(`${DATABASE_FILE}.check`);
    // What was read back is what was written, from the first record on.
    const kept = again.list(marks);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept).toEqual(written.slice(0, kept.length));
    expect(problems[0]).toContain(`and ${kept.length} record(s)`);
    // The new store works.
    await again.commit([put(marks, { id: 1000, note: 'after' })]);
    expect(again.get(marks, '1000')).toEqual({ id: 1000, note: 'after' });
    await again.close();
  });

  it('sets aside a file that is not a database at all, never emptying it', async () => {
    const dir = await tempStoreDir();
    const handle = await open(path.join(dir, DATABASE_FILE), 'w');
    const bytes = 'not a database, but somebody’s bytes'.repeat(200);
    await handle.writeFile(bytes);
    await handle.close();
    const { store, problems } = await reopen(dir);
    expect(problems[0]).toMatch(/damaged \(file is not a database\).+0 record\(s\)/);
    const aside = (await readdir(dir)).find((n) => n.startsWith(`${DATABASE_FILE}.damaged-`));
    expect((await stat(path.join(dir, aside!))).size).toBe(Buffer.byteLength(bytes));
    await store.close();
  });

  it('refuses a database written by a newer schema and changes nothing', async () => {
    const dir = await tempStoreDir();
    await (await openLocalStore({ dir })).close();
    const db = new DatabaseSync(path.join(dir, DATABASE_FILE));
    db.exec('PRAGMA user_version = 999');
    db.close();
    await expect(openLocalStore({ dir })).rejects.toThrow(
      /written by a newer version of Packbench \(schema 999\)/,
    );
    const check = new DatabaseSync(path.join(dir, DATABASE_FILE));
    expect(check.prepare('PRAGMA user_version').get()).toEqual({ user_version: 999 });
    check.close();
  });
});

// Three store-process starts: bundled once instead of compiled by tsx at each start.
let storeScript: BundledChild | undefined;
beforeAll(async () => {
  storeScript = await bundleChild(path.join(here, 'store-process.ts'));
});
afterAll(async () => {
  await storeScript?.dispose();
});

/** A console process holding (or refused) the store in `dir` (store-process.ts). */
function storeProcess(dir: string) {
  if (!storeScript) throw new Error('the store script was not bundled');
  const child = spawn(process.execPath, [storeScript.file, dir], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const waiters: (() => void)[] = [];
  let buffer = '';
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  child.stdout.on('data', (d) => {
    buffer += d;
    for (let end = buffer.indexOf('\n'); end !== -1; end = buffer.indexOf('\n')) {
      lines.push(buffer.slice(0, end));
      buffer = buffer.slice(end + 1);
    }
    for (const wake of waiters.splice(0)) wake();
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  /** The next line starting with one of `prefixes`. */
  const next = async (...prefixes: string[]): Promise<string> => {
    for (;;) {
      const found = lines.findIndex((l) => prefixes.some((p) => l.startsWith(p)));
      if (found !== -1) return lines.splice(found, 1)[0]!;
      if (child.exitCode !== null) throw new Error(`the store process ended: ${stderr}`);
      await Promise.race([new Promise<void>((r) => waiters.push(r)), exited]);
    }
  };
  const send = (line: string) => child.stdin.write(`${line}\n`);
  return { next, send, exited };
}

describe('two console processes on one connection', () => {
  it('refuses the second with a sentence while the first keeps its store whole', async () => {
    const dir = await tempStoreDir();
    const first = storeProcess(dir);
    expect(await first.next('ready', 'refused')).toBe('ready');
    first.send('commit 1');
    expect(await first.next('ack')).toBe('ack 1');

    const second = storeProcess(dir);
    expect(await second.next('ready', 'refused')).toBe(
      'refused This connection’s local records (pack log, printed and review marks) are open in another Packbench console on this computer. Close that one, then try again.',
    );
    await second.exited;

    first.send('commit 2');
    expect(await first.next('ack')).toBe('ack 2');
    first.send('close');
    await first.exited;

    // Once the first has closed, the next console opens it with both commits there.
    const { store, problems } = await reopen(dir);
    expect(store.list(marks).map((m) => m.id)).toEqual([1, 2]);
    expect(problems).toEqual([]);
    await store.close();
  }, 120_000);
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

  it('refuses a connection another console holds with its sentence, as a bridge failure', async () => {
    const root = await tempStoreDir();
    const holder = await openLocalStore({ dir: path.join(root, 'conn-a') });
    const stores = new LocalStores(root);
    const refused = await stores.forConnection('conn-a').catch((e: unknown) => e);
    expect(refused).toMatchObject({
      error: {
        code: 'file_error',
        message: expect.stringMatching(/open in another Packbench console on this computer/),
      },
    });
    await holder.close();
    // Tried again once it is free.
    const opened = await stores.forConnection('conn-a');
    await opened.commit([put(marks, { id: 1, note: 'now' })]);
    await stores.closeAll();
  }, 30_000);

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
