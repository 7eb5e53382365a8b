/**
 * Consoles composed whole, as browser mode composes them (createBridge, each in a config
 * folder of its own, no CUPS), named as a station, on one API connection and one floor
 * database: what the floor-wide tests of electron/main drive. Every console a file opens is
 * closed, and its folder removed, after the file's last test.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BridgeMethod } from '@shared/contract/bridge-contract';
import { afterAll, expect } from 'vitest';
import type { Bridge } from '../kernel/dispatch/dispatcher-types';
import { SessionKeyStore } from '../kernel/settings';
import { createBridge } from '../main/create-bridge';

/** The value of a call that must succeed; a refusal throws with its sentence. */
// biome-ignore lint/suspicious/noExplicitAny: the tests read answers loosely.
export type ConsoleCall = (method: BridgeMethod, args?: unknown) => Promise<any>;

export interface FloorConsoleOptions {
  /** The station's name, as the floor lists it. */
  station: string;
  /** The saved connection: its name and address, and the key kept for this session. */
  connection: { name: string; baseUrl: string; apiKey: string };
  /** What floorSettingsSave is sent as `connection` (the floor database to join). */
  floor: Record<string, unknown>;
  /** The console's fetch, where a test counts what leaves it. */
  fetch?: typeof globalThis.fetch;
}

/** Opens consoles for this test file; each opened one is online on the floor, or it throws. */
export function composedFloorConsolesForFile(folderPrefix: string) {
  const dirs: string[] = [];
  const bridges: Bridge[] = [];
  afterAll(async () => {
    await Promise.all(bridges.map((b) => b.close()));
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
  return async function openFloorConsole(options: FloorConsoleOptions): Promise<ConsoleCall> {
    const dir = mkdtempSync(join(tmpdir(), folderPrefix));
    dirs.push(dir);
    const bridge = await createBridge({
      configDir: dir,
      exportDir: dir,
      transport: 'browser',
      keyStore: new SessionKeyStore(),
      printing: { useCups: false },
      ...(options.fetch ? { fetch: options.fetch } : {}),
    });
    bridges.push(bridge);
    const call: ConsoleCall = async (method, args = {}) => {
      const answer = await bridge.dispatcher.call(method, args);
      if (!answer.ok) throw new Error(`${method}: ${answer.error.message}`);
      return answer.value;
    };
    const { name, baseUrl, apiKey } = options.connection;
    await call('settingsUpdate', { patch: { station: { name: options.station } } });
    const saved = await call('connectionSave', { name, baseUrl });
    await call('keySet', { connectionId: saved.id, apiKey, storage: 'session' });
    await call('connectionSelect', { id: saved.id });
    const joined = await call('floorSettingsSave', { connection: options.floor });
    expect(joined).toMatchObject({ status: 'online' });
    return call;
  };
}
