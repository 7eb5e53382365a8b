/**
 * Same seed, scale and `now` give the same data byte for byte (sandbox/README.md): two
 * sandboxes started side by side answer identical bodies; another seed answers other data.
 */
import { describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../server/start';
import { TEST_NOW } from './support/sandbox-fixture';

const KEY = 'determinism-key';
const OPTIONS = { port: 0, keys: [KEY], rate: 0, now: TEST_NOW, scale: 0.2 } as const;

/** The body as text, with the sandbox's own origin (its port differs) replaced. */
async function body(sandbox: RunningSandbox, path: string): Promise<string> {
  const response = await fetch(`${sandbox.url}${path}`, { headers: { 'X-API-Key': KEY } });
  const text = await response.text();
  expect(response.status, `${sandbox.url}${path}: ${text.slice(0, 200)}`).toBe(200);
  return text.replaceAll(sandbox.url, 'ORIGIN');
}

async function json<T>(sandbox: RunningSandbox, path: string): Promise<T> {
  return JSON.parse(await body(sandbox, path)) as T;
}

describe('deterministic data', () => {
  it('two sandboxes with the same seed answer byte-identical bodies; another seed differs', async () => {
    const started: RunningSandbox[] = [];
    try {
      const a = await startSandbox({ ...OPTIONS, seed: 7 });
      started.push(a);
      const b = await startSandbox({ ...OPTIONS, seed: 7 });
      started.push(b);
      expect(a.port).not.toBe(b.port);

      // Ids to ask for, read from the first sandbox.
      const page1 = await json<{ count: number; results: { id: number }[] }>(a, '/api/orders/');
      const orderIds = [
        page1.results[0]!.id,
        page1.results.at(-1)!.id,
        Math.min(...page1.results.map((o) => o.id)) - 100,
      ];
      const shipmentsList = await json<{ shipment_id: string }[]>(a, '/api/shipping/v1/shipments/');
      const inventory = await json<{ results: { product_id: number }[] }>(a, '/api/inventory/');
      const productId = inventory.results[0]!.product_id;
      const returns = await json<{ results: { id: number }[] }>(a, '/api/returns/requests/');

      const paths = [
        '/api/orders/',
        '/api/orders/?page=3',
        '/api/orders/?page_size=200&stage=shipped',
        ...orderIds.map((id) => `/api/orders/${id}/`),
        '/api/orders/facets/',
        '/api/shipping/v1/shipments/',
        `/api/shipping/v1/shipments/${shipmentsList[0]!.shipment_id}/`,
        '/api/shipping/v1/tracking-events/',
        '/api/returns/requests/',
        '/api/returns/requests/?page_size=500',
        `/api/returns/requests/${returns.results[0]!.id}/`,
        '/api/inventory/',
        '/api/inventory/?page_size=500',
        '/api/locations/',
        '/api/inventory/location-stock/',
        `/api/inventory/${productId}/`,
      ];
      for (const path of paths) {
        const [fromA, fromB] = await Promise.all([body(a, path), body(b, path)]);
        expect(fromA.length, path).toBeGreaterThan(2);
        // Compared as text, not parsed: the same bytes, keys in the same order.
        expect(fromA === fromB, `${path} differs between two sandboxes of seed 7`).toBe(true);
      }

      const c = await startSandbox({ ...OPTIONS, seed: 8 });
      started.push(c);
      const fromA = await json<{ count: number; results: Record<string, unknown>[] }>(
        a,
        '/api/orders/',
      );
      const fromC = await json<{ count: number; results: Record<string, unknown>[] }>(
        c,
        '/api/orders/',
      );
      // Same scale, same number of orders, but other orders.
      expect(fromC.count).toBe(fromA.count);
      const people = (r: typeof fromA) =>
        r.results.map((o) => `${o.recipient_name}|${o.order_name}|${o.order_date}`);
      expect(people(fromC)).not.toEqual(people(fromA));
      const sameOrders = people(fromC).filter((p) => people(fromA).includes(p));
      expect(sameOrders.length).toBeLessThan(5);
      expect(await body(c, '/api/returns/requests/')).not.toBe(
        await body(a, '/api/returns/requests/'),
      );
    } finally {
      await Promise.all(started.map((s) => s.close()));
    }
  });
});
