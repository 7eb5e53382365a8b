/**
 * The client against a tiny local HTTP server that answers what the spec does not promise:
 * missing fields, wrong content types, malformed JSON, each error status. Every answer must be
 * a typed result or a typed error, never a crash, and no error may carry the key.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { minimalOrder } from '@shared/api/test-support/minimal-order';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resultJson } from '../dispatch/result-json';
import { BridgeFailure } from '../failure';
import { type ApiClient, createApiClient } from './api-client';
import { AccountLimiter } from './limiter';

const KEY = 'pk_test_4f7a9c2e1b8d6053';
type Route = (req: IncomingMessage, res: ServerResponse) => void;
const routes = new Map<string, Route>();
const hits = new Map<string, number>();
const seenKeys = new Set<string>();
let server: Server;
let api: ApiClient;
const errors: BridgeFailure[] = [];

const send =
  (status: number, type: string | null, body: string): Route =>
  (_req, res) => {
    res.writeHead(status, type ? { 'Content-Type': type } : {});
    res.end(body);
  };
const json = (status: number, body: unknown) =>
  send(status, 'application/json', JSON.stringify(body));

const order = (extra: Record<string, unknown> = {}) =>
  minimalOrder({ created_at: '2026-05-01T10:00:00Z', ...extra });

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0] ?? '';
    hits.set(path, (hits.get(path) ?? 0) + 1);
    seenKeys.add(String(req.headers['x-api-key']));
    const route = routes.get(path);
    if (route) route(req, res);
    else json(404, { detail: 'Not found.', code: 'not_found' })(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  api = createApiClient({
    baseUrl: `http://127.0.0.1:${port}`,
    apiKey: () => KEY,
    limiter: new AccountLimiter({ initialRate: 1000, maxRate: 1000 }),
    minRetryDelayMs: 1,
    maxRetryDelayMs: 5,
    retries: 2,
  });
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  // Whatever failed in this file, the key appears in no message and no field of any error.
  expect(errors.length).toBeGreaterThan(10);
  for (const e of errors) {
    expect(JSON.stringify(e.error)).not.toContain(KEY);
    expect(e.message).not.toContain(KEY);
    expect(String(e.stack)).not.toContain(KEY);
  }
});

const call = { priority: 'interactive' as const };
async function getOrder(id: number) {
  return api.json('orders_retrieve', { path: { id } }, call);
}
async function failure(promise: Promise<unknown>): Promise<BridgeFailure> {
  const error = await promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(BridgeFailure);
  errors.push(error as BridgeFailure);
  return error as BridgeFailure;
}

describe('tolerant reading', () => {
  it('ignores unknown fields and unknown enum values, and keeps them', async () => {
    routes.set(
      '/api/orders/1/',
      json(200, order({ added_later: { x: 1 }, status: 'lost_at_sea' })),
    );
    const o = await getOrder(1);
    expect(o.recipient_name).toBe('Ada Lovelace');
    expect((o as unknown as { added_later: unknown }).added_later).toEqual({ x: 1 });
    expect(seenKeys).toEqual(new Set([KEY]));
  });

  it('a missing required field is bad_response', async () => {
    const { recipient_name: _, ...broken } = order();
    routes.set('/api/orders/2/', json(200, broken));
    const e = await failure(getOrder(2));
    expect(e.error).toMatchObject({ code: 'bad_response', status: 200 });
    expect(e.message).toMatch(/recipient_name/);
  });

  it('a wrong type, or null where none is allowed, is bad_response', async () => {
    routes.set('/api/orders/3/', json(200, order({ id: '3' })));
    expect((await failure(getOrder(3))).error.code).toBe('bad_response');
    routes.set('/api/orders/4/', json(200, order({ city: null })));
    expect((await failure(getOrder(4))).error.code).toBe('bad_response');
  });

  it('an HTML page instead of JSON is bad_response', async () => {
    routes.set('/api/orders/5/', send(200, 'text/html', '<html><body>Login</body></html>'));
    const e = await failure(getOrder(5));
    expect(e.error.code).toBe('bad_response');
  });

  it('JSON under the wrong content type is bad_response', async () => {
    routes.set('/api/orders/6/', send(200, 'text/plain', JSON.stringify(order())));
    const e = await failure(getOrder(6));
    expect(e.message).toMatch(/text\/plain/);
  });

  it('malformed JSON is asked for again, then bad_response', async () => {
    routes.set('/api/orders/7/', send(200, 'application/json', '{"id": 7, "recipient_na<html>'));
    const e = await failure(getOrder(7));
    expect(e.error.code).toBe('bad_response');
    expect(hits.get('/api/orders/7/')).toBe(3); // retries: 2
  });

  it('an empty 200 is bad_response', async () => {
    routes.set('/api/orders/8/', send(200, 'application/json', ''));
    expect((await failure(getOrder(8))).error.code).toBe('bad_response');
  });

  it('a binary operation answering JSON is bad_response; a PDF streams', async () => {
    routes.set('/api/orders/9/documents/packing_slip/', json(200, { url: 'x' }));
    const e = await failure(
      api.stream('orders_document_download', { path: { id: 9, kind: 'packing_slip' } }, call),
    );
    expect(e.message).toMatch(/application\/pdf/);
    routes.set('/api/orders/10/documents/packing_slip/', send(200, 'application/pdf', '%PDF-1.7'));
    const answer = await api.stream(
      'orders_document_download',
      { path: { id: 10, kind: 'packing_slip' } },
      call,
    );
    expect(answer.contentType).toBe('application/pdf');
    expect(await new Response(answer.body).text()).toBe('%PDF-1.7');
  });
});

describe('error statuses', () => {
  const create = (body: Record<string, unknown>) =>
    api.json('orders_create', { body: body as never }, call);

  it('400 → invalid_input with the field errors of the `errors` map', async () => {
    routes.set(
      '/api/orders/',
      json(400, {
        code: 'invalid',
        detail: 'Invalid.',
        errors: { city: ['Required.'], 'items.0.qty': ['Too big.'] },
      }),
    );
    const e = await failure(create({}));
    expect(e.error).toMatchObject({
      code: 'invalid_input',
      status: 400,
      fieldErrors: { city: ['Required.'], 'items.0.qty': ['Too big.'] },
    });
    expect(e.message).toMatch(/city/);
  });

  it('400 in other shapes: bare field map, a detail only, plain text', async () => {
    routes.set('/api/orders/', json(400, { postal_code: ['Too long.'], country: 'Unknown.' }));
    expect((await failure(create({}))).error.fieldErrors).toEqual({
      postal_code: ['Too long.'],
      country: ['Unknown.'],
    });
    routes.set(
      '/api/orders/',
      json(400, { detail: 'None of the orders has a label.', code: 'no_labels' }),
    );
    const detail = await failure(create({}));
    expect(detail.message).toMatch(/None of the orders has a label/);
    expect(detail.error.fieldErrors).toBeUndefined();
    routes.set('/api/orders/', send(400, 'text/plain', 'Bad Request'));
    expect((await failure(create({}))).error.code).toBe('invalid_input');
  });

  it.each([
    [401, 'unauthorized', /API key was refused/],
    [403, 'forbidden', /may not do this/],
    [404, 'not_found', /Not found/],
    [418, 'bad_response', /unexpected status/],
  ])('%i → %s', async (status, code, message) => {
    routes.set('/api/orders/11/', json(status, { detail: 'x', code: 'x' }));
    const e = await failure(getOrder(11));
    expect(e.error).toMatchObject({ code, status });
    expect(e.message).toMatch(message);
  });

  it('5xx after the retries → server_error', async () => {
    hits.delete('/api/orders/12/');
    routes.set('/api/orders/12/', json(503, { detail: 'Down.', code: 'server_error' }));
    const e = await failure(getOrder(12));
    expect(e.error).toMatchObject({ code: 'server_error', status: 503 });
    expect(hits.get('/api/orders/12/')).toBe(3);
  });

  it('a dropped connection on a GET is retried, then network', async () => {
    routes.set('/api/orders/13/', (req) => req.socket.destroy());
    const e = await failure(getOrder(13));
    expect(e.error.code).toBe('network');
    expect(hits.get('/api/orders/13/')).toBe(3);
  });

  it('a dropped connection on a create is outcome_unknown, sent once', async () => {
    hits.delete('/api/orders/');
    routes.set('/api/orders/', (req) => req.socket.destroy());
    const e = await failure(create({ recipient_name: 'A' }));
    expect(e.error.code).toBe('outcome_unknown');
    expect(hits.get('/api/orders/')).toBe(1);
  });
});

describe('a large page (about 240 kB, read as one text)', () => {
  const rows = Array.from({ length: 300 }, (_, i) =>
    order({
      id: i + 1,
      recipient_name: `Zoë Łukasiewicz ${i} “quoted” \\ },{`,
      note: 'x'.repeat(300),
    }),
  );
  const served = { count: 300, next: null, previous: null, results: rows };
  const list = () =>
    api.page('orders_list', { query: { page: 1, page_size: 300 } }, { priority: 'interactive' });

  it('reaches the caller and its hand-over as the very value served, unknown fields kept', async () => {
    routes.set('/api/orders/', json(200, served));
    const page = await list();
    expect(page).toStrictEqual(served);
    expect(JSON.parse(resultJson({ ok: true, value: page }))).toStrictEqual({
      ok: true,
      value: served,
    });
  });

  it('sets a bad row aside and keeps the other 299', async () => {
    const bad = rows.map((r, i) => (i === 150 ? { ...r, recipient_name: 7 } : r));
    routes.set('/api/orders/', json(200, { ...served, results: bad }));
    const page = await list();
    expect(page.results).toHaveLength(299);
    expect(page.rejectedRows).toEqual([
      expect.objectContaining({
        index: 150,
        id: 151,
        problem: expect.stringMatching(/recipient_name/),
      }),
    ]);
    expect(JSON.parse(resultJson({ ok: true, value: page })).value.results).toHaveLength(299);
  });

  it('cut short or malformed, it is asked for again, then bad_response', async () => {
    const text = JSON.stringify(served);
    for (const broken of [text.slice(0, -40), text.replace('"results":[', '"results":[,')]) {
      hits.delete('/api/orders/');
      routes.set('/api/orders/', send(200, 'application/json', broken));
      const e = await failure(list());
      expect(e.error.code).toBe('bad_response');
      expect(hits.get('/api/orders/')).toBe(3);
    }
  });
});
