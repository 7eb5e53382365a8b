/** Saved connections over the settings file and the vault (keychain stand-ins here). */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bridgeFailureOf } from '../test-support/bridge-failure-of';
import { openStore, type Store } from './index';
import { NO_SECRET_SERVICE } from './key-store';
import { MemoryKeychain, MissingKeychain } from './test-support/memory-keychain';

let dir: string;
let keychain: MemoryKeychain;
let store: Store;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pb-connections-'));
  keychain = new MemoryKeychain();
  store = await openStore({ configDir: dir, keyStore: keychain });
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('connection store', () => {
  it('creates, lists, renames and selects connections; the first becomes selected', async () => {
    const { connections } = store;
    const main = await connections.save({
      name: 'Main warehouse',
      baseUrl: 'https://api.example.com/',
    });
    expect(main).toMatchObject({
      name: 'Main warehouse',
      baseUrl: 'https://api.example.com',
      sandbox: false,
      key: { hasKey: false, last4: null, storage: null, keychainAvailable: true },
    });
    expect(main.id).toMatch(/^[0-9a-f-]{36}$/);
    const north = await connections.save({ name: 'North', baseUrl: 'https://north.example.com' });
    let view = await connections.list();
    expect(view.connections.map((c) => c.name)).toEqual(['Main warehouse', 'North']);
    expect(view.selectedId).toBe(main.id);

    await connections.save({
      id: north.id,
      name: 'North hub',
      baseUrl: 'https://north.example.com',
    });
    view = await connections.select(north.id);
    expect(view.selectedId).toBe(north.id);
    expect(view.connections[1]?.name).toBe('North hub');

    // It is all in the file, and survives a restart.
    const reopened = await openStore({ configDir: dir, keyStore: keychain });
    expect(await reopened.connections.list()).toEqual(view);
  });

  it('refuses plain http to another machine with the reason; loopback http is fine', async () => {
    const error = await bridgeFailureOf(
      store.connections.save({ name: 'Bad', baseUrl: 'http://example.com' }),
    );
    expect(error.code).toBe('insecure_url');
    expect(error.message).toContain('must start with https://');
    expect(error.fieldErrors?.baseUrl?.[0]).toBe(error.message);
    expect((await store.connections.list()).connections).toEqual([]);

    const local = await store.connections.save({ name: 'Local', baseUrl: 'http://127.0.0.1:8787' });
    expect(local.baseUrl).toBe('http://127.0.0.1:8787');
  });

  it('refuses a second connection with the same name, and unknown ids', async () => {
    await store.connections.save({ name: 'Main warehouse', baseUrl: 'https://a.example.com' });
    const clash = await bridgeFailureOf(
      store.connections.save({ name: ' main WAREHOUSE ', baseUrl: 'https://b.example.com' }),
    );
    expect(clash.code).toBe('invalid_arguments');
    expect(clash.message).toBe(
      'Another connection is already called “Main warehouse”. Choose a different name.',
    );
    expect((await bridgeFailureOf(store.connections.select('nope'))).code).toBe('not_found');
    expect(
      (
        await bridgeFailureOf(
          store.connections.save({ id: 'nope', name: 'X', baseUrl: 'https://x.io' }),
        )
      ).code,
    ).toBe('not_found');
  });

  it('remove deletes the key and moves the selection', async () => {
    const a = await store.connections.save({ name: 'A', baseUrl: 'https://a.example.com' });
    const b = await store.connections.save({ name: 'B', baseUrl: 'https://b.example.com' });
    await store.connections.setKey(a.id, 'pk_live_key_for_A_1111', 'keychain');
    expect(keychain.entries.get(a.id)).toBe('pk_live_key_for_A_1111');

    const view = await store.connections.remove(a.id);
    expect(keychain.entries.has(a.id)).toBe(false);
    expect(await store.vault.get(a.id)).toBeUndefined();
    expect(view.selectedId).toBe(b.id);
    expect(view.connections.map((c) => c.id)).toEqual([b.id]);

    expect((await store.connections.remove(b.id)).selectedId).toBeNull();
    expect(await store.connections.remove(b.id)).toEqual({ connections: [], selectedId: null });
  });

  it('current(): no connection, then no key, then the key — in words a person can act on', async () => {
    expect(await bridgeFailureOf(store.connections.current())).toEqual({
      code: 'no_connection',
      message: 'No connection is selected. Open Settings → Connections to add one or choose one.',
    });
    const main = await store.connections.save({
      name: 'Main warehouse',
      baseUrl: 'https://api.example.com',
    });
    expect(await bridgeFailureOf(store.connections.current())).toEqual({
      code: 'no_key',
      message: 'No API key is saved for “Main warehouse”. Open Settings → Connections to add it.',
    });
    await store.connections.setKey(main.id, 'pk_live_main_key_2222', 'keychain');
    const current = await store.connections.current();
    expect(current.apiKey).toBe('pk_live_main_key_2222');
    expect(current.connection).toEqual({
      id: main.id,
      name: 'Main warehouse',
      baseUrl: 'https://api.example.com',
      sandbox: false,
    });
    expect((await store.connections.target(main.id)).apiKey).toBe('pk_live_main_key_2222');
  });

  it('a key is never carried to another server when the address changes', async () => {
    const main = await store.connections.save({ name: 'Main', baseUrl: 'https://api.example.com' });
    await store.connections.setKey(main.id, 'pk_live_main_key_3333', 'keychain');
    // Same server, another path: the key stays.
    const samePlace = await store.connections.save({
      id: main.id,
      name: 'Main',
      baseUrl: 'https://api.example.com/v1',
    });
    expect(samePlace.key.hasKey).toBe(true);
    const moved = await store.connections.save({
      id: main.id,
      name: 'Main',
      baseUrl: 'https://elsewhere.example.net',
    });
    expect(moved.key.hasKey).toBe(false);
    expect(keychain.entries.has(main.id)).toBe(false);
  });

  it('the sandbox connection is replaced, not piled up, and its key lives for this run', async () => {
    const real = await store.connections.save({ name: 'Main', baseUrl: 'https://api.example.com' });
    const first = await store.connections.addSandbox(
      'http://127.0.0.1:41001',
      'sbx_key_first_AAAA',
    );
    expect(first).toMatchObject({
      name: 'Sandbox (demo data)',
      sandbox: true,
      baseUrl: 'http://127.0.0.1:41001',
      key: { hasKey: true, last4: 'AAAA', storage: 'session' },
    });
    const second = await store.connections.addSandbox(
      'http://127.0.0.1:41002',
      'sbx_key_second_BBBB',
    );
    const view = await store.connections.list();
    expect(view.connections.filter((c) => c.sandbox)).toHaveLength(1);
    expect(second.id).toBe(first.id);
    expect(second.baseUrl).toBe('http://127.0.0.1:41002');
    expect(view.selectedId).toBe(second.id);
    expect((await store.connections.current()).apiKey).toBe('sbx_key_second_BBBB');
    expect(keychain.entries.size).toBe(0); // never in the keychain

    // The next run keeps it while it is selected ("Try the sandbox" is remembered: the
    // composition starts the sandbox again for it), without a key until then.
    const nextRun = await openStore({ configDir: dir, keyStore: keychain });
    const after = await nextRun.connections.list();
    expect(after.connections.map((c) => c.id)).toEqual([real.id, first.id]);
    expect(after.selectedId).toBe(first.id);
    expect(after.connections[1]?.key.hasKey).toBe(false);

    // Not selected, it is dropped at the next start (its port and key are gone).
    await nextRun.connections.select(real.id);
    const third = await openStore({ configDir: dir, keyStore: keychain });
    const last = await third.connections.list();
    expect(last.connections.map((c) => c.id)).toEqual([real.id]);
    expect(last.selectedId).toBe(real.id);
  });

  it('without a keychain: keys for this run only, and current() says why', async () => {
    const noKeychain = await openStore({ configDir: dir, keyStore: new MissingKeychain() });
    const main = await noKeychain.connections.save({
      name: 'Main',
      baseUrl: 'https://a.example.com',
    });
    expect(main.key).toEqual({
      hasKey: false,
      last4: null,
      storage: null,
      keychainAvailable: false,
      keychainProblem: NO_SECRET_SERVICE,
    });
    expect((await bridgeFailureOf(noKeychain.connections.current())).message).toBe(
      `No API key is saved for “Main”. Open Settings → Connections to add it. (${NO_SECRET_SERVICE})`,
    );
    expect(
      await bridgeFailureOf(noKeychain.connections.setKey(main.id, 'pk_live_key_4444', 'keychain')),
    ).toEqual({ code: 'keychain_unavailable', message: NO_SECRET_SERVICE });
    await noKeychain.connections.setKey(main.id, 'pk_live_key_4444', 'session');
    expect((await noKeychain.connections.current()).apiKey).toBe('pk_live_key_4444');
  });

  it('keys never reach the settings file', async () => {
    const main = await store.connections.save({ name: 'Main', baseUrl: 'https://a.example.com' });
    await store.connections.setKey(main.id, 'pk_live_secret_5555', 'keychain');
    await store.connections.addSandbox('http://127.0.0.1:41003', 'sbx_secret_6666');
    await store.connections.save({ id: main.id, name: 'Main 2', baseUrl: 'https://a.example.com' });
    const text = await readFile(join(dir, 'settings.json'), 'utf8');
    expect(text).not.toContain('pk_live_secret_5555');
    expect(text).not.toContain('sbx_secret_6666');
    expect(text).not.toContain('5555');
  });
});
