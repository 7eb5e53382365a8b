/**
 * The packable-orders index against the sandbox over real HTTP: built on the first lookup
 * from the `labels` and `open` stages, it finds a Shopify storefront id (#10968) and an
 * external id the API's search cannot find; an order that is not waiting to be packed is
 * not in it; a lookup in a fresh index asks nothing, one in a stale index answers from what
 * is kept and refreshes behind it (a new order then found, a cancelled one gone); the index
 * survives a restart of the store.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startSandboxForFile, TEST_KEY } from '../../../sandbox/test/support/sandbox-fixture';
import { type LocalStore, openLocalStore } from '../../kernel/local-store';
import { sandboxApiClient } from '../../test-support/sandbox-api-client';
import { OrderIndex } from './order-index';

const api = startSandboxForFile({ seed: 1, scale: 1 });
const dir = mkdtempSync(join(tmpdir(), 'packbench-order-index-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let requests = 0;
const client = async () =>
  sandboxApiClient(api.sandbox().url, TEST_KEY, (input, init) => {
    requests += 1;
    return fetch(input, init);
  });

let clock = new Date('2026-11-22T09:00:00Z');
const later = (minutes: number) => {
  clock = new Date(clock.getTime() + minutes * 60_000);
};
let store: LocalStore;
let index: OrderIndex;
const open = async () => {
  store = await openLocalStore({ dir });
  index = new OrderIndex({ client, localStore: async () => store, now: () => clock });
};

/** An order made through the API (external_id is writable; storefront ids are not). */
async function createOrder(externalId: string, status?: string): Promise<{ id: number }> {
  const answer = await api.post<{ id: number }>('/api/orders/', {
    recipient_name: 'Index Test',
    address1: '1 Test Street',
    city: 'Leeds',
    postal_code: 'LS1 1AA',
    country: 'GB',
    external_id: externalId,
    items: [{ sku: 'BAR-0108', qty: 1, weight_kg: 0.5 }],
    ...(status ? { status } : {}),
  });
  expect(answer.status).toBe(201);
  return answer.body;
}

describe('the packable-orders index', () => {
  it('finds a storefront id and an external id the API search cannot', async () => {
    await open();
    // The API's own search does not know the storefront id (why the index exists).
    const searched = await api.get<{ count: number }>('/api/orders/?q=5200002968530');
    expect(searched.body.count).toBe(0);

    const found = await index.find('5200002968530');
    expect(found.hits).toEqual([
      expect.objectContaining({ orderName: '#10968', field: 'storefront order id' }),
    ]);
    const stages = await Promise.all(
      ['labels', 'open'].map((s) => api.get<{ count: number }>(`/api/orders/?stage=${s}`)),
    );
    expect(found.count).toBe(stages[0]!.body.count + stages[1]!.body.count);
    expect(found.refreshedAt).toBe(clock.toISOString());

    const external = await index.find(' gid://shopify/order/5200002968530 ');
    expect(external.hits.map((h) => [h.orderName, h.field])).toEqual([['#10968', 'external id']]);
  });

  it('does not hold an order that is not waiting to be packed', async () => {
    // #EU3168 is shipped: its storefront id is real but not among the orders to pack.
    const shipped = await api.get<{ results: { storefront_order_id: number | null }[] }>(
      '/api/orders/?stage=shipped&page_size=50',
    );
    const id = shipped.body.results.find((o) => o.storefront_order_id)?.storefront_order_id;
    expect(id).toBeTruthy();
    expect((await index.find(String(id))).hits).toEqual([]);
    expect((await index.find('5200009999999')).hits).toEqual([]);
  });

  it('asks nothing while fresh; when stale, answers from what is kept and refreshes behind', async () => {
    const fresh = await createOrder('EXT-28-NEW');
    const before = requests;
    later(1);
    expect((await index.find('EXT-28-NEW')).hits).toEqual([]);
    expect(requests).toBe(before);

    later(3);
    const stale = await index.find('ext-28-new');
    expect(stale.hits).toEqual([]);
    await index.refresh(); // joins the refresh the stale lookup started
    expect(requests).toBeGreaterThan(before);
    const now = await index.find('ext-28-new');
    expect(now.hits.map((h) => [h.orderId, h.stage, h.field])).toEqual([
      [fresh.id, 'open', 'external id'],
    ]);
    expect(now.refreshedAt).toBe(clock.toISOString());

    const cancelled = await createOrder('EXT-28-CANCELLED', 'cancelled');
    later(4);
    await index.refresh();
    expect((await index.find('EXT-28-CANCELLED')).hits).toEqual([]);
    expect(cancelled.id).toBeGreaterThan(fresh.id);
    index.close();
  });

  it('is still there after a restart, found without a request', async () => {
    await store.close();
    await open();
    const before = requests;
    const found = await index.find('5200002968530');
    expect(found.hits.map((h) => h.orderName)).toEqual(['#10968']);
    expect(requests).toBe(before);
    index.close();
    await store.close();
  });
});
