/**
 * Where API keys can live: the OS keychain (secret-service-key-store.ts) or this run's memory.
 * Accounts are connection ids. A KeyStore's errors are BridgeFailures with fixed messages,
 * never the underlying library's text (it may echo what it was given).
 */

export type KeychainProbe = { ok: true } | { ok: false; problem: string };

export interface KeyStore {
  /** Whether this store can keep a key right now, or why not in plain words. Never hangs. */
  available(): Promise<KeychainProbe>;
  get(account: string): Promise<string | undefined>;
  set(account: string, key: string): Promise<void>;
  delete(account: string): Promise<void>;
}

/** What the person reads when Linux has no Secret Service (no D-Bus, or no keyring on it). */
export const NO_SECRET_SERVICE =
  'No keychain is available on this computer (no Secret Service answered). The key can be used for this run only.';

/** The keychain exists but did not answer in time (often: it is locked and waits for a password). */
export const KEYCHAIN_TIMED_OUT =
  'The keychain did not answer in time (it may be locked). The key can be used for this run only.';

/** macOS Keychain or Windows Credential Manager refused or failed. */
export const KEYCHAIN_FAILED =
  'The system keychain could not be used. The key can be used for this run only.';

/**
 * Memory only, for this run: the fallback the person chooses when no keychain is available,
 * and where the embedded sandbox's key lives (it changes every run anyway).
 */
export class SessionKeyStore implements KeyStore {
  readonly #keys = new Map<string, string>();

  async available(): Promise<KeychainProbe> {
    return { ok: true };
  }

  async get(account: string): Promise<string | undefined> {
    return this.#keys.get(account);
  }

  async set(account: string, key: string): Promise<void> {
    this.#keys.set(account, key);
  }

  async delete(account: string): Promise<void> {
    this.#keys.delete(account);
  }
}
