import { describe, expect, it } from 'vitest';
import { type Paginated, startSandboxForFile } from './support/sandbox-fixture';

const api = startSandboxForFile({ scale: 0.1 });

type Order = { id: number; recipient_name: string; created_at: string; [k: string]: unknown };
type Invalid = { code: string; detail: string; errors: Record<string, string[]> };

const valid = {
  recipient_name: 'Zofia Wiśniewska-Testcase',
  address1: 'ul. Długa 12',
  city: 'Gdańsk',
  postal_code: '80-831',
  country: 'PL',
  phone: '+48 58 123 45 67',
  company: 'Bursztyn Sp. z o.o.',
  items: [{ sku: 'TEST-1', qty: 2, weight_kg: 0.4, name: 'Amber pendant' }],
  total_amount: '129.90',
  currency: 'PLN',
  status: 'ready',
  tags: ['api', 'test'],
  an_unknown_field: 'ignored',
};

describe('POST /api/orders/', () => {
  it('creates an order that is then retrievable, listed first and searchable', async () => {
    const created = await api.post<Order>('/api/orders/', valid);
    expect(created.status).toBe(201);
    const order = created.body;
    expect(order).toMatchObject({
      recipient_name: valid.recipient_name,
      country: 'PL',
      total_amount: '129.90',
      status: 'ready',
      shipments: [],
    });
    expect(order).not.toHaveProperty('an_unknown_field');
    expect(Number.isNaN(Date.parse(order.created_at))).toBe(false);

    const fetched = await api.get<Order>(`/api/orders/${order.id}/`);
    expect(fetched.status).toBe(200);
    expect(fetched.body.recipient_name).toBe(valid.recipient_name);

    const list = await api.get<Paginated<Order>>('/api/orders/?page_size=1');
    expect(list.body.results[0]?.id).toBe(order.id);

    for (const q of ['wiśniewska-testcase', 'Bursztyn', '123 45 67', 'Długa 12']) {
      const found = await api.get<Paginated<Order>>(`/api/orders/?q=${encodeURIComponent(q)}`);
      expect(
        found.body.results.map((o) => o.id),
        q,
      ).toContain(order.id);
    }
    const open = await api.get<Paginated<Order>>('/api/orders/?stage=open&page_size=5');
    expect(open.body.results.map((o) => o.id)).toContain(order.id);
  });

  it('refuses missing required fields, naming each one', async () => {
    const r = await api.post<Invalid>('/api/orders/', { city: 'Paris' });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('invalid');
    expect(Object.keys(r.body.errors).sort()).toEqual(
      ['address1', 'country', 'postal_code', 'recipient_name'].sort(),
    );
    expect(r.body.errors.recipient_name).toEqual(['This field is required.']);
  });

  it('refuses values outside the bounds, naming each field and why', async () => {
    const r = await api.post<Invalid>('/api/orders/', {
      ...valid,
      recipient_name: 'x'.repeat(121),
      country: 'POL',
      total_amount: '12.345',
      status: 'lost',
      external_id: 'e'.repeat(65),
      accepts_marketing: 'yes',
      order_date: 'yesterday',
      city: '',
    });
    expect(r.status).toBe(400);
    const e = r.body.errors;
    expect(e.recipient_name?.[0]).toMatch(/no more than 120 characters/);
    expect(e.country?.[0]).toMatch(/no more than 2 characters/);
    expect(e.total_amount?.[0]).toMatch(/format/);
    expect(e.status?.[0]).toMatch(/ready, shipped, cancelled, refunded, unknown/);
    expect(e.external_id?.[0]).toMatch(/64/);
    expect(e.accepts_marketing?.[0]).toMatch(/boolean/);
    expect(e.order_date?.[0]).toMatch(/date-time/);
    expect(e.city?.[0]).toMatch(/blank/);
  });

  it('refuses a body that is not a JSON object, and creates nothing', async () => {
    const before = api.sandbox().dataset.orders.rows.length;
    const notJson = await api.request<Invalid>('/api/orders/', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"recipient_name": ',
    });
    expect(notJson.status).toBe(400);
    expect(notJson.body.code).toBe('parse_error');
    const array = await api.post<Invalid>('/api/orders/', [valid]);
    expect(array.status).toBe(400);
    const text = await api.request<Invalid>('/api/orders/', {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: 'hello',
    });
    expect(text.status).toBe(415);
    expect(api.sandbox().dataset.orders.rows.length).toBe(before);
  });
});
