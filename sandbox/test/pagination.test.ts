import { describe, expect, it } from 'vitest';
import { fetchAll, type Paginated, startSandboxForFile } from './support/sandbox-fixture';

const api = startSandboxForFile({ scale: 0.25 });
type Row = { id: number };

describe('pagination over HTTP', () => {
  it('pages from 1 with count, absolute next/previous and no overlap', async () => {
    const first = await api.get<Paginated<Row>>('/api/orders/?page_size=20');
    expect(first.status).toBe(200);
    expect(first.body.count).toBe(api.sandbox().dataset.orders.rows.length);
    expect(first.body.results).toHaveLength(20);
    expect(first.body.previous).toBeNull();
    expect(first.body.next).toBe(`${api.sandbox().url}/api/orders/?page_size=20&page=2`);
    const second = await api.get<Paginated<Row>>(first.body.next!);
    expect(second.body.previous).toBe(`${api.sandbox().url}/api/orders/?page_size=20&page=1`);
    const ids = new Set([...first.body.results, ...second.body.results].map((o) => o.id));
    expect(ids.size).toBe(40);
  });

  it('walks every page to exactly `count` distinct items, last page next = null', async () => {
    const all = await fetchAll<Row>(api, '/api/orders/?page_size=37');
    const count = api.sandbox().dataset.orders.rows.length;
    expect(all).toHaveLength(count);
    expect(new Set(all.map((o) => o.id)).size).toBe(count);
  });

  it('keeps every filter in next and previous', async () => {
    const r = await api.get<Paginated<Row>>('/api/orders/?stage=shipped&q=a&page_size=5&page=2');
    expect(r.status).toBe(200);
    for (const link of [r.body.next, r.body.previous]) {
      if (!link) continue;
      const url = new URL(link);
      expect(url.searchParams.get('stage')).toBe('shipped');
      expect(url.searchParams.get('q')).toBe('a');
      expect(url.searchParams.get('page_size')).toBe('5');
    }
  });

  it('clamps a page size above the maximum instead of refusing it', async () => {
    const r = await api.get<Paginated<Row>>('/api/orders/?page_size=100000');
    expect(r.status).toBe(200);
    expect(r.body.results).toHaveLength(Math.min(500, r.body.count));
    const d = await api.get<Paginated<Row>>('/api/returns/requests/');
    expect(d.body.results.length).toBe(Math.min(50, d.body.count));
  });

  it('answers 404 past the last page, for page 0 and a non-number', async () => {
    const { count } = (await api.get<Paginated<Row>>('/api/orders/?page_size=100')).body;
    const last = Math.ceil(count / 100);
    expect((await api.get(`/api/orders/?page_size=100&page=${last}`)).status).toBe(200);
    for (const page of [String(last + 1), '0', 'x']) {
      const r = await api.get(`/api/orders/?page_size=100&page=${page}`);
      expect(r.status, `page=${page}`).toBe(404);
      expect(r.body).toMatchObject({ code: 'not_found' });
    }
    expect((await api.get('/api/inventory/?page=100000')).status).toBe(404);
    expect((await api.get('/api/returns/requests/?page=100000')).status).toBe(404);
  });

  it('serves a filter that matches nothing as an empty first page', async () => {
    const r = await api.get<Paginated<Row>>('/api/orders/?q=zzzz-no-such-order-zzzz');
    expect(r.body).toEqual({ count: 0, next: null, previous: null, results: [] });
  });
});
