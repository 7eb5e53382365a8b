/**
 * A station child's keychain (station-child-bridge.ts): a real station's OS keychain outlives
 * a restart, so a child started again on the same folder finds the API key and the floor's
 * password it saved, as a console does, and joins the floor and names its account before its
 * printing resumes. Kept in a file of the child's own folder (test-keychain.json); the tests
 * that need the real Secret Service use it through the keyring scripts instead.
 */
import { readFile, writeFile } from 'node:fs/promises';
import type { KeychainProbe, KeyStore } from '../kernel/settings';

export class StationKeychain implements KeyStore {
  private constructor(
    private readonly file: string,
    private readonly keys: Map<string, string>,
  ) {}

  static async open(file: string): Promise<StationKeychain> {
    const text = await readFile(file, 'utf8').catch(() => '{}');
    return new StationKeychain(file, new Map(Object.entries(JSON.parse(text) as object)));
  }

  async available(): Promise<KeychainProbe> {
    return { ok: true };
  }

  async get(account: string): Promise<string | undefined> {
    return this.keys.get(account);
  }

  async set(account: string, key: string): Promise<void> {
    this.keys.set(account, key);
    await this.save();
  }

  async delete(account: string): Promise<void> {
    this.keys.delete(account);
    await this.save();
  }

  private save(): Promise<void> {
    return writeFile(this.file, JSON.stringify(Object.fromEntries(this.keys)), { mode: 0o600 });
  }
}
