/**
 * Saving a connection is three bridge calls: the connection (name and URL), its key, and
 * selecting it. Kept apart from the form so the order and the keychain fallback are tested
 * without a browser. The key is passed straight to the bridge and kept nowhere else.
 */
import type { ConnectionsView, ConnectionView } from '../../../../shared/contract/values';
import type { PackbenchClient } from '../../bridge';
import { BridgeCallError, callBridge } from '../../query/bridge-call';

export type KeyStorage = 'keychain' | 'session';

export interface SaveConnectionInput {
  /** Set when an earlier attempt already saved the connection (retry without a duplicate). */
  id?: string;
  name: string;
  baseUrl: string;
  apiKey: string;
  storage: KeyStorage;
}

export type SaveConnectionOutcome =
  | { kind: 'saved'; connection: ConnectionView; connections: ConnectionsView }
  /** Saved without its key: no keychain answers. The person may keep it for this run only. */
  | { kind: 'keychain-unavailable'; connection: ConnectionView; problem: string };

export async function saveConnection(
  client: PackbenchClient,
  input: SaveConnectionInput,
): Promise<SaveConnectionOutcome> {
  const connection = await callBridge(client, 'connectionSave', {
    ...(input.id ? { id: input.id } : {}),
    name: input.name.trim(),
    baseUrl: input.baseUrl.trim(),
  });
  try {
    await callBridge(client, 'keySet', {
      connectionId: connection.id,
      apiKey: input.apiKey.trim(),
      storage: input.storage,
    });
  } catch (error) {
    if (error instanceof BridgeCallError && error.code === 'keychain_unavailable') {
      return { kind: 'keychain-unavailable', connection, problem: error.error.message };
    }
    throw error;
  }
  const connections = await callBridge(client, 'connectionSelect', { id: connection.id });
  return { kind: 'saved', connection, connections };
}

/** "Try the sandbox": start the embedded sandbox (or reuse it) and select its connection. */
export async function startSandbox(client: PackbenchClient): Promise<ConnectionsView> {
  const connection = await callBridge(client, 'sandboxStart', {});
  return callBridge(client, 'connectionSelect', { id: connection.id });
}
