/**
 * Stand-ins for the OS keychain in unit tests: one that works (kept in memory, and counts its
 * calls) and one that is missing, like Linux without a Secret Service.
 */
import { BridgeFailure } from '../../failure';
import { type KeychainProbe, type KeyStore, NO_SECRET_SERVICE } from '../key-store';

export class MemoryKeychain implements KeyStore {
  readonly entries = new Map<string, string>();
  calls = 0;

  async available(): Promise<KeychainProbe> {
    return { ok: true };
  }
  async get(account: string): Promise<string | undefined> {
    this.calls += 1;
    return this.entries.get(account);
  }
  async set(account: string, key: string): Promise<void> {
    this.calls += 1;
    this.entries.set(account, key);
  }
  async delete(account: string): Promise<void> {
    this.calls += 1;
    this.entries.delete(account);
  }
}

export class MissingKeychain implements KeyStore {
  async available(): Promise<KeychainProbe> {
    return { ok: false, problem: NO_SECRET_SERVICE };
  }
  async get(): Promise<string | undefined> {
    throw new BridgeFailure('keychain_unavailable', NO_SECRET_SERVICE);
  }
  async set(): Promise<void> {
    throw new BridgeFailure('keychain_unavailable', NO_SECRET_SERVICE);
  }
  async delete(): Promise<void> {
    throw new BridgeFailure('keychain_unavailable', NO_SECRET_SERVICE);
  }
}
