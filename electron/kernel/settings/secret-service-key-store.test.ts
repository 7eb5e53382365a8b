/**
 * The keychain against a real Secret Service (GNOME Keyring in the private D-Bus session of
 * scripts/with-keyring.sh). Skipped with the reason elsewhere; failing under
 * PACKBENCH_REQUIRE_KEYRING=1.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { KeyVault } from './key-vault';
import { KEYCHAIN_SERVICE, SecretServiceKeyStore } from './secret-service-key-store';
import { detectKeyringSession } from './test-support/keyring-session';

const run = promisify(execFile);
const keyring = await detectKeyringSession();
const skip = !keyring.usable && !keyring.required;
const title = skip
  ? `OS keychain, real Secret Service (skipped: ${keyring.why})`
  : 'OS keychain, real Secret Service';

/** What the Secret Service holds, read by another program (libsecret's secret-tool). */
async function secretToolLookup(account: string): Promise<string | null> {
  try {
    const { stdout } = await run('secret-tool', [
      'lookup',
      'service',
      KEYCHAIN_SERVICE,
      'username',
      account,
    ]);
    return stdout;
  } catch {
    return null; // exits 1 when nothing matches
  }
}

describe(title, () => {
  const store = new SecretServiceKeyStore();
  const used: string[] = [];
  const account = () => {
    const id = `test-${randomUUID()}`;
    used.push(id);
    return id;
  };

  afterAll(async () => {
    if (skip || !keyring.usable) return;
    for (const id of used) await store.delete(id).catch(() => undefined);
  });

  it.skipIf(skip)(
    'answers (a missing keyring fails here under PACKBENCH_REQUIRE_KEYRING=1)',
    () => {
      expect(keyring.why, 'keyring needed by PACKBENCH_REQUIRE_KEYRING=1').toBe('');
      expect(keyring.usable).toBe(true);
    },
  );

  // Within the probe's own timeout, or it would answer unavailable: no timed assertion here
  // (a loaded CI machine is slow to start the keyring's D-Bus service).
  it.skipIf(skip)('reports itself available', async () => {
    expect(await store.available()).toEqual({ ok: true });
  });

  it.skipIf(skip)('stores, reads and deletes a key, in the Secret Service itself', async () => {
    const id = account();
    const key = 'pk_live_roundtrip_AbC9';
    expect(await store.get(id)).toBeUndefined();
    await store.set(id, key);
    expect(await store.get(id)).toBe(key);
    expect(await secretToolLookup(id)).toBe(key);
    await store.delete(id);
    expect(await store.get(id)).toBeUndefined();
    expect(await secretToolLookup(id)).toBeNull();
    await store.delete(id); // deleting what is gone is fine
  });

  it.skipIf(skip)('overwrites, and keeps two connections apart', async () => {
    const a = account();
    const b = account();
    await store.set(a, 'pk_first_key_1111');
    await store.set(b, 'pk_other_key_2222');
    await store.set(a, 'pk_second_key_3333');
    expect(await store.get(a)).toBe('pk_second_key_3333');
    expect(await store.get(b)).toBe('pk_other_key_2222');
    expect(await secretToolLookup(a)).toBe('pk_second_key_3333');
    expect(await secretToolLookup(b)).toBe('pk_other_key_2222');
    await store.delete(a);
    expect(await store.get(b)).toBe('pk_other_key_2222');
  });

  it.skipIf(skip)('through the vault: status shows last4 and keychain storage', async () => {
    const vault = new KeyVault(store);
    const id = account();
    expect(await vault.status(id)).toEqual({
      hasKey: false,
      last4: null,
      storage: null,
      keychainAvailable: true,
    });
    await vault.set(id, 'pk_live_status_WXYZ', 'keychain');
    expect(await vault.status(id)).toEqual({
      hasKey: true,
      last4: 'WXYZ',
      storage: 'keychain',
      keychainAvailable: true,
    });
    expect(await secretToolLookup(id)).toBe('pk_live_status_WXYZ');

    // A later run (a new vault) finds it in the keychain.
    const nextRun = new KeyVault(new SecretServiceKeyStore());
    expect(await nextRun.get(id)).toBe('pk_live_status_WXYZ');
    expect((await nextRun.status(id)).storage).toBe('keychain');

    // Choosing "this run only" replaces the saved key rather than leaving it behind.
    await vault.set(id, 'pk_session_only_QRST', 'session');
    expect(await vault.status(id)).toMatchObject({ storage: 'session', last4: 'QRST' });
    expect(await secretToolLookup(id)).toBeNull();

    await vault.set(id, 'pk_live_again_JKLM', 'keychain');
    await vault.delete(id);
    expect((await vault.status(id)).hasKey).toBe(false);
    expect(await secretToolLookup(id)).toBeNull();
  });
});
