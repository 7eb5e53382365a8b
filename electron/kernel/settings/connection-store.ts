/**
 * Saved connections (a name and a base URL in the settings file) with their keys (in the vault),
 * and which one is selected. The API client asks `current()` for what to call and with which key.
 */
import { randomUUID } from 'node:crypto';
import type { Connection, Settings } from '@shared/contract/settings-schema';
import { checkBaseUrl } from '@shared/contract/url-policy';
import type { ConnectionsView, ConnectionView } from '@shared/contract/values';
import { BridgeFailure } from '../failure';
import type { KeyStorage, KeyVault } from './key-vault';
import type { SettingsFile } from './settings-file';

export const SANDBOX_CONNECTION_NAME = 'Sandbox (demo data)';
const MAX_CONNECTIONS = 50;

export interface ConnectionInput {
  id?: string;
  name: string;
  baseUrl: string;
}

export interface ConnectionTarget {
  connection: Connection;
  apiKey: string;
}

export class ConnectionStore {
  readonly #settings: SettingsFile;
  readonly #vault: KeyVault;

  constructor(settings: SettingsFile, vault: KeyVault) {
    this.#settings = settings;
    this.#vault = vault;
  }

  async list(): Promise<ConnectionsView> {
    const { connections, selectedConnectionId } = this.#settings.current;
    return {
      connections: await Promise.all(connections.map((c) => this.#view(c))),
      selectedId: connections.some((c) => c.id === selectedConnectionId)
        ? selectedConnectionId
        : null,
    };
  }

  async get(id: string): Promise<ConnectionView> {
    return this.#view(this.#find(this.#settings.current, id));
  }

  /** Creates (no id) or changes a connection. The first one saved becomes the selected one. */
  async save(input: ConnectionInput): Promise<ConnectionView> {
    const verdict = checkBaseUrl(input.baseUrl);
    if (!verdict.ok) {
      throw new BridgeFailure('insecure_url', verdict.reason, {
        fieldErrors: { baseUrl: [verdict.reason] },
      });
    }
    const name = input.name.trim();
    const before = this.#settings.current;
    const existing = input.id === undefined ? undefined : this.#find(before, input.id);
    // A key belongs to the server it was issued for: a changed origin must not carry the saved
    // key to another host (a typo, or a page tricked into editing the address).
    if (existing && new URL(existing.baseUrl).origin !== new URL(verdict.url).origin) {
      await this.#vault.delete(existing.id);
    }
    const id = existing?.id ?? randomUUID();
    const saved = await this.#settings.update((settings) => {
      const clash = settings.connections.find(
        (c) => c.id !== id && c.name.trim().toLowerCase() === name.toLowerCase(),
      );
      if (clash) {
        const message = `Another connection is already called “${clash.name}”. Choose a different name.`;
        throw new BridgeFailure('invalid_arguments', message, { fieldErrors: { name: [message] } });
      }
      const index = settings.connections.findIndex((c) => c.id === id);
      const connection: Connection = {
        id,
        name,
        baseUrl: verdict.url,
        sandbox: index >= 0 ? (settings.connections[index]?.sandbox ?? false) : false,
      };
      if (index >= 0) settings.connections[index] = connection;
      else {
        if (settings.connections.length >= MAX_CONNECTIONS) {
          throw new BridgeFailure(
            'invalid_arguments',
            `At most ${MAX_CONNECTIONS} connections can be saved. Remove one you no longer use first.`,
          );
        }
        settings.connections.push(connection);
      }
      if (!this.#selectedIn(settings)) settings.selectedConnectionId = id;
      return settings;
    });
    return this.#view(this.#find(saved, id));
  }

  /** Removes a connection and its key. Removing one that is already gone is not an error. */
  async remove(id: string): Promise<ConnectionsView> {
    await this.#vault.delete(id);
    await this.#settings.update((settings) => {
      settings.connections = settings.connections.filter((c) => c.id !== id);
      if (!this.#selectedIn(settings)) settings.selectedConnectionId = fallbackSelection(settings);
      return settings;
    });
    return this.list();
  }

