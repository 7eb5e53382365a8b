/**
 * The console's own wire (undici's dispatch) against a real local server: compressed answers
 * come out as their bytes, a body cut short is an error (never a shorter body), no redirect is
 * followed, a large body streams intact with back-pressure, an abort ends a request at once,
 * and a short body let go keeps its connection for the next request.
 */
import { createServer, type Server, type ServerResponse } from 'node:http';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { listenLocal } from '../test-support/local-server';
import { jsonTextOf } from './json-text';
import { undiciWire } from './undici-wire';
import { releaseChunks, type WireAnswer } from './wire';

const BODY = JSON.stringify({ rows: Array.from({ length: 2_000 }, (_, i) => `Zoë ${i} ✓`) });
/** About 1.1 MB: many socket reads, more than a stream holds before it stops reading. */
const LARGE = JSON.stringify({ rows: Array.from({ length: 60_000 }, (_, i) => `row ${i} ✓ ü`) });
/** The connections the server accepted. */
let connections = 0;
/** Requests to /slow wait for this before their headers go out. */
let releaseSlow: (() => void) | undefined;
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
  '/large': (res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(LARGE);
  },
  '/large-gzip': (res) => compressed(res, 'gzip', gzipSync(LARGE, { level: 0 })),
  '/slow': (res) => {
    releaseSlow = () => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(BODY);
    };
  },
  '/refused': (res) => {
    res.writeHead(503, { 'Content-Type': 'application/json' });
    res.end('{"detail":"busy"}');
  },
  '/echo': (res, headers) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(headers));
  },
};
let server: Server;
let base: string;
let close: () => Promise<void>;

function compressed(res: ServerResponse, encoding: string, bytes: Buffer) {
  res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Encoding': encoding });
  res.end(bytes);
}

beforeAll(async () => {
  server = createServer((req, res) => routes[req.url ?? '']?.(res, req.headers));
  server.on('connection', () => {
    connections += 1;
  });
  ({ base, close } = await listenLocal(server));
});
afterAll(() => close());

const get = (path: string, headers: Record<string, string> = {}) =>
  undiciWire(new URL(`${base}${path}`), {
    method: 'GET',
    headers,
    signal: new AbortController().signal,
  });
const text = async (answer: WireAnswer) => {
  const { chunks, size } = await answer.readAll();
  return jsonTextOf(chunks, size);
};

describe('the undici wire', () => {
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
    const answer = await undiciWire(new URL(`${base}/cut`), {
      method: 'GET',
      headers: {},
      signal: abort.signal,
    });
    const reading = answer.readAll();
    abort.abort(new Error('stopped'));
    await expect(reading).rejects.toThrow('stopped');
  });

  it('an abort before the answer came rejects at once with the abort', async () => {
    const abort = new AbortController();
    const asking = undiciWire(new URL(`${base}/slow`), {
      method: 'GET',
      headers: {},
      signal: abort.signal,
    });
    await vi.waitFor(() => expect(releaseSlow).toBeDefined());
    abort.abort(new Error('stopped'));
    await expect(asking).rejects.toThrow('stopped');
    releaseSlow?.();
    releaseSlow = undefined;
  });

  it('an answer read a while after it came is whole (its first chunks were held)', async () => {
    const answer = await get('/plain');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(JSON.parse(await text(answer))).toEqual(JSON.parse(BODY));
  });

  it('streams a large body intact to a slow reader', async () => {
    const reader = (await get('/large')).stream()?.getReader();
    const parts: Uint8Array[] = [];
    for (;;) {
      const { done, value } = (await reader?.read()) ?? { done: true, value: undefined };
      if (done) break;
      parts.push(value);
      // A reader slower than the socket: undici must wait for it, not drop or reorder.
      if (parts.length % 8 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    expect(Buffer.concat(parts).toString('utf8')).toBe(LARGE);
  });

  it('a stream cancelled mid-body ends its transfer; the next request is answered', async () => {
    const reader = (await get('/large')).stream()?.getReader();
    const first = await reader?.read();
    expect(first?.value?.byteLength).toBeGreaterThan(0);
    await reader?.cancel(new Error('enough'));
    expect(JSON.parse(await text(await get('/plain')))).toEqual(JSON.parse(BODY));
  });

  it('a compressed stream cancelled mid-body ends without an uncaught error', async () => {
    const reader = (await get('/large-gzip')).stream()?.getReader();
    await reader?.read();
    await reader?.cancel(new Error('enough'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(JSON.parse(await text(await get('/gzip')))).toEqual(JSON.parse(BODY));
  });

  it('a short body let go keeps its connection for the next request', async () => {
    const before = connections;
    (await get('/refused')).discard();
    expect(JSON.parse(await text(await get('/plain')))).toEqual(JSON.parse(BODY));
    expect(connections - before).toBeLessThanOrEqual(1);
  });
});

describe('letting go of a body read whole', () => {
  it('frees the chunks once copied out, the text already read intact', async () => {
    const read = await (await get('/large')).readAll();
    const copied = jsonTextOf(read.chunks, read.size);
    read.release?.();
    expect(read.release).toBeTypeOf('function');
    // All but the socket read the headers came in (a view onto part of it) is freed.
    const left = read.chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0);
    expect(read.size).toBeGreaterThan(1_000_000);
    expect(left).toBeLessThanOrEqual(256 * 1024);
    expect(JSON.parse(copied)).toEqual(JSON.parse(LARGE));
  });

  it('leaves a decompressed body, a slice of a zlib buffer, to the garbage collector', async () => {
    const read = await (await get('/gzip')).readAll();
    const copied = jsonTextOf(read.chunks, read.size);
    read.release?.();
    expect(JSON.parse(copied)).toEqual(JSON.parse(BODY));
    expect(JSON.parse(jsonTextOf(read.chunks, read.size))).toEqual(JSON.parse(BODY));
  });

  it('leaves alone a view onto part of a larger buffer, an empty chunk, an undetachable one', () => {
    const whole = Buffer.alloc(64, 1);
    const part = whole.subarray(8, 16);
    const pooled = Buffer.from('{"a":1}');
    const empty = new Uint8Array(0);
    // A WebAssembly memory's buffer cannot be detached: transfer throws, release does not.
    // (WebAssembly is not in this project's type libraries: looked up on globalThis.)
    const { Memory } = (
      globalThis as unknown as {
        WebAssembly: { Memory: new (size: { initial: number }) => { buffer: ArrayBuffer } };
      }
    ).WebAssembly;
    const wasm = new Uint8Array(new Memory({ initial: 1 }).buffer);
    expect(() => releaseChunks([part, pooled, empty, wasm])).not.toThrow();
    expect(wasm.byteLength).toBe(65536);
    expect(whole.byteLength).toBe(64);
    expect(part.byteLength).toBe(8);
    expect(pooled.toString()).toBe('{"a":1}');
    expect(empty.buffer.byteLength).toBe(0);
  });
});
