/**
 * Hostile order creates (issue 17.3): each is refused with a 400 naming the field (or a 413
 * for a body over the size limit), nothing is stored, and the order list and an order's
 * detail are still served afterwards. What the bounds accept is served back intact by every
 * read: list, detail, export and the order's documents. The batch PDF bodies are refused the
 * same way.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_DEPTH } from '../server/body-bounds';
import { type Paginated, startSandboxForFile } from './support/sandbox-fixture';

const api = startSandboxForFile({ scale: 0.1 });

type Refusal = { code: string; detail: string; errors?: Record<string, string[]> };
type Order = { id: number; [k: string]: unknown };

const base = {
  recipient_name: 'Hostile Tester',
  address1: '1 Test Street',
  city: 'Leeds',
  postal_code: 'LS1 1AA',
  country: 'GB',
};
/** The base order as JSON text with `extra` (raw JSON members) spliced in. */
const withRaw = (extra: string) => `${JSON.stringify(base).slice(0, -1)},${extra}}`;

const postRaw = (body: string) =>
  api.request<Refusal>('/api/orders/', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body,
  });

let storedBefore = 0;
async function expectRefused(body: string, field: string, message: RegExp): Promise<Refusal> {
  storedBefore = api.sandbox().dataset.orders.rows.length;
  const r = await postRaw(body);
  expect(r.status, field).toBe(400);
  expect(r.body.code).toBe('invalid');
  expect(Object.keys(r.body.errors ?? {}), JSON.stringify(r.body).slice(0, 300)).toContain(field);
  expect(r.body.errors?.[field]?.join(' ')).toMatch(message);
  expect(api.sandbox().dataset.orders.rows.length, 'nothing stored').toBe(storedBefore);
  return r.body;
}

// After every case: page 1 of the list, the newest order's detail and the export still work.
afterEach(async () => {
  const list = await api.get<Paginated<Order>>('/api/orders/?page=1');
  expect(list.status).toBe(200);
  const newest = list.body.results[0]!;
  expect((await api.get<Order>(`/api/orders/${newest.id}/`)).status).toBe(200);
  const open = await api.get<Paginated<Order>>('/api/orders/?stage=open&page_size=500');
  expect(open.status).toBe(200);
});

describe('hostile creates are refused, naming the field', () => {
  it('items nested 5,000 deep', async () => {
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    const path = ['items', ...Array(MAX_DEPTH).fill('0')].join('.');
    await expectRefused(withRaw(`"items":${deep}`), path, /Nested too deeply/);
    // Deep inside an object member, too.
    const objects = `${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}`;
    await expectRefused(
      withRaw(`"billing_address":${objects}`),
      'billing_address.a.a.a.a.a.a.a.a',
      /Nested/,
    );
  });

  it('numbers JSON cannot carry back: 1e999 (Infinity) and beyond 10^15', async () => {
    await expectRefused(withRaw('"weight_kg":1e999'), 'weight_kg', /finite/);
    await expectRefused(withRaw('"weight_kg":-1e999'), 'weight_kg', /finite/);
    await expectRefused(withRaw('"items":[{"sku":"A","qty":1e999}]'), 'items.0.qty', /finite/);
    await expectRefused(withRaw('"weight_kg":1e300'), 'weight_kg', /10\^15/);
    await expectRefused(withRaw('"customer":1e300'), 'customer', /10\^15/);
  });

  it('huge strings: note, and strings inside the free-form fields', async () => {
    await expectRefused(withRaw(`"note":"${'n'.repeat(5001)}"`), 'note', /5000 characters/);
    const name = 'x'.repeat(300_000);
    await expectRefused(withRaw(`"items":[{"sku":"A","name":"${name}"}]`), 'items.0.name', /2000/);
    await expectRefused(withRaw(`"tags":["${name}"]`), 'tags.0', /2000/);
    await expectRefused(withRaw(`"recipient_name":"${name}"`), 'recipient_name', /120/);
    const key = 'k'.repeat(256);
    await expectRefused(withRaw(`"billing_address":{"${key}":1}`), 'billing_address', /key/);
  });

  it('huge lists and objects', async () => {
    const zeros = (n: number) => `[${Array(n).fill('0').join(',')}]`;
    await expectRefused(withRaw(`"items":${zeros(501)}`), 'items', /500 elements/);
    await expectRefused(withRaw(`"tags":${zeros(251)}`), 'tags', /250 elements/);
    await expectRefused(withRaw(`"tax_lines":${zeros(101)}`), 'tax_lines', /100 elements/);
    await expectRefused(withRaw(`"items":[{"x":${zeros(200_000)}}]`), 'items.0.x', /500/);
    const keys = Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`k${i}`, i]));
    await expectRefused(
      withRaw(`"billing_address":${JSON.stringify(keys)}`),
      'billing_address',
      /100 keys/,
    );
  });

  it('names at most 20 fields, however many are bad', async () => {
    const items = Array.from({ length: 400 }, () => ({ qty: 1e300 }));
    const body = await expectRefused(
      withRaw(`"items":${JSON.stringify(items)}`),
      'items.0.qty',
      /10\^15/,
    );
    expect(Object.keys(body.errors ?? {}).length).toBe(20);
  });

  it('a body over 1 MiB is a 413 in the API’s shape', async () => {
    const before = api.sandbox().dataset.orders.rows.length;
    const r = await postRaw(withRaw(`"note":"${'n'.repeat(1_100_000)}"`));
    expect(r.status).toBe(413);
    expect(r.body).toMatchObject({ code: 'request_too_large' });
    expect(typeof r.body.detail).toBe('string');
    expect(api.sandbox().dataset.orders.rows.length).toBe(before);
  });
});

