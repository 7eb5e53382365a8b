/**
 * The composed bridge over real HTTP: "Try the sandbox", testing connections with plain
 * verdicts, and the console's own methods, through the dispatcher the transports call.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BridgeMethod } from '@shared/contract/bridge-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bridge } from '../kernel/dispatch/dispatcher-types';
import { MemoryKeychain } from '../kernel/settings/test-support/memory-keychain';
import { createBridge } from './create-bridge';

const dir = mkdtempSync(join(tmpdir(), 'packbench-bridge-'));
let bridge: Bridge;

const call = (method: BridgeMethod, args: unknown = {}) =>
  // biome-ignore lint/suspicious/noExplicitAny: the tests read results loosely.
  bridge.dispatcher.call(method, args) as Promise<any>;

beforeAll(async () => {
  bridge = await createBridge({
    configDir: dir,
    exportDir: dir,
    transport: 'browser',
    keyStore: new MemoryKeychain(),
  });
});
afterAll(async () => {
  await bridge?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A loopback port with nothing listening. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('the composed bridge', () => {
  it('says who it is and which transport it serves', async () => {
    expect(await call('appInfo')).toEqual({
      ok: true,
      value: { name: 'Packbench', version: expect.any(String), transport: 'browser' },
    });
  });

  it('answers no_connection before any connection exists', async () => {
    const r = await call('ordersList', {});
    expect(r).toMatchObject({ ok: false, error: { code: 'no_connection' } });
  });

  it('starts the embedded sandbox, connects to it, and reads orders', async () => {
    const started = await call('sandboxStart');
    expect(started).toMatchObject({
      ok: true,
      value: { sandbox: true, key: { hasKey: true, storage: 'session' } },
    });
    const list = await call('connectionsList');
    expect(list.value.selectedId).toBe(started.value.id);
    const orders = await call('ordersList', { pageSize: 3 });
    expect(orders.ok).toBe(true);
    expect(orders.value.results).toHaveLength(3);
    expect(orders.value.count).toBeGreaterThan(1000);
    // Starting again reuses the same sandbox and connection.
    const again = await call('sandboxStart');
    expect(again.value.id).toBe(started.value.id);
    expect(again.value.baseUrl).toBe(started.value.baseUrl);
  });

  it('tests a saved connection and explains refusals in plain words', async () => {
    const { value: list } = await call('connectionsList');
    const sandbox = list.connections[0];
    const good = await call('connectionTest', { id: sandbox.id });
    expect(good.value).toMatchObject({
      ok: true,
      status: 200,
      message: expect.stringMatching(/^Connected: [\d,]+ orders/),
    });

    const badKey = await call('connectionTest', {
      baseUrl: sandbox.baseUrl,
      apiKey: 'not-the-right-key',
    });
    expect(badKey.value).toMatchObject({
      ok: false,
      status: 401,
      message: expect.stringMatching(/refused this API key/),
    });

    const insecure = await call('connectionTest', {
      baseUrl: 'http://api.example.com',
      apiKey: 'whatever-key',
    });
    expect(insecure.value).toMatchObject({ ok: false, message: expect.stringMatching(/https/) });

    const nobody = await call('connectionTest', {
      baseUrl: `http://127.0.0.1:${await closedPort()}`,
      apiKey: 'whatever-key',
    });
    expect(nobody.value).toMatchObject({
      ok: false,
      message: expect.stringMatching(/No answer from/),
    });
  });

  it('reports the throttle state', async () => {
    const state = await call('throttleState');
    expect(state.value).toMatchObject({
      queued: { interactive: 0, background: 0 },
      inFlight: expect.any(Number),
      rate: expect.any(Number),
      throttled: expect.any(Number),
    });
  });
});