  async select(id: string): Promise<ConnectionsView> {
    await this.#settings.update((settings) => {
      settings.selectedConnectionId = this.#find(settings, id).id;
      return settings;
    });
    return this.list();
  }

  /** Keeps a key for a saved connection (`not_found` for an unknown one). */
  async setKey(id: string, apiKey: string, storage: KeyStorage): Promise<void> {
    this.#find(this.#settings.current, id);
    await this.#vault.set(id, apiKey, storage);
  }

  /** The selected connection's id (its local store is keyed by it); no key needed. */
  selectedId(): string {
    return this.selected().id;
  }

  /** The selected connection (no key needed). */
  selected(): Connection {
    const settings = this.#settings.current;
    const connection = settings.connections.find((c) => c.id === settings.selectedConnectionId);
    if (!connection) {
      throw new BridgeFailure(
        'no_connection',
        'No connection is selected. Open Settings → Connections to add one or choose one.',
      );
    }
    return connection;
  }

  /** The selected connection and its key, for the API client. */
  async current(): Promise<ConnectionTarget> {
    return this.#withKey(this.selected());
  }

  /** A saved connection and its key, by id (e.g. to test that connection). */
  async target(id: string): Promise<ConnectionTarget> {
    return this.#withKey(this.#find(this.#settings.current, id));
  }

  /**
   * "Try the sandbox": a connection to the embedded sandbox, selected, its key kept for this run
   * only (the sandbox makes a new one each run). Replaces an earlier sandbox connection.
   */
  async addSandbox(baseUrl: string, apiKey: string): Promise<ConnectionView> {
    const verdict = checkBaseUrl(baseUrl);
    if (!verdict.ok) throw new BridgeFailure('insecure_url', verdict.reason);
    const before = this.#settings.current.connections.filter((c) => c.sandbox);
    const id = before[0]?.id ?? randomUUID();
    for (const old of before) await this.#vault.delete(old.id);
    await this.#vault.set(id, apiKey, 'session');
    const saved = await this.#settings.update((settings) => {
      const connection: Connection = {
        id,
        name: SANDBOX_CONNECTION_NAME,
        baseUrl: verdict.url,
        sandbox: true,
      };
      // The new one takes the old one's place in the list; any extra sandbox entries go.
      let placed = false;
      settings.connections = settings.connections.flatMap((c) => {
        if (!c.sandbox) return [c];
        if (placed) return [];
        placed = true;
        return [connection];
      });
      if (!placed) settings.connections.push(connection);
      settings.selectedConnectionId = id;
      return settings;
    });
    return this.#view(this.#find(saved, id));
  }

  /**
   * Drops sandbox connections left by an earlier run: their address (a random port) and key
   * (memory only) died with that run. Called once at start. The selected one stays: "Try the
   * sandbox" is remembered, and the composition starts the sandbox again for it
   * (create-bridge.ts), which gives it a fresh address and key.
   */
  async dropStaleSandboxes(): Promise<void> {
    const selected = this.#settings.current.selectedConnectionId;
    if (!this.#settings.current.connections.some((c) => c.sandbox && c.id !== selected)) return;
    await this.#settings.update((settings) => {
      settings.connections = settings.connections.filter(
        (c) => !c.sandbox || c.id === settings.selectedConnectionId,
      );
      if (!this.#selectedIn(settings)) settings.selectedConnectionId = fallbackSelection(settings);
      return settings;
    });
  }

  async #withKey(connection: Connection): Promise<ConnectionTarget> {
    const apiKey = await this.#vault.get(connection.id);
    if (apiKey === undefined) {
      const keychain = await this.#vault.keychainState();
      const why = keychain.ok ? '' : ` (${keychain.problem})`;
      throw new BridgeFailure(
        'no_key',
        `No API key is saved for “${connection.name}”. Open Settings → Connections to add it.${why}`,
      );
    }
    return { connection, apiKey };
  }

  async #view(connection: Connection): Promise<ConnectionView> {
    return {
      id: connection.id,
      name: connection.name,
      baseUrl: connection.baseUrl,
      sandbox: connection.sandbox,
      key: await this.#vault.status(connection.id),
    };
  }

  #find(settings: Settings, id: string): Connection {
    const found = settings.connections.find((c) => c.id === id);
    if (!found) {
      throw new BridgeFailure(
        'not_found',
        'This connection no longer exists. It may have been removed in another window.',
      );
    }
    return found;
  }

  #selectedIn(settings: Settings): boolean {
    return settings.connections.some((c) => c.id === settings.selectedConnectionId);
  }
}

/** After the selected connection goes: the first real one, else any, else none. */
function fallbackSelection(settings: Settings): string | null {
  return (settings.connections.find((c) => !c.sandbox) ?? settings.connections[0])?.id ?? null;
}