describe('hostile batch PDF bodies are refused, naming the field', () => {
  const post = (path: string, body: string) =>
    api.request<Refusal>(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
    });
  const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;

  it('deep or non-finite order ids, deep or endless kinds', async () => {
    for (const ids of [deep, '[1e999]']) {
      const r = await post('/api/orders/labels-batch/', `{"order_ids":${ids}}`);
      expect(r.status).toBe(400);
      expect(Object.keys(r.body.errors ?? {})).toEqual(['order_ids']);
    }
    const id = api.sandbox().dataset.orders.rows[0]!.id;
    const nested = await post('/api/orders/documents/', `{"order_ids":[${id}],"kinds":[${deep}]}`);
    expect(nested.status).toBe(400);
    expect(nested.body.errors?.kinds?.[0]).toMatch(/^Unknown kinds: a list;/);
    const many = JSON.stringify(Array.from({ length: 10_000 }, (_, i) => `kind-${i}`));
    const endless = await post('/api/orders/documents/', `{"order_ids":[${id}],"kinds":${many}}`);
    expect(endless.status).toBe(400);
    expect(endless.body.errors?.kinds?.[0]).toMatch(/"kind-4" and 9995 more/);
    expect(endless.bytes.length).toBeLessThan(1000);
  });
});

describe('what the bounds accept is served back by every read', () => {
  it('an order at the limits: detail, list, export and packing slip', async () => {
    // items (level 1) → an item (2) → MAX_DEPTH − 2 lists: exactly MAX_DEPTH levels.
    let nested: unknown = 'leaf';
    for (let level = 0; level < MAX_DEPTH - 2; level++) nested = [nested];
    const items = [
      { sku: 'EDGE-1', qty: 2, weight_kg: 0.25, name: 'é'.repeat(2000), extra: nested },
      'not an item',
      null,
    ];
    const body = {
      ...base,
      items,
      weight_kg: 1e15,
      note: 'n'.repeat(5000),
      tags: Array.from({ length: 250 }, (_, i) => `t${i}`),
      billing_address: { name: '\u{1F4E6} Ünïcødé', nested: { deeper: [1, -0.5, true, null] } },
    };
    const created = await api.post<Order>('/api/orders/', body);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id;
    const detail = await api.get<Order>(`/api/orders/${id}/`);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ items, weight_kg: 1e15, note: body.note });
    expect(detail.body.billing_address).toEqual(body.billing_address);
    const list = await api.get<Paginated<Order>>('/api/orders/?page=1');
    expect(list.body.results[0]?.id).toBe(id);
    const csv = await api.get<string>('/api/orders/export/');
    expect(csv.status).toBe(200);
    expect(csv.body).toContain('Hostile Tester');
    const slip = await api.get(`/api/orders/${id}/documents/packing_slip/`);
    expect(slip.status).toBe(200);
    expect(slip.contentType).toBe('application/pdf');
  });
});
