/**
 * Ids the spec allows but nobody planned for, against the sandbox over real HTTP: a shipment id
 * is any string up to 64 characters, so one with a space, `/`, `#`, `?` or `%` must open, show
 * its label and reach the print path's fetch, each request reaching that shipment and nothing
 * else. Ids that no path segment can carry (`.`, `..`, a lone surrogate) get a typed, plain
 * error before anything is sent, never 'internal' and never another endpoint.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDataset } from '../../sandbox/data/dataset';
import type { Dataset, ShipmentStore } from '../../sandbox/data/types';
import { type RunningSandbox, startSandbox } from '../../sandbox/server/start';
import { fetchShipmentLabel } from '../domains/printing/service/api-documents';
import { type ApiClient, createApiClient } from '../kernel/api/api-client';
import { AccountLimiter } from '../kernel/api/limiter';
import { createDispatcher } from '../kernel/dispatch/dispatch';
import { BridgeEvents } from '../kernel/events';
import type { Handlers } from '../kernel/handler-types';
import { createApiHandlers } from './create-api-handlers';

const KEY = 'pk_odd_ids_0123456789';
const ODD_IDS = [
  'SHP 0001',
  'a/b',
  '#42',
  'why?',
  '100%',
  '%2e%2e',
  '%2F..%2F',
  '...',
  'a/../b',
  'ünïcødé 📦',
  'x'.repeat(64),
];

let sandbox: RunningSandbox;
let api: ApiClient;
/** Every path the sandbox was asked for, as it arrived. */
const seen: string[] = [];

beforeAll(async () => {
  const base = buildDataset({ seed: 1, scale: 0.05, now: new Date('2026-11-22T00:00:00Z') });
  const real = base.shipments.rows[0]?.shipment_id ?? '';
  // The seeded data has plain ids; these shipments answer under the odd ones (a server that
  // is not the sandbox may use any string the spec allows).
  const shipments: ShipmentStore = {
    rows: base.shipments.rows,
    list: (row) => base.shipments.list(row),
    get: (id) => {
      const shipment = base.shipments.get(ODD_IDS.includes(id) ? real : id);
      return shipment && ODD_IDS.includes(id) ? { ...shipment, shipment_id: id } : shipment;
    },
  };
  const dataset: Dataset = { ...base, shipments };
  sandbox = await startSandbox({ port: 0, keys: [KEY], rate: 0, dataset });
  api = createApiClient({
    baseUrl: sandbox.url,
    apiKey: KEY,
    limiter: new AccountLimiter({ initialRate: 500, maxRate: 500 }),
    fetch: (input, init) => {
      seen.push(new URL(input instanceof Request ? input.url : String(input)).pathname);
      return fetch(input, init);
    },
  });
});
afterAll(async () => {
  await sandbox?.close();
});

function dispatcher() {
  const handlers = createApiHandlers({ client: async () => api, exportDir: '/tmp' });
  return createDispatcher({
    handlers: handlers as unknown as Handlers,
    events: new BridgeEvents(),
    secrets: () => [KEY],
  });
}

describe('odd but valid shipment ids', () => {
  it.each(ODD_IDS)('%j opens, shows its label and reaches the print fetch', async (id) => {
    const d = dispatcher();
    seen.length = 0;
    const detail = await d.call('shipmentsGet', { shipmentId: id });
    expect(detail).toMatchObject({ ok: true, value: { shipment_id: id } });
    const label = await d.call('shipmentsLabel', { shipmentId: id });
    expect(label).toMatchObject({ ok: true, value: { shipment_id: id } });
    const printed = await fetchShipmentLabel(api, id, { priority: 'interactive' });
    expect(printed.bytes.byteLength).toBeGreaterThan(100);
    // Each request went to that shipment's own path: one encoded segment, nothing normalised.
    const segment = encodeURIComponent(id);
    expect(seen).toEqual([
      `/api/shipping/v1/shipments/${segment}/`,
      `/api/shipping/v1/shipments/${segment}/label/`,
      `/api/shipping/v1/shipments/${segment}/label/`,
    ]);
  });
});

describe('ids no path segment can carry', () => {
  it.each(['.', '..', 'SHP\ud800', '\udfff', ''])(
    '%j is a typed, plain error, and nothing is sent',
    async (id) => {
      seen.length = 0;
      const d = dispatcher();
      const answer = await d.call('shipmentsGet', { shipmentId: id });
      expect(answer).toMatchObject({ ok: false, error: { code: 'invalid_arguments' } });
      if (answer.ok) throw new Error('expected an error');
      expect(answer.error.message).not.toMatch(/shipmentsGet|internal/i);
      // The client refuses them too, for callers that bypass the contract (the print path).
      const direct = await fetchShipmentLabel(api, id, { priority: 'interactive' }).then(
        () => 'sent',
        (e: { error?: { code?: string; message?: string } }) => e.error,
      );
      expect(direct).toMatchObject({ code: 'invalid_arguments' });
      expect(seen).toEqual([]);
    },
  );

  it('the whole list is never fetched in place of one shipment', async () => {
    seen.length = 0;
    await api
      .json(
        'shipping_v1_shipments_retrieve',
        { path: { shipment_id: '.' } },
        { priority: 'interactive' },
      )
      .catch(() => {});
    expect(seen).not.toContain('/api/shipping/v1/shipments/');
  });

  it('numeric ids of other kinds cannot be turned into paths either', async () => {
    seen.length = 0;
    const d = dispatcher();
    for (const [method, args] of [
      ['ordersGet', { id: 0 }],
      ['inventoryGet', { productId: -4 }],
      ['locationsGet', { id: Number.NaN }],
      ['returnsGet', { id: '1/../2' }],
    ] as const) {
      const answer = await d.call(method, args);
      expect(answer).toMatchObject({ ok: false, error: { code: 'invalid_arguments' } });
      if (answer.ok) throw new Error('expected an error');
      // Location ids may be 0 or below (the spec allows it), so theirs says only "whole number".
      expect(answer.error.message).toMatch(
        method === 'locationsGet' ? /is a whole number, not NaN/ : /is a whole number from 1 up/,
      );
    }
    expect(seen).toEqual([]);
  });
});
