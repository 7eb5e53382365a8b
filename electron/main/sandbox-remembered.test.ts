/**
 * "Try the sandbox" is remembered across a restart: a console started again on the same
 * settings, with the sandbox's connection selected, answers its first API call from a
 * sandbox started again (the old run's key is gone), instead of "no API key is saved".
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BridgeMethod } from '@shared/contract/bridge-contract';
import { afterAll, describe, expect, it } from 'vitest';
import type { Bridge } from '../kernel/dispatch/dispatcher-types';
import { MemoryKeychain } from '../kernel/settings/test-support/memory-keychain';
import { createBridge } from './create-bridge';

const dir = mkdtempSync(join(tmpdir(), 'packbench-sandbox-again-'));
const bridges: Bridge[] = [];
afterAll(async () => {
  for (const b of bridges) await b.close();
  rmSync(dir, { recursive: true, force: true });
});

const open = async () => {
  const bridge = await createBridge({
    configDir: dir,
    exportDir: dir,
    transport: 'browser',
    keyStore: new MemoryKeychain(),
  });
  bridges.push(bridge);
  return bridge;
};
const call = async (bridge: Bridge, method: BridgeMethod, args: unknown = {}) => {
  const r = await bridge.dispatcher.call(method, args);
  if (!r.ok) throw new Error(`${method}: ${r.error.code} ${r.error.message}`);
  // biome-ignore lint/suspicious/noExplicitAny: the test reads results loosely.
  return r.value as any;
};

describe('the sandbox after a restart', () => {
  it('starts again for the first API call when its connection is selected', async () => {
    const first = await open();
    const started = await call(first, 'sandboxStart');
    const before = await call(first, 'ordersList', { pageSize: 1 });
    expect(before.count).toBeGreaterThan(0);
    await first.close();
    bridges.pop();

    const again = await open();
    const list = await call(again, 'connectionsList');
    expect(list.selectedId).toBe(started.id);
    const after = await call(again, 'ordersList', { pageSize: 1 });
    expect(after.count).toBe(before.count);
    // Still the one sandbox connection, selected: nothing to set up again.
    const now = await call(again, 'connectionsList');
    expect(now.connections.filter((c: { sandbox: boolean }) => c.sandbox)).toHaveLength(1);
    expect(now.selectedId).toBe(started.id);
  }, 60_000);
});
