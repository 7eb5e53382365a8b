/**
 * Tolerant pages: one malformed row never fails a page, a tab or "select all".
 *
 * First the real case, against the sandbox over real HTTP: an order created with
 * `"weight_kg": 1e999` is stored as Infinity and served back as `null` (JSON has no Infinity),
 * which the description refuses (a number). Every page holding it used to fail. Then odd
 * pages from a server that is not the sandbox (a tiny local one): rows without ids, broken
 * envelopes, counts that contradict the rows.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { minimalOrder } from '@shared/api/test-support/minimal-order';
import type { Api } from '@shared/contract/values';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../../../sandbox/server/start';
import type { ApiHandlers } from '../../main/create-api-handlers';
import { quickHandlers } from '../../test-support/quick-handlers';
import { callContext } from '../test-support/call-context';

const KEY = 'pk_tolerant_pages_0123456789';
const ctx = callContext();

const handlersFor = (baseUrl: string) => quickHandlers(baseUrl, KEY);

describe('an order created with weight_kg 1e999 (the sandbox serves it back as null)', () => {
  let sandbox: RunningSandbox;
  let h: ApiHandlers;
  let badId: number;

  beforeAll(async () => {
    sandbox = await startSandbox({
      port: 0,
      keys: [KEY],
      rate: 0,
      scale: 0.05,
      now: new Date('2026-11-22T00:00:00Z'),
    });
    h = handlersFor(sandbox.url);
    const order = {
      recipient_name: 'Ivy Infinity',
      address1: '1 Overflow Way',
      city: 'Leeds',
      postal_code: 'LS1 1AA',
      country: 'GB',
    };
    // Written by hand: JSON.stringify cannot write 1e999, a careless client's text can.
    const text = `${JSON.stringify(order).slice(0, -1)},"weight_kg":1e999}`;
    const created = await fetch(`${sandbox.url}/api/orders/`, {
      method: 'POST',
      headers: { 'X-API-Key': KEY, 'Content-Type': 'application/json' },
      body: text,
    });
    if (created.status === 201) {
      badId = ((await created.json()) as { id: number }).id;
    } else {
      // A sandbox that now refuses it with a 400: store what another server might hold.
      await created.arrayBuffer();
      badId = sandbox.dataset.orders.create({ ...order, weight_kg: Number.POSITIVE_INFINITY }).id;
    }
    const served = (await (
      await fetch(`${sandbox.url}/api/orders/${badId}/`, { headers: { 'X-API-Key': KEY } })
    ).json()) as { weight_kg: unknown };
    expect(served.weight_kg).toBeNull();
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  it('page 1 shows every other row and marks the bad one with its id and what was wrong', async () => {
    const page = await h.ordersList({ page: 1, pageSize: 25 }, ctx);
    expect(page.results).toHaveLength(24);
    expect(page.results.map((o) => o.id)).not.toContain(badId);
    expect(page.rejectedRows).toEqual([
      { index: 0, id: badId, problem: 'weight_kg is empty (null), not a number' },
    ]);
    expect(page.count).toBeGreaterThan(25);
    expect(page.countContradiction).toBeUndefined();
  });

  it('the Open tab and a search holding it still answer', async () => {
    const open = await h.ordersList({ filters: { stage: 'open' }, pageSize: 50 }, ctx);
    expect(open.rejectedRows?.map((r) => r.id)).toEqual([badId]);
    const found = await h.ordersList({ filters: { q: 'Ivy Infinity' } }, ctx);
    expect(found.results).toEqual([]);
    expect(found.count).toBe(1);
    expect(found.rejectedRows).toHaveLength(1);
    // One row matched and it was set aside: the count is right, no contradiction to flag.
    expect(found.countContradiction).toBeUndefined();
  });

  it('"select all" takes its id with every other', async () => {
    const all = await h.ordersFetchAllIds({ filters: { stage: 'open' } }, ctx);
    expect(all.ids).toContain(badId);
    expect(all.leftOut).toBeUndefined();
    const open = await h.ordersList({ filters: { stage: 'open' }, pageSize: 1 }, ctx);
    expect(all.count).toBe(open.count);
  });

  it('pages without it are handed on as parsed, with nothing added', async () => {
    const page = await h.ordersList({ page: 2, pageSize: 25 }, ctx);
    expect(page.results).toHaveLength(25);
    expect(Object.keys(page).sort()).toEqual(['count', 'next', 'previous', 'results']);
  });
});

describe('odd pages from a server that is not the sandbox', () => {
  let server: Server;
  let h: ApiHandlers;
  /** path (without query) → the page body to answer, per page number. */
  const pages = new Map<string, (page: number) => unknown>();

  beforeAll(async () => {
    server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      const page = Number(url.searchParams.get('page') ?? '1');
      const body = pages.get(url.pathname)?.(page);
      if (body === undefined) {
        res.writeHead(404, { 'Content-Type': 'application/json' });
        res.end('{"detail":"Not found.","code":"not_found"}');
        return;
      }
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(typeof body === 'string' ? body : JSON.stringify(body));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    h = handlersFor(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  const order = (id: unknown, extra: Record<string, unknown> = {}) =>
    minimalOrder({ id, recipient_name: `Recipient ${String(id)}`, ...extra });

  it('sets aside rows of every kind of fault, each with its id when readable', async () => {
    const { city: _, ...noCity } = order(3);
    pages.set('/api/orders/', () => ({
      count: 6,
      next: null,
      previous: null,
      results: [
        order(1),
        order('two'),
        noCity,
        order(4, { shipments: [{ id: 'x' }] }),
        'not an order',
        order(6),
      ],
    }));
    const page = await h.ordersList({}, ctx);
    expect(page.results.map((o) => o.id)).toEqual([1, 6]);
    expect(page.rejectedRows).toEqual([
      { index: 1, id: 'two', problem: 'id is text, not a whole number' },
      { index: 2, id: 3, problem: 'city is missing' },
      { index: 3, id: 4, problem: 'shipments.0.created_at is missing' },
      { index: 4, id: null, problem: 'the row is text, not an object' },
    ]);
  });

  it('"select all" keeps every readable numeric id and lists the rows left out', async () => {
    pages.set('/api/orders/', (n) =>
      n === 1
        ? {
            count: 4,
            next: 'https://elsewhere.example/?page=2',
            previous: null,
            results: [order(1, { weight_kg: null }), order(null), order(2)],
          }
        : { count: 4, next: null, previous: 'x', results: [order(3, { city: 5 })] },
    );
    const all = await h.ordersFetchAllIds({}, ctx);
    expect(all.ids).toEqual([1, 2, 3]);
    expect(all.count).toBe(3);
    expect(all.leftOut).toEqual([
      { index: 1, id: null, problem: 'id is missing or not a whole number' },
    ]);
  });

  it('numbers no row can mean (1e999, an id past 2^53) leave the page and "select all" alike', async () => {
    // Written as text: JSON.stringify cannot write 1e999, a server's own writer can.
    const rows = [
      JSON.stringify(order(1)),
      JSON.stringify(order(2)).replace('"id":2', '"id":1e999'),
      JSON.stringify(order(3)).replace('"id":3', '"id":12345678901234567890'),
      JSON.stringify(order(4, { items: [{ sku: 'A', qty: 1 }] })).replace('"qty":1', '"qty":1e999'),
      JSON.stringify(order(5)),
    ];
    const body = `{"count":5,"next":null,"previous":null,"results":[${rows.join(',')}]}`;
    pages.set('/api/orders/', () => body);
    const page = await h.ordersList({}, ctx);
    expect(page.results.map((o) => o.id)).toEqual([1, 5]);
    expect(page.rejectedRows).toEqual([
      { index: 1, id: null, problem: 'id is too large to read as a number' },
      { index: 2, id: null, problem: 'id is 1.235e+19, too large to be exact' },
      { index: 3, id: 4, problem: 'items.0.qty is too large to read as a number' },
    ]);
    const all = await h.ordersFetchAllIds({}, ctx);
    expect(all.ids).toEqual(page.results.map((o) => o.id));
    expect(all.leftOut?.map((r) => r.index)).toEqual([1, 2, 3]);
  });

  it('a number no row can mean in a field the API does not describe is ignored, in both readings', async () => {
    // The spec: clients ignore response fields they do not recognise, whatever they hold.
    const rows = [
      `${JSON.stringify(order(1)).slice(0, -1)},"next_year":1e999}`,
      `${JSON.stringify(order(2)).slice(0, -1)},"also_new":{"n":12345678901234567890}}`,
    ];
    pages.set('/api/orders/', () => `{"count":2,"next":null,"previous":null,"results":[${rows}]}`);
    const page = await h.ordersList({}, ctx);
    expect(page.results.map((o) => o.id)).toEqual([1, 2]);
    expect(page.rejectedRows).toBeUndefined();
    const all = await h.ordersFetchAllIds({}, ctx);
    expect(all.ids).toEqual([1, 2]);
    expect(all.leftOut ?? []).toEqual([]);
  });

  it('a count of 1e999 fails the page: no pager can count to it', async () => {
    pages.set('/api/orders/', () => '{"count":1e999,"next":null,"previous":null,"results":[]}');
    await expect(h.ordersList({}, ctx)).rejects.toMatchObject({
      error: { code: 'bad_response', message: expect.stringMatching(/count is Infinity/) },
    });
  });

  it.each([
    [{ results: [] }, /count/],
    [{ count: '12', results: [] }, /count must be integer/],
    [{ count: 12 }, /results/],
    [{ count: 12, results: {} }, /results must be array/],
    [[], /must be object/],
  ])('an envelope without a count or rows fails the page: %j', async (body, message) => {
    pages.set('/api/orders/', () => body);
    await expect(h.ordersList({}, ctx)).rejects.toMatchObject({
      error: { code: 'bad_response', message: expect.stringMatching(message) },
    });
  });

  it.each([
    [-3, 2, null, 'negative', 'The service counts -3 matching, which cannot be right.'],
    [1, 2, 'n', 'fewer_than_rows', 'The service counts 1 matching, but this page alone holds 2.'],
    [1_000_000, 0, null, 'rows_missing', 'The service counts 1,000,000 matching, but sent none.'],
    [
      7,
      2,
      null,
      'differs_from_rows',
      'The service counts 7 matching, but the whole list it sent holds 2.',
    ],
  ])(
    'a count of %i beside %i rows is passed on, flagged %s',
    async (count, rows, next, kind, message) => {
      pages.set('/api/orders/', () => ({
        count,
        next,
        previous: null,
        results: Array.from({ length: rows }, (_, i) => order(i + 1)),
      }));
      const page = await h.ordersList({}, ctx);
      expect(page.count).toBe(count);
      expect(page.results).toHaveLength(rows);
      expect(page.countContradiction).toEqual({ kind, message });
    },
  );

  it('stock levels name rejected rows by product id; returns by id', async () => {
    pages.set('/api/inventory/', () => ({
      count: 1,
      next: null,
      previous: null,
      results: [{ product_id: 77, sku: 'SKU-77' }],
    }));
    const stock = await h.inventoryList({}, ctx);
    expect(stock.results).toEqual([]);
    expect(stock.rejectedRows).toEqual([{ index: 0, id: 77, problem: 'location is missing' }]);
    pages.set('/api/returns/requests/', () => ({
      count: 1,
      next: null,
      previous: null,
      results: [{ id: 9 } as Partial<Api['ReturnRequest']>],
    }));
    const returns = await h.returnsList({}, ctx);
    expect(returns.rejectedRows?.[0]).toMatchObject({ index: 0, id: 9 });
  });
});
