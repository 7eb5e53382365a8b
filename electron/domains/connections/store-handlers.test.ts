/** The store's bridge methods, called as the dispatcher does (arguments parsed by the contract). */
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ArgsOf, bridgeContract, type ResultOf } from '@shared/contract/bridge-contract';
import { defaultSettings } from '@shared/contract/settings-schema';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CallContext } from '../../kernel/handler-types';
import { openStore, type Store } from '../../kernel/settings/index';
import { NO_SECRET_SERVICE } from '../../kernel/settings/key-store';
import { SecretServiceKeyStore } from '../../kernel/settings/secret-service-key-store';
import { detectKeyringSession } from '../../kernel/settings/test-support/keyring-session';
import {
  MemoryKeychain,
  MissingKeychain,
} from '../../kernel/settings/test-support/memory-keychain';
import { bridgeFailureOf } from '../../kernel/test-support/bridge-failure-of';
import { applySettingsPatch, createStoreHandlers } from './store-handlers';

const ctx: CallContext = { signal: new AbortController().signal, progress: () => undefined };

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pb-store-handlers-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

function caller(store: Store) {
  return async <M extends keyof ReturnType<typeof createStoreHandlers>>(
    method: M,
    args: ArgsOf<M>,
  ): Promise<ResultOf<M>> => {
    const parsed = bridgeContract[method].args.parse(args);
    const handlers = createStoreHandlers(store.connections, store.vault, store.settings);
    const handler = handlers[method] as (a: unknown, c: CallContext) => Promise<ResultOf<M>>;
    return handler(parsed, ctx);
  };
}

/** Every file under the config folder, as text. */
async function everythingWritten(): Promise<string> {
  const names = await readdir(dir, { recursive: true });
  const texts = await Promise.all(
    names.map((name) => readFile(join(dir, name), 'utf8').catch(() => '')),
  );
  return names.join('\n') + texts.join('\n');
}

