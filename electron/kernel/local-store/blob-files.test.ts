import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LocalStoreError } from './collection';
import { openLocalStore } from './local-store';
import { tempStoreDir } from './test-support';

async function* pieces(...parts: string[]) {
  for (const part of parts) yield part;
}

describe('local store blobs', () => {
  it('saves a streamed blob with its metadata, replaces it whole, and keeps it across a reopen', async () => {
    const dir = await tempStoreDir();
    const store = await openLocalStore({ dir });
    const first = await store.putBlob('shipments-list', pieces('[1,', '2,', '3]'), { rows: 3 });
    expect(first.bytes).toBe(7);
    expect(await readFile(first.path, 'utf8')).toBe('[1,2,3]');
    const second = await store.putBlob('shipments-list', '[4]', { rows: 1 });
    expect(second.path).not.toBe(first.path);
    // The replaced file is gone once the new one is recorded.
    await expect(stat(first.path)).rejects.toThrow();
    await store.close();

    const again = await openLocalStore({ dir });
    const kept = again.getBlob('shipments-list');
    expect(kept).toMatchObject({ bytes: 3, meta: { rows: 1 } });
    expect(await readFile(kept!.path, 'utf8')).toBe('[4]');
    expect((await stat(kept!.path)).mode & 0o777).toBe(0o600);
    await again.removeBlob('shipments-list');
    expect(again.getBlob('shipments-list')).toBeUndefined();
    await expect(stat(kept!.path)).rejects.toThrow();
    await again.close();
  });

  it('after a kill mid-write keeps the previous blob and sweeps the unfinished files', async () => {
    const dir = await tempStoreDir();
    const store = await openLocalStore({ dir });
    const saved = await store.putBlob('list', 'old', { v: 1 });
    await store.close();
    // What a kill leaves: a temp file half written, and a renamed file never recorded.
    const blobs = path.join(dir, 'blobs');
    await writeFile(path.join(blobs, 'list.11111111-aaaa.blob.tmp'), 'ne');
    await writeFile(path.join(blobs, 'list.22222222-bbbb.blob'), 'new');

    const again = await openLocalStore({ dir });
    expect(again.getBlob('list')).toMatchObject({ path: saved.path, meta: { v: 1 } });
    expect(await readFile(saved.path, 'utf8')).toBe('old');
    expect(await readdir(blobs)).toEqual([path.basename(saved.path)]);
    await again.close();
  });

  it('refuses a name that could leave its folder', async () => {
    const store = await openLocalStore({ dir: await tempStoreDir() });
    for (const name of ['../x', 'a/b', '', 'A', '.hidden']) {
      await expect(store.putBlob(name, 'x')).rejects.toThrow(LocalStoreError);
    }
    await store.close();
  });

  it('leaves the previous blob in place when the source fails part way', async () => {
    const store = await openLocalStore({ dir: await tempStoreDir() });
    await store.putBlob('list', 'good', {});
    async function* failing() {
      yield 'par';
      throw new Error('connection reset');
    }
    await expect(store.putBlob('list', failing(), {})).rejects.toThrow(
      'The list file could not be saved: connection reset',
    );
    expect(await readFile(store.getBlob('list')!.path, 'utf8')).toBe('good');
    expect(await readdir(path.join(store.dir, 'blobs'))).toHaveLength(1);
    await store.close();
  });
});
