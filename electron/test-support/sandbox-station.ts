/**
 * A composed bridge on the embedded sandbox's connection, in a throw-away config folder, with
 * a named station: what the pack-log tests drive. `restart()` closes it and opens a new one on
 * the same folder (as a console restarted on the same machine), then starts the sandbox again.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BridgeMethod } from '@shared/contract/bridge-contract';
import { afterAll, beforeAll } from 'vitest';
import type { Bridge } from '../kernel/dispatch/dispatcher-types';
import { MemoryKeychain } from '../kernel/settings/test-support/memory-keychain';
import { createBridge } from '../main/create-bridge';

export interface SandboxStation {
  send(method: BridgeMethod, args?: unknown): ReturnType<Bridge['dispatcher']['call']>;
  /** The value of a call that must succeed; a refusal throws with its code and sentence. */
  // biome-ignore lint/suspicious/noExplicitAny: the tests read results loosely.
  call(method: BridgeMethod, args?: unknown): Promise<any>;
  restart(): Promise<void>;
  close(): Promise<void>;
}

export async function openSandboxStation(
  folderPrefix: string,
  stationName: string,
): Promise<SandboxStation> {
  const dir = mkdtempSync(join(tmpdir(), folderPrefix));
  const open = () =>
    createBridge({
      configDir: dir,
      exportDir: dir,
      transport: 'browser',
      keyStore: new MemoryKeychain(),
    });
  let bridge: Bridge = await open();
  const send = (method: BridgeMethod, args: unknown = {}) => bridge.dispatcher.call(method, args);
  const call = async (method: BridgeMethod, args: unknown = {}) => {
    const r = await send(method, args);
    if (!r.ok) throw new Error(`${method}: ${r.error.code} ${r.error.message}`);
    return r.value;
  };
  await call('sandboxStart');
  await call('settingsUpdate', { patch: { station: { name: stationName } } });
  return {
    send,
    call,
    async restart() {
      await bridge.close();
      bridge = await open();
      await call('sandboxStart');
    },
    async close() {
      await bridge.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * One station for the whole test file: opened before its first test, closed after its last.
 * The calls reach whichever bridge is open now, so they keep working across `restart()`.
 */
export function sandboxStationForFile(folderPrefix: string, stationName: string): SandboxStation {
  let station: SandboxStation | undefined;
  const open = () => {
    if (!station) throw new Error('The station opens in beforeAll; call it from a test.');
    return station;
  };
  beforeAll(async () => {
    station = await openSandboxStation(folderPrefix, stationName);
  });
  afterAll(async () => {
    await station?.close();
  });
  return {
    send: (method, args) => open().send(method, args),
    call: (method, args) => open().call(method, args),
    restart: () => open().restart(),
    close: () => open().close(),
  };
}
