/**
 * A test file's local store in a temp folder of its own: opened in the file's beforeAll (when
 * its tests run), closed and its folder removed in its afterAll. Hooks run as a stack, so the
 * file's own afterAll (closing the sessions that write to the store) runs first.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { type LocalStore, openLocalStore } from '../local-store/local-store';

export interface FileLocalStore {
  /** The store; there once the file's beforeAll has run. */
  readonly store: LocalStore;
}

/** `prefix` names the temp folder; `run: false` (the file's tests skip) opens nothing. */
export function localStoreForFile(prefix: string, run = true): FileLocalStore {
  let dir: string | undefined;
  let store: LocalStore | undefined;
  beforeAll(async () => {
    if (!run) return;
    dir = await mkdtemp(path.join(tmpdir(), prefix));
    store = await openLocalStore({ dir });
  });
  afterAll(async () => {
    await store?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });
  return {
    get store() {
      if (!store) throw new Error('the local store opens in beforeAll');
      return store;
    },
  };
}
