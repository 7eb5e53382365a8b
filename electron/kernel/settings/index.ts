/**
 * The settings file, the key vault and the saved connections, opened together for the bridge.
 * The composition (create-bridge.ts) passes the config folder: Electron's userData, or
 * `defaultConfigDir()` in browser mode.
 */
import envPaths from 'env-paths';
import { ConnectionStore } from './connection-store';
import type { KeyStore } from './key-store';
import { KeyVault } from './key-vault';
import { SecretServiceKeyStore } from './secret-service-key-store';
import { SettingsFile } from './settings-file';

export {
  ConnectionStore,
  type ConnectionTarget,
  SANDBOX_CONNECTION_NAME,
} from './connection-store';
export { type KeychainProbe, type KeyStore, NO_SECRET_SERVICE, SessionKeyStore } from './key-store';
export { type KeyStorage, KeyVault } from './key-vault';
export { KEYCHAIN_SERVICE, SecretServiceKeyStore } from './secret-service-key-store';
export { SETTINGS_FILE_NAME, SettingsFile } from './settings-file';

/** Where settings live outside Electron, e.g. ~/.config/Packbench on Linux. */
export function defaultConfigDir(): string {
  return envPaths('Packbench', { suffix: '' }).config;
}

export interface OpenStoreOptions {
  /** The folder for settings.json; defaults to `defaultConfigDir()`. */
  configDir?: string;
  /** The keychain; defaults to the OS keychain (tests pass a fake or a session store). */
  keyStore?: KeyStore;
  /** For tests: how settings.json is read. */
  readText?: (path: string) => Promise<string>;
}

export interface Store {
  settings: SettingsFile;
  vault: KeyVault;
  connections: ConnectionStore;
}

export async function openStore(options: OpenStoreOptions = {}): Promise<Store> {
  const vault = new KeyVault(options.keyStore ?? new SecretServiceKeyStore());
  const settings = await SettingsFile.open({
    dir: options.configDir ?? defaultConfigDir(),
    secrets: () => vault.heldSecrets(),
    ...(options.readText ? { readText: options.readText } : {}),
  });
  const connections = new ConnectionStore(settings, vault);
  // Not fatal: an unwritable folder is reported when the person changes something.
  await connections.dropStaleSandboxes().catch(() => undefined);
  return {
    settings,
    vault,
    connections,
  };
}
