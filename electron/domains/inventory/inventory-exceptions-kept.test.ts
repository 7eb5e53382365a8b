/**
 * The exceptions walk kept on disk per connection (issue 13's board at a launch): against the
 * sandbox over real HTTP and a real local store. A finished walk is kept and read back as it
 * was; nothing is kept without a store; a walk that fails leaves the last copy as it was; a
 * damaged or foreign file reads as "nothing kept", never as an error; another connection's
 * store has its own copy.
 */
import { rm, truncate, writeFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../../../sandbox/server/start';
import { type LocalStore, openLocalStore } from '../../kernel/local-store';
import { tempStoreDir } from '../../kernel/local-store/test-support';
import { callContext } from '../../kernel/test-support/call-context';
import { quickHandlers } from '../../test-support/quick-handlers';

const KEY = 'pk_exceptions_kept_0123456789';
const ctx = callContext();
let sandbox: RunningSandbox;
const stores: LocalStore[] = [];

async function freshStore() {
  const store = await openLocalStore({ dir: await tempStoreDir() });
  stores.push(store);
  return { store, selected: async () => store };
}

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, keys: [KEY], rate: 0 });
});
afterAll(async () => {
  await Promise.all(stores.map((s) => s.close()));
  await sandbox.close();
});

describe('the exceptions walk kept per connection', () => {
  it('keeps a finished walk and reads it back as it was; another store has none', async () => {
    const { selected } = await freshStore();
    const h = quickHandlers(sandbox.url, KEY, selected);
    expect(await h.inventoryExceptionsKept({}, ctx)).toEqual({ kept: null });
    const found = await h.inventoryExceptions({}, ctx);
    expect(found.rows.length).toBeGreaterThan(0);
    expect(found.recalled.length).toBeGreaterThan(0);
    expect(await h.inventoryExceptionsKept({}, ctx)).toEqual({ kept: found });
    // A console started again on the same folder finds it too.
    const again = quickHandlers(sandbox.url, KEY, selected);
    expect((await again.inventoryExceptionsKept({}, ctx)).kept?.at).toBe(found.at);

    const other = await freshStore();
    const elsewhere = quickHandlers(sandbox.url, KEY, other.selected);
    expect(await elsewhere.inventoryExceptionsKept({}, ctx)).toEqual({ kept: null });
  });

  it('keeps nothing without a store, and a failed walk leaves the last copy', async () => {
    expect(await quickHandlers(sandbox.url, KEY).inventoryExceptionsKept({}, ctx)).toEqual({
      kept: null,
    });
    const { selected } = await freshStore();
    const first = await quickHandlers(sandbox.url, KEY, selected).inventoryExceptions({}, ctx);
    const refused = quickHandlers(sandbox.url, 'pk_not_this_accounts_key_000', selected);
    await expect(refused.inventoryExceptions({}, ctx)).rejects.toBeTruthy();
    const { kept } = await refused.inventoryExceptionsKept({}, ctx);
    expect(kept?.at).toBe(first.at);
    expect(kept?.rows).toHaveLength(first.rows.length);
  });

  it.each([
    ['deleted', 'is missing', (file: string) => rm(file)],
    ['cut short', 'was damaged', async (file: string) => truncate(file, 40)],
    ['cut to nothing', 'was damaged', async (file: string) => truncate(file, 0)],
    ['not gzip at all', 'was damaged', (file: string) => writeFile(file, 'not gzip at all')],
    ['another shape', 'was damaged', (file: string) => writeFile(file, gzipSync('{"rows":1}'))],
  ])('a kept walk %s reads as nothing kept, says so, and is let go', async (_how, says, harm) => {
    const { store, selected } = await freshStore();
    const h = quickHandlers(sandbox.url, KEY, selected);
    await h.inventoryExceptions({}, ctx);
    const file = store.getBlob('inventory-exceptions-v1')?.path;
    expect(file).toBeTruthy();
    await harm(file as string);
    expect(await h.inventoryExceptionsKept({}, ctx)).toEqual({
      kept: null,
      lost: `The board kept from the last count ${says}: counting afresh.`,
    });
    // Let go: the next launch finds nothing kept, not the same damage.
    expect(store.getBlob('inventory-exceptions-v1')).toBeUndefined();
    expect(await h.inventoryExceptionsKept({}, ctx)).toEqual({ kept: null });
    // And the next walk is kept again.
    await h.inventoryExceptions({}, ctx);
    expect((await h.inventoryExceptionsKept({}, ctx)).kept).not.toBeNull();
  });
});
