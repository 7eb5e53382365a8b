/**
 * Orders kept as JSON bytes (order-json.ts): the bytes are exactly the UTF-8 of what serving
 * the objects gave, for each origin; the kept bytes stay within their bound; an order whose
 * refresh is under way is never served stale; a page joined from kept answers is the UTF-8 of
 * the page JSON.stringify gives.
 */
import { describe, expect, it } from 'vitest';
import { buildCatalog } from '../data/catalog';
import { buildOrderStore } from '../data/orders';
import type { DatasetOptions, Order } from '../data/types';
import { OrderJson, pageBody } from './order-json';
import { servedOrder } from './order-views';
import { ReusedBuffers } from './reused-buffers';

const opts: DatasetOptions = { seed: 3, scale: 0.2, now: new Date('2026-03-01T00:00:00Z') };
const catalog = buildCatalog(opts);
const ORIGIN = 'http://127.0.0.1:8787';

const texts = (bodies: Buffer[]) => bodies.map((b) => b.toString('utf8'));

describe('orders kept as JSON bytes', () => {
  it('serves each order exactly as the object served gave, from the kept text the second time', async () => {
    const store = buildOrderStore(opts, catalog);
    const json = new OrderJson(store);
    const ids = store.rows.slice(0, 120).map((r) => r.id);
    const expected = ids.map((id) => JSON.stringify(servedOrder(store.get(id) as Order, ORIGIN)));
    expect(texts(await json.bodies(ids, ORIGIN))).toEqual(expected);
    expect(json.stats().orders).toBe(120);
    expect(json.stats().bytes).toBe(expected.reduce((n, t) => n + Buffer.byteLength(t), 0));
    expect(texts(await json.bodies(ids, ORIGIN))).toEqual(expected);
    // Another origin (the sandbox reached by another address) gets its own label URLs.
    const withLabel = ids.find((id) =>
      store.get(id)?.shipments.some((s) => s.label_url?.startsWith('/')),
    );
    expect(withLabel, 'an order with a label in the data').toBeDefined();
    const elsewhere = json.body(withLabel as number, 'http://localhost:9')?.toString('utf8');
    expect(elsewhere).toContain('"label_url":"http://localhost:9/');
    expect(elsewhere).not.toContain(ORIGIN);
    expect(json.body(987_654_321, ORIGIN)).toBeUndefined();
  });

  it('keeps no more than its bound, dropping the least recently served first', () => {
    const store = buildOrderStore(opts, catalog);
    const ids = store.rows.slice(0, 200).map((r) => r.id);
    const one = Buffer.byteLength(
      JSON.stringify(servedOrder(store.get(ids[0] as number) as Order, ORIGIN)) ?? '',
    );
    const json = new OrderJson(store, one * 20);
    for (const id of ids) json.body(id, ORIGIN);
    const { orders, bytes } = json.stats();
    expect(bytes).toBeLessThanOrEqual(one * 20);
    expect(orders).toBeGreaterThan(5);
    expect(orders).toBeLessThan(200);
    // The first served is long gone; the last served is kept (same Buffer back).
    const last = ids.at(-1) as number;
    expect(json.body(last, ORIGIN)).toBe(json.body(last, ORIGIN));
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
      (JSON.parse(String(json.body(target.id, ORIGIN))) as Order).fulfillments[0]
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

  it('joins a page of kept answers into the UTF-8 of the same page of objects', () => {
    const store = buildOrderStore(opts, catalog);
    const orders = store.rows.slice(0, 3).map((r) => servedOrder(store.get(r.id) as Order, ORIGIN));
    const page = { count: 41, next: `${ORIGIN}/api/orders/?page=2`, previous: null };
    const joined = pageBody({
      ...page,
      results: orders.map((o) => Buffer.from(JSON.stringify(o), 'utf8')),
    });
    expect(joined.equals(Buffer.from(JSON.stringify({ ...page, results: orders }), 'utf8'))).toBe(
      true,
    );
    expect(pageBody({ count: 0, next: null, previous: null, results: [] }).toString()).toBe(
      '{"count":0,"next":null,"previous":null,"results":[]}',
    );
  });

  it('writes the same page into a reused buffer, over whatever the last page left there', () => {
    const store = buildOrderStore(opts, catalog);
    const buffers = new ReusedBuffers();
    const pageOf = (ids: number[]) => ({
      count: 41,
      next: null,
      previous: `${ORIGIN}/api/orders/?page=1`,
      results: ids.map((id) =>
        Buffer.from(JSON.stringify(servedOrder(store.get(id) as Order, ORIGIN)), 'utf8'),
      ),
    });
    const big = pageOf(store.rows.slice(0, 40).map((r) => r.id));
    const first = pageBody(big, buffers);
    expect(first.body.equals(pageBody(big))).toBe(true);
    buffers.give(first.whole);
    // A smaller page in the same buffer: its answer ends where its own bytes end.
    const small = pageOf(store.rows.slice(40, 43).map((r) => r.id));
    const second = pageBody(small, buffers);
    expect(second.whole).toBe(first.whole);
    expect(second.body.equals(pageBody(small))).toBe(true);
  });

  it('keeps characters outside Latin-1 whole, as their UTF-8 bytes', () => {
    const store = buildOrderStore(opts, catalog);
    const json = new OrderJson(store);
    const wide = store.rows
      .map((r) => JSON.stringify(servedOrder(store.get(r.id) as Order, ORIGIN)))
      .findIndex((t) => /[\u0100-\uffff]/.test(t));
    expect(wide, 'an order with a character outside Latin-1 in the data').toBeGreaterThan(-1);
    const id = store.rows[wide]?.id as number;
    const text = JSON.stringify(servedOrder(store.get(id) as Order, ORIGIN));
    const body = json.body(id, ORIGIN) as Buffer;
    expect(body.length).toBe(Buffer.byteLength(text));
    expect(body.toString('utf8')).toBe(text);
  });
});
