/** The vault's rules, with stand-in keychains (the real one: secret-service-key-store.test.ts). */
import { describe, expect, it } from 'vitest';
import { BridgeFailure } from '../failure';
import { type KeychainProbe, type KeyStore, NO_SECRET_SERVICE } from './key-store';
import { KeyVault } from './key-vault';
import { MemoryKeychain, MissingKeychain } from './test-support/memory-keychain';

async function failureOf(promise: Promise<unknown>): Promise<BridgeFailure> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof BridgeFailure)) throw new Error(`expected a BridgeFailure, got ${error}`);
  return error;
}

/** The vault gives `key` back for c1, and its status shows the key held as `status` says. */
async function expectKeyHeld(vault: KeyVault, key: string, status: object): Promise<void> {
  expect(await vault.get('c1')).toBe(key);
  expect(await vault.status('c1')).toEqual({ hasKey: true, ...status });
}

describe('KeyVault', () => {
  it('keeps a key in the keychain and reports only its last four characters', async () => {
    const keychain = new MemoryKeychain();
    const vault = new KeyVault(keychain);
    await vault.set('c1', 'pk_live_12345678', 'keychain');
    expect(keychain.entries.get('c1')).toBe('pk_live_12345678');
    await expectKeyHeld(vault, 'pk_live_12345678', {
      last4: '5678',
      storage: 'keychain',
      keychainAvailable: true,
    });
  });

  it('refuses "keychain" when none is available, with the plain reason; "session" works', async () => {
    const vault = new KeyVault(new MissingKeychain());
    const failure = await failureOf(vault.set('c1', 'pk_live_12345678', 'keychain'));
    expect(failure.error).toEqual({ code: 'keychain_unavailable', message: NO_SECRET_SERVICE });
    expect(await vault.get('c1')).toBeUndefined();

    await vault.set('c1', 'pk_live_12345678', 'session');
    await expectKeyHeld(vault, 'pk_live_12345678', {
      last4: '5678',
      storage: 'session',
      keychainAvailable: false,
      keychainProblem: NO_SECRET_SERVICE,
    });
  });

  it('prefers this run’s key, and a keychain key replaces it', async () => {
    const keychain = new MemoryKeychain();
    const vault = new KeyVault(keychain);
    await vault.set('c1', 'pk_saved_key_AAAA', 'keychain');
    await vault.set('c1', 'pk_run_only_BBBB', 'session');
    expect(await vault.get('c1')).toBe('pk_run_only_BBBB');
    expect(keychain.entries.has('c1')).toBe(false);
    await vault.set('c1', 'pk_saved_key_CCCC', 'keychain');
    expect(await vault.get('c1')).toBe('pk_saved_key_CCCC');
    expect((await vault.status('c1')).storage).toBe('keychain');
  });

  it('delete clears both places', async () => {
    const keychain = new MemoryKeychain();
    const vault = new KeyVault(keychain);
    await vault.set('c1', 'pk_saved_key_AAAA', 'keychain');
    await vault.set('c2', 'pk_run_only_BBBB', 'session');
    await vault.delete('c1');
    await vault.delete('c2');
    expect(keychain.entries.size).toBe(0);
    expect(await vault.get('c1')).toBeUndefined();
    expect(await vault.get('c2')).toBeUndefined();
    expect((await vault.status('c1')).hasKey).toBe(false);
  });

  it('reads a key saved in an earlier run once, then from memory', async () => {
    const keychain = new MemoryKeychain();
    keychain.entries.set('c1', 'pk_earlier_run_DDDD');
    const vault = new KeyVault(keychain);
    for (let i = 0; i < 20; i++) expect(await vault.get('c1')).toBe('pk_earlier_run_DDDD');
    expect(keychain.calls).toBe(1);
    expect(vault.heldSecrets()).toContain('pk_earlier_run_DDDD');
  });

  it('a set and a delete on one account never interleave', async () => {
    const vault = new KeyVault(new MemoryKeychain());
    const work = [];
    for (let i = 0; i < 50; i++) {
      work.push(vault.set('c1', `pk_key_number_${i}`, i % 2 ? 'session' : 'keychain'));
      if (i % 7 === 3) work.push(vault.delete('c1'));
    }
    await Promise.all(work);
    expect(await vault.get('c1')).toBe('pk_key_number_49');
  });

  it('never passes on a keychain error’s own text (it may echo the key)', async () => {
    const key = 'pk_live_leaky_9999';
    const echoing: KeyStore = {
      available: async (): Promise<KeychainProbe> => ({ ok: true }),
      get: async () => {
        throw new Error(`failed to read ${key}`);
      },
      set: async (_account, k) => {
        throw new Error(`cannot store secret ${k}`);
      },
      delete: async () => {
        throw new Error(`cannot delete ${key}`);
      },
    };
    const vault = new KeyVault(echoing);
    const failure = await failureOf(vault.set('c1', key, 'keychain'));
    expect(failure.error.code).toBe('keychain_unavailable');
    expect(JSON.stringify(failure.error)).not.toContain(key);
    expect(failure.message).not.toContain(key);
    const status = await vault.status('c1');
    expect(JSON.stringify(status)).not.toContain(key);
    expect(status.hasKey).toBe(false);
  });

  it('asks a missing keychain again after a while (the person may have unlocked it)', async () => {
    let answers = 0;
    let ok = false;
    const flaky: KeyStore = {
      ...new MemoryKeychain(),
      available: async (): Promise<KeychainProbe> => {
        answers += 1;
        return ok ? { ok: true } : { ok: false, problem: NO_SECRET_SERVICE };
      },
      get: async () => undefined,
      set: async () => undefined,
      delete: async () => undefined,
    };
    const vault = new KeyVault(flaky);
    expect((await vault.keychainState()).ok).toBe(false);
    expect((await vault.keychainState()).ok).toBe(false);
    expect(answers).toBe(1); // a no is remembered for a few seconds
    ok = true;
    const later = Date.now() + 6_000;
    const realNow = Date.now;
    Date.now = () => later;
    try {
      expect((await vault.keychainState()).ok).toBe(true);
    } finally {
      Date.now = realNow;
    }
    expect(answers).toBe(2);
  });
});
