/**
 * The console's own wire (node:http) against a real local server: compressed answers come out
 * as their bytes, a body cut short is an error (never a shorter body), no redirect is followed.
 */
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonTextOf } from './json-text';
import { nodeWire, type WireAnswer } from './wire';

const BODY = JSON.stringify({ rows: Array.from({ length: 2_000 }, (_, i) => `Zoë ${i} ✓`) });
const routes: Record<string, (res: ServerResponse, headers: Record<string, unknown>) => void> = {
  '/gzip': (res) => compressed(res, 'gzip', gzipSync(BODY)),
  '/deflate': (res) => compressed(res, 'deflate', deflateSync(BODY)),
  '/br': (res) => compressed(res, 'br', brotliCompressSync(BODY)),
  '/plain': (res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(BODY);
  },
  // Promises more than it sends, then closes the connection.
  '/cut': (res) => {
    res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '5000' });
    res.write(BODY.slice(0, 1000));
    setImmediate(() => res.socket?.destroy());
  },
  '/moved': (res) => {
    res.writeHead(302, { Location: '/plain' });
    res.end();
  },
  '/echo': (res, headers) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(headers));
  },
};
let server: Server;
let base: string;

function compressed(res: ServerResponse, encoding: string, bytes: Buffer) {
  res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Encoding': encoding });
  res.end(bytes);
}

beforeAll(async () => {
  server = createServer((req, res) => routes[req.url ?? '']?.(res, req.headers));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const get = (path: string, headers: Record<string, string> = {}) =>
  nodeWire(new URL(`${base}${path}`), {
    method: 'GET',
    headers,
    signal: new AbortController().signal,
  });
const text = async (answer: WireAnswer) => {
  const { chunks, size } = await answer.readAll();
  return jsonTextOf(chunks, size);
};

describe('the node wire', () => {
  it.each(['/plain', '/gzip', '/deflate', '/br'])('reads %s whole as its bytes', async (path) => {
    expect(JSON.parse(await text(await get(path)))).toEqual(JSON.parse(BODY));
  });

  it('streams a compressed body as its bytes', async () => {
    const answer = await get('/gzip');
    const body = answer.stream();
    expect(await new Response(body).text()).toBe(BODY);
  });

  it('fails a body cut short instead of handing on a shorter one', async () => {
    const answer = await get('/cut');
    await expect(answer.readAll()).rejects.toMatchObject({ code: expect.any(String) });
  });

  it('hands a redirect back unfollowed', async () => {
    const answer = await get('/moved');
    expect(answer.status).toBe(302);
    expect(answer.header('location')).toBe('/plain');
    answer.discard();
  });

  it('sends the headers given, and asks for compressed answers', async () => {
    const sent = JSON.parse(await text(await get('/echo', { 'X-API-Key': 'k1' })));
    expect(sent['x-api-key']).toBe('k1');
    expect(sent['accept-encoding']).toBe('gzip, deflate, br');
  });

  it('a caller abort while the body is read is the abort, at once', async () => {
    const abort = new AbortController();
    const answer = await nodeWire(new URL(`${base}/cut`), {
      method: 'GET',
      headers: {},
      signal: abort.signal,
    });
    const reading = answer.readAll();
    abort.abort(new Error('stopped'));
    await expect(reading).rejects.toThrow('stopped');
  });
});
