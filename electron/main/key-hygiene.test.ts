/**
 * The API key never reaches the renderer, a log, a settings file or an error message. One
 * whole session against the sandbox over real HTTP, through the dispatcher the transports
 * call: every contract method (successes and failures), every event, every log line and every
 * file the bridge wrote are scanned for the key.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BRIDGE_METHODS, type BridgeMethod } from '@shared/contract/bridge-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../../sandbox/server/start';
import { startBrowserHost } from '../browser-host';
import type { Bridge } from '../kernel/dispatch/dispatcher-types';
import { MemoryKeychain } from '../kernel/settings/test-support/memory-keychain';
import { VALID_ARGS } from '../test-support/valid-args';
import { createBridge } from './create-bridge';

const KEY = `pbk_live_${randomBytes(16).toString('hex')}`;
const dir = mkdtempSync(join(tmpdir(), 'packbench-key-hygiene-'));
const seen: string[] = [];
const logs: string[] = [];
let sandbox: RunningSandbox;
let bridge: Bridge;

async function call(method: BridgeMethod, args: unknown): Promise<Record<string, unknown>> {
  const result = (await bridge.dispatcher.call(method, args)) as Record<string, unknown>;
  seen.push(JSON.stringify(result));
  return result;
}

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, keys: [KEY], rate: 0, scale: 0.1 });
  bridge = await createBridge({
    configDir: join(dir, 'config'),
    exportDir: dir,
    transport: 'browser',
    keyStore: new MemoryKeychain(),
    log: (line) => logs.push(line),
  });
  bridge.events.subscribe((event) => seen.push(JSON.stringify(event)));
});

afterAll(async () => {
  await bridge?.close();
  await sandbox?.close();
  rmSync(dir, { recursive: true, force: true });
});

function filesUnder(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

describe('the API key stays in the main process', () => {
  it('never appears in any answer, event, log line or file of a whole session', async () => {
    const saved = (await call('connectionSave', { name: 'Scan', baseUrl: sandbox.url })) as {
      value: { id: string };
    };
    const id = saved.value.id;
    const keySet = await call('keySet', { connectionId: id, apiKey: KEY });
    expect(keySet).toMatchObject({ ok: true, value: { hasKey: true, last4: KEY.slice(-4) } });
    await call('connectionSelect', { id });

    // Real ids for the methods that need them.
    const orders = (await call('ordersList', { filters: { stage: 'shipped' }, pageSize: 5 })) as {
      value: { results: { id: number }[] };
    };
    const orderId = orders.value.results[0]!.id;
    const shipments = (await call('shipmentsList', {})) as { value: { shipment_id: string }[] };
    const shipmentId = shipments.value[0]!.shipment_id;
    const real: Partial<Record<BridgeMethod, unknown>> = {
      ordersGet: { id: orderId },
      ordersDocuments: { id: orderId },
      ordersDocumentDownload: { id: orderId, kind: 'packing_slip' },
      ordersLabelsBatch: { orderIds: [orderId] },
      ordersDocumentsBatch: { orderIds: [orderId], kinds: ['packing_slip'] },
      ordersRefreshTracking: { id: orderId },
      addressCheckGet: { orderId },
      shipmentsGet: { shipmentId },
      shipmentsLabel: { shipmentId },
      connectionTest: { id },
      connectionRemove: { id: 'another' },
      connectionSelect: { id },
      keyStatus: { connectionId: id },
      keyClear: { connectionId: 'another' },
      keySet: { connectionId: 'another', apiKey: 'short' },
      ordersCreate: {
        order: {
          recipient_name: 'Key Scan',
          address1: '1 Road',
          city: 'Oslo',
          postal_code: '0150',
          country: 'NO',
        },
      },
      sandboxStart: undefined,
    };
    for (const method of BRIDGE_METHODS) {
      if (method === 'sandboxStart') continue; // would switch the connection away
      await call(method, method in real ? real[method] : VALID_ARGS[method]);
    }
    // Failures: a revoked key, a bad body, an unknown id.
    sandbox.keys.revoke(KEY);
    const refused = await call('ordersList', {});
    expect(refused).toMatchObject({ ok: false, error: { code: 'unauthorized' } });
    await call('ordersCreate', { order: { city: 'x' } });
    await call('connectionTest', { baseUrl: sandbox.url, apiKey: `${KEY}-wrong` });

    expect(seen.length).toBeGreaterThan(BRIDGE_METHODS.length);
    for (const text of [...seen, ...logs]) expect(text).not.toContain(KEY);
    const files = filesUnder(dir);
    expect(files.some((f) => f.endsWith('settings.json'))).toBe(true);
    for (const file of files) expect(readFileSync(file, 'utf8'), file).not.toContain(KEY);
  });

  it('never appears in what the browser-mode host sends the page', async () => {
    sandbox.keys.add(KEY);
    const host = await startBrowserHost({
      dispatcher: bridge.dispatcher,
      events: bridge.events,
      rendererDir: join(dir, 'no-renderer'),
    });
    try {
      const token = new URL(host.url).hash.replace('#token=', '');
      const texts: string[] = [];
      const events = await fetch(`${host.origin}/bridge/events`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      const reader = events.body!.getReader();
      for (const [method, args] of [
        ['connectionsList', {}],
        ['settingsGet', {}],
        ['ordersList', { pageSize: 2 }],
        ['ordersExport', { filters: { stage: 'cancelled' }, operationId: 'scan-export-1' }],
        ['keyStatus', { connectionId: 'missing' }],
        ['ordersGet', { id: 'not a number' }],
      ] as const) {
        const r = await fetch(`${host.origin}/bridge/call/${method}`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ args }),
        });
        texts.push(await r.text());
      }
      const chunk = await reader.read();
      texts.push(new TextDecoder().decode(chunk.value));
      await reader.cancel();
      texts.push(await (await fetch(`${host.origin}/`)).text());
      expect(texts.some((t) => t.includes('"ok":true'))).toBe(true);
      for (const text of texts) expect(text).not.toContain(KEY);
    } finally {
      await host.close();
    }
  });
});