describe('store handlers', () => {
  it('connections and keys end to end, keychain by default', async () => {
    const keychain = new MemoryKeychain();
    const call = caller(await openStore({ configDir: dir, keyStore: keychain }));
    const main = await call('connectionSave', { name: 'Main', baseUrl: 'https://api.example.com' });
    const status = await call('keySet', { connectionId: main.id, apiKey: 'pk_live_abcdef_9876' });
    expect(status).toEqual({
      hasKey: true,
      last4: '9876',
      storage: 'keychain',
      keychainAvailable: true,
    });
    expect(keychain.entries.get(main.id)).toBe('pk_live_abcdef_9876');
    expect(await call('keyStatus', { connectionId: main.id })).toEqual(status);
    expect((await call('connectionsList', {})).connections[0]?.key).toEqual(status);

    const cleared = await call('keyClear', { connectionId: main.id });
    expect(cleared.hasKey).toBe(false);
    expect(keychain.entries.size).toBe(0);

    expect((await bridgeFailureOf(call('keyStatus', { connectionId: 'gone' }))).code).toBe(
      'not_found',
    );
    expect(
      (
        await bridgeFailureOf(
          call('keySet', { connectionId: 'gone', apiKey: 'pk_live_abcdef_9876' }),
        )
      ).code,
    ).toBe('not_found');
    const removed = await call('connectionRemove', { id: main.id });
    expect(removed).toEqual({ connections: [], selectedId: null });
  });

  it('no keychain: keySet answers keychain_unavailable, then works with storage "session"', async () => {
    const call = caller(await openStore({ configDir: dir, keyStore: new MissingKeychain() }));
    const main = await call('connectionSave', { name: 'Main', baseUrl: 'https://api.example.com' });
    expect(
      await bridgeFailureOf(
        call('keySet', { connectionId: main.id, apiKey: 'pk_live_abcdef_1234' }),
      ),
    ).toEqual({ code: 'keychain_unavailable', message: NO_SECRET_SERVICE });
    expect(
      await call('keySet', {
        connectionId: main.id,
        apiKey: 'pk_live_abcdef_1234',
        storage: 'session',
      }),
    ).toEqual({
      hasKey: true,
      last4: '1234',
      storage: 'session',
      keychainAvailable: false,
      keychainProblem: NO_SECRET_SERVICE,
    });
    expect(await everythingWritten()).not.toContain('pk_live_abcdef_1234');
  });

  it('settingsUpdate merges ui, views and printing; null removes a view', async () => {
    const call = caller(await openStore({ configDir: dir, keyStore: new MemoryKeychain() }));
    await call('settingsUpdate', {
      patch: {
        ui: { theme: 'dark' },
        views: { orders: { columns: ['id', 'status'], sort: 'id' }, returns: { columns: ['id'] } },
        printing: { routes: { shipping_label: { printerId: 'cups:Zebra' } } },
      },
    });
    const view = await call('settingsUpdate', {
      patch: {
        ui: { theme: 'dark', density: 'compact' },
        views: { orders: { sort: '-created' }, returns: null },
        printing: { routes: { packing_slip: { printerId: 'cups:Laser', media: 'Letter' } } },
      },
    });
    expect(view.settings.ui).toEqual({ theme: 'dark', density: 'compact', locale: null });
    expect(view.settings.views).toEqual({
      orders: { columns: ['id', 'status'], sort: '-created' },
    });
    expect(view.settings.printing.routes.shipping_label).toEqual({
      printerId: 'cups:Zebra',
      copies: 1,
      media: '4x6in',
    });
    expect(view.settings.printing.routes.packing_slip).toEqual({
      printerId: 'cups:Laser',
      copies: 1,
      media: 'Letter',
    });
    expect(view.path).toBe(join(dir, 'settings.json'));
    const onDisk = JSON.parse(await readFile(join(dir, 'settings.json'), 'utf8'));
    expect(onDisk.views).toEqual(view.settings.views);
  });

  it('a ui patch changes only the fields it names (the merge itself)', () => {
    const current = defaultSettings();
    current.ui = { theme: 'dark', density: 'comfortable', locale: 'de-DE' };
    expect(applySettingsPatch(current, { ui: { density: 'compact' } }).ui).toEqual({
      theme: 'dark',
      density: 'compact',
      locale: 'de-DE',
    });
  });

  // zod 4 applies `.default()` inside `.partial()`: the contract's ui patch schema has plain
  // optional fields so that a one-field patch does not reset the others.
  it('through the contract, a one-field ui patch keeps the other ui fields', async () => {
    const call = caller(await openStore({ configDir: dir, keyStore: new MemoryKeychain() }));
    await call('settingsUpdate', { patch: { ui: { theme: 'dark' } } });
    const view = await call('settingsUpdate', { patch: { ui: { density: 'compact' } } });
    expect(view.settings.ui.theme).toBe('dark');
  });

  it('settingsUpdate refuses what the schema refuses, and keys a patch must not touch', async () => {
    const call = caller(await openStore({ configDir: dir, keyStore: new MemoryKeychain() }));
    expect(() =>
      bridgeContract.settingsUpdate.args.parse({ patch: { connections: [] } }),
    ).toThrow();
    expect(() =>
      bridgeContract.settingsUpdate.args.parse({ patch: { ui: { theme: 'neon' } } }),
    ).toThrow();
    const polluted = JSON.parse('{"patch":{"views":{"__proto__":{"polluted":true},"a":1}}}');
    const view = await call('settingsUpdate', polluted);
    expect(view.settings.views).toEqual({ a: 1 });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('settingsGet answers after a write asked for before it, not with the settings before it', async () => {
    const call = caller(await openStore({ configDir: dir, keyStore: new MemoryKeychain() }));
    // Not awaited: a page that chose dark and reloaded at once asks again while it is written.
    const writing = call('settingsUpdate', { patch: { ui: { theme: 'dark' } } });
    const read = await call('settingsGet', {});
    expect(read.settings.ui.theme).toBe('dark');
    await writing;
  });

  it('settingsGet tells about a file kept aside once', async () => {
    await writeFile(join(dir, 'settings.json'), '{ not json');
    const call = caller(await openStore({ configDir: dir, keyStore: new MemoryKeychain() }));
    const first = await call('settingsGet', {});
    expect(first.notices).toHaveLength(1);
    expect(first.notices[0]).toMatch(
      /^Your settings file could not be read; it was kept as .*settings\.json\.corrupt-[0-9T-]+Z and defaults are used\.$/,
    );
    expect((await call('settingsGet', {})).notices).toEqual([]);
  });
});

const keyring = await detectKeyringSession();
const skipKeyring = !keyring.usable && !keyring.required;

describe(`store handlers with the real Secret Service${skipKeyring ? ` (skipped: ${keyring.why})` : ''}`, () => {
  it.skipIf(skipKeyring)(
    'the key is in the keychain and nowhere in the config folder',
    async () => {
      const store = await openStore({ configDir: dir, keyStore: new SecretServiceKeyStore() });
      const call = caller(store);
      const main = await call('connectionSave', {
        name: 'Main',
        baseUrl: 'https://api.example.com',
      });
      const key = `pk_live_${Date.now()}_ZZZZ`;
      try {
        const status = await call('keySet', { connectionId: main.id, apiKey: key });
        expect(status).toMatchObject({ hasKey: true, storage: 'keychain', last4: 'ZZZZ' });
        await call('settingsUpdate', { patch: { ui: { theme: 'light' }, views: { x: { y: 1 } } } });
        await call('connectionSave', {
          id: main.id,
          name: 'Main (renamed)',
          baseUrl: 'https://api.example.com',
        });
        expect((await store.connections.current()).apiKey).toBe(key);
        const written = await everythingWritten();
        expect(written).toContain('Main (renamed)');
        expect(written).not.toContain(key);
        // A new run finds it in the keychain.
        const nextRun = await openStore({ configDir: dir, keyStore: new SecretServiceKeyStore() });
        expect((await nextRun.connections.current()).apiKey).toBe(key);
      } finally {
        await call('connectionRemove', { id: main.id });
      }
      expect(await new SecretServiceKeyStore().get(main.id)).toBeUndefined();
    },
  );
});
