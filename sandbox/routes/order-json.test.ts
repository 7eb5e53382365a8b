/**
 * Orders kept as JSON text (order-json.ts): the texts are exactly what serving the objects
 * gave, for each origin; the kept texts stay within their bound; an order whose refresh is
 * under way is never served stale; a page joined from texts is the page JSON.stringify gives.
 */
import { describe, expect, it } from 'vitest';
import { buildCatalog } from '../data/catalog';
import { buildOrderStore } from '../data/orders';
import type { DatasetOptions, Order } from '../data/types';
import { OrderJson, pageJson } from './order-json';
import { servedOrder } from './order-views';

const opts: DatasetOptions = { seed: 3, scale: 0.2, now: new Date('2026-03-01T00:00:00Z') };
const catalog = buildCatalog(opts);
const ORIGIN = 'http://127.0.0.1:8787';

describe('orders kept as JSON text', () => {
  it('serves each order exactly as the object served gave, from the kept text the second time', async () => {
    const store = buildOrderStore(opts, catalog);
    const json = new OrderJson(store);
    const ids = store.rows.slice(0, 120).map((r) => r.id);
    const expected = ids.map((id) => JSON.stringify(servedOrder(store.get(id) as Order, ORIGIN)));
    expect(await json.texts(ids, ORIGIN)).toEqual(expected);
    expect(json.stats().orders).toBe(120);
    expect(await json.texts(ids, ORIGIN)).toEqual(expected);
    // Another origin (the sandbox reached by another address) gets its own label URLs.
    const withLabel = ids.find((id) =>
      store.get(id)?.shipments.some((s) => s.label_url?.startsWith('/')),
    );
    expect(withLabel, 'an order with a label in the data').toBeDefined();
    const elsewhere = json.text(withLabel as number, 'http://localhost:9');
    expect(elsewhere).toContain('"label_url":"http://localhost:9/');
    expect(elsewhere).not.toContain(ORIGIN);
    expect(json.text(987_654_321, ORIGIN)).toBeUndefined();
  });

  it('keeps no more than its bound, dropping the least recently served first', () => {
    const store = buildOrderStore(opts, catalog);
    const ids = store.rows.slice(0, 200).map((r) => r.id);
    const one = (JSON.stringify(servedOrder(store.get(ids[0] as number) as Order, ORIGIN)) ?? '')
      .length;
    const json = new OrderJson(store, one * 20);
    for (const id of ids) json.text(id, ORIGIN);
    const { orders, bytes } = json.stats();
    expect(bytes).toBeLessThanOrEqual(one * 20);
    expect(orders).toBeGreaterThan(5);
    expect(orders).toBeLessThan(200);
    // The first served is long gone; the last served is kept (same string object back).
    const last = ids.at(-1) as number;
    expect(json.text(last, ORIGIN)).toBe(json.text(last, ORIGIN));
  });

  it('never keeps an order whose tracking refresh is under way: it follows the clock', () => {
    let clock = Date.parse('2026-03-01T10:00:00Z');
    const store = buildOrderStore(opts, catalog, { clock: () => clock, trackingStepMs: 50 });
    const json = new OrderJson(store);
    const target = store.rows
      .map((r) => store.get(r.id) as Order)
      .find(
        (o) =>
          o.fulfillments.length === 1 && o.fulfillments[0]?.tracking_events_status === 'pending',
      );
    if (!target) throw new Error('no order with one pending fulfillment in the data');
    const status = () =>
      (JSON.parse(json.text(target.id, ORIGIN) as string) as Order).fulfillments[0]
        ?.tracking_events_status;
    expect(status()).toBe('pending');
    expect(store.changesWithTime(target.id)).toBe(false);
    expect(store.refreshTracking(target.id)?.queued).toBe(1);
    expect(store.changesWithTime(target.id)).toBe(true);
    clock += 50;
    expect(status()).toBe('active');
    clock += 100;
    expect(status()).toBe('delivered');
  });

  it('joins a page of texts into the JSON text of the same page of objects', () => {
    const store = buildOrderStore(opts, catalog);
    const orders = store.rows.slice(0, 3).map((r) => servedOrder(store.get(r.id) as Order, ORIGIN));
    const page = { count: 41, next: `${ORIGIN}/api/orders/?page=2`, previous: null };
    const joined = pageJson({ ...page, results: orders.map((o) => JSON.stringify(o)) });
    expect(joined).toBe(JSON.stringify({ ...page, results: orders }));
    expect(pageJson({ count: 0, next: null, previous: null, results: [] })).toBe(
      '{"count":0,"next":null,"previous":null,"results":[]}',
    );
  });
});
