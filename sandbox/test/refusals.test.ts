/**
 * Every refusal is in the API's error shape (issue 17.7): a JSON body with `code` and
 * `detail`, whether a route, the router or Node's HTTP parser refuses. Over real HTTP, and
 * over a raw socket where a client library would not send what is tested.
 */
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { MAX_URL_LENGTH } from '../server/http-refusals';
import { startSandboxForFile, TEST_KEY } from './support/sandbox-fixture';

const api = startSandboxForFile({ scale: 0.05 });

type Refusal = { code: string; detail: string };

function expectShape(
  r: { status: number; contentType: string | null; body: unknown },
  status: number,
  code: string,
) {
  expect(r.status).toBe(status);
  expect(r.contentType).toMatch(/^application\/json/);
  const body = r.body as Refusal;
  expect(body.code).toBe(code);
  expect(typeof body.detail).toBe('string');
  expect(body.detail.length).toBeGreaterThan(0);
}

/** One raw HTTP exchange: the status line and the JSON body of the answer. */
function rawExchange(request: string): Promise<{ status: number; body: Refusal }> {
  const { port } = api.sandbox();
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    const chunks: Buffer[] = [];
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n');
      expect(head).toMatch(/content-type: application\/json/i);
      resolve({ status: Number(head.split(' ')[1]), body: JSON.parse(body) as Refusal });
    });
  });
}

describe('refusals in the API’s error shape', () => {
  it('404 for an unknown path, with or without /api/', async () => {
    expectShape(await api.get('/api/no-such-thing/'), 404, 'not_found');
    expectShape(await api.get('/nothing-here'), 404, 'not_found');
    expectShape(await api.get('/api/orders/99999999/'), 404, 'not_found');
    // A path parameter longer than the router takes is just an unknown id.
    expectShape(await api.get(`/api/shipping/v1/shipments/${'s'.repeat(300)}/`), 404, 'not_found');
  });

  it('405 with Allow for a known path and another method; 401 first without a key', async () => {
    const r = await api.request('/api/orders/', { method: 'DELETE' });
    expectShape(r, 405, 'method_not_allowed');
    expect(r.headers.get('allow')).toBe('GET, HEAD, POST');
    const inventory = await api.post('/api/inventory/', {});
    expectShape(inventory, 405, 'method_not_allowed');
    expect(inventory.headers.get('allow')).toBe('GET, HEAD');
    const keyless = await fetch(api.url('/api/orders/'), { method: 'DELETE' });
    expect(keyless.status).toBe(401);
    expect(await keyless.json()).toMatchObject({ code: 'not_authenticated' });
  });

  it('414 for a URL over the limit, whether the sandbox or Node’s parser refuses it', async () => {
    const long = await api.get(`/api/orders/?q=${'a'.repeat(MAX_URL_LENGTH)}`);
    expectShape(long, 414, 'uri_too_long');
    // Past Node's 16 KiB head limit the parser refuses before Fastify sees the request.
    const huge = await api.get(`/api/orders/?q=${'a'.repeat(40_000)}`);
    expectShape(huge, 414, 'uri_too_long');
  });

  it('431 for headers over 16 KiB', async () => {
    const r = await api.get('/api/orders/', { 'X-Padding': 'p'.repeat(20_000) });
    expectShape(r, 431, 'headers_too_large');
    const many = Object.fromEntries(
      Array.from({ length: 300 }, (_, i) => [`x-h${i}`, 'v'.repeat(60)]),
    );
    expectShape(await api.get('/api/orders/', many), 431, 'headers_too_large');
  });

  it('400 for a malformed URL and for a request that is not HTTP', async () => {
    expectShape(await api.get('/api/orders/%zz/'), 400, 'bad_request');
    const garbage = await rawExchange('NOT-HTTP \x01\x02\r\n\r\n');
    expect(garbage.status).toBe(400);
    expect(garbage.body.code).toBe('bad_request');
    // A request line that never ends, sent in two pieces: still a 414 in the API's shape.
    const split = await rawExchange(
      `GET /api/orders/?q=${'b'.repeat(20_000)}${'c'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\nX-API-Key: ${TEST_KEY}\r\n\r\n`,
    );
    expect(split.status).toBe(414);
    expect(split.body.code).toBe('uri_too_long');
  });

  it('415 and 400 for bodies the API does not take', async () => {
    const text = await api.request('/api/orders/', {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: 'hello',
    });
    expectShape(text, 415, 'unsupported_media_type');
    const broken = await api.request('/api/orders/', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"a":',
    });
    expectShape(broken, 400, 'parse_error');
  });

  it('files linked from answers need the key: labels and product images', async () => {
    const image = api.sandbox().dataset.catalog.find((p) => p.image !== '')!.image;
    const keyless = await fetch(api.url(image));
    expect(keyless.status).toBe(401);
    expect(await keyless.json()).toMatchObject({ code: 'not_authenticated' });
    expectShape(await api.get(image, { 'X-API-Key': 'wrong' }), 401, 'authentication_failed');
    expectShape(await api.get('/media/labels/1-1.pdf'), 404, 'not_found');
    expectShape(await api.get('/media/products/NO-SUCH-SKU.png'), 404, 'not_found');
  });
});
