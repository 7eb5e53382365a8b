/**
 * The bytes of one request and its answer, under the transport's rules (http-transport.ts).
 *
 * The console's own wire is node:http / node:https with keep-alive agents: an answer's body
 * arrives as the socket's Buffers, gathered and decoded once (json-text.ts). Node's `fetch`
 * built a Request, a Headers list, a web stream and a Response per request, and read the body
 * through that stream: about a millisecond of CPU per request on this machine, more than a
 * JSON.parse of a 50-order page (issue 34: CPU per page).
 *
 * `fetchWire` puts any fetch in its place: tests and benchmarks count or script requests that
 * way (`fetch` in TransportOptions). Both wires send the same headers, follow no redirect, and
 * ask for gzip, deflate or br, which they undo (a 3 MB page is about 300 kB compressed).
 */
import http from 'node:http';
import https from 'node:https';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';

export interface WireRequest {
  method: string;
  headers: Record<string, string>;
  /** A JSON request body, as text. */
  body?: string;
  signal: AbortSignal;
}

/** An answer whose headers are in; its body not read yet. */
export interface WireAnswer {
  status: number;
  /** One header's value, or null; any case. */
  header(name: string): string | null;
  /** The whole body, decompressed; rejects when it breaks off. */
  readAll(): Promise<WholeBody>;
  /** The body unread, as a stream (null for an answer without one). */
  stream(): ReadableStream<Uint8Array> | null;
  /** Lets go of the body unread (and of its connection). */
  discard(): void;
}

export type Wire = (url: URL, request: WireRequest) => Promise<WireAnswer>;

/** A body read whole, as the chunks the wire read. */
export interface WholeBody {
  chunks: Uint8Array[];
  size: number;
  /**
   * Frees the chunks' memory now, once the caller has copied out what it needs (json-text.ts
   * does, synchronously): they are never read again, and reading them after is a bug. Only
   * where the chunks are the wire's own (see releaseChunks).
   */
  release?(): void;
}

export const ACCEPT_ENCODING = 'gzip, deflate, br';

// Keep-alive: one TLS handshake per connection, not per request.
const agents = {
  http: new http.Agent({ keepAlive: true }),
  https: new https.Agent({ keepAlive: true }),
};

/** node:http / node:https, the console's own wire. */
export const nodeWire: Wire = (url, request) =>
  new Promise<WireAnswer>((resolve, reject) => {
    const secure = url.protocol === 'https:';
    const headers: Record<string, string> = {
      ...request.headers,
      'Accept-Encoding': ACCEPT_ENCODING,
    };
    if (request.body !== undefined) {
      headers['Content-Length'] = String(Buffer.byteLength(request.body));
    }
    const options = {
      method: request.method,
      headers,
      agent: secure ? agents.https : agents.http,
      signal: request.signal,
    };
    const outgoing = secure
      ? https.request(url, options, (res) => resolve(nodeAnswer(res, request.signal)))
      : http.request(url, options, (res) => resolve(nodeAnswer(res, request.signal)));
    // Any later error (an abort after the answer came) settles nothing: the body's reader sees it.
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });

function nodeAnswer(res: http.IncomingMessage, signal: AbortSignal): WireAnswer {
  const decoded = decoder(headerOf(res.headers, 'content-encoding'));
  return {
    status: res.statusCode ?? 0,
    header: (name) => headerOf(res.headers, name.toLowerCase()),
    readAll: () =>
      new Promise((resolve, reject) => {
        const chunks: Buffer[] = [];
        let size = 0;
        let ended = false;
        const fail = (error: unknown) => {
          if (ended) return;
          ended = true;
          signal.removeEventListener('abort', onAbort);
          res.destroy();
          reject(error);
        };
        const onAbort = () => fail(signal.reason);
        if (signal.aborted) return onAbort();
        signal.addEventListener('abort', onAbort, { once: true });
        res.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
        });
        res.once('error', fail);
        // 'close' without a complete message: the connection broke off mid-body.
        res.once('close', () => {
          if (!res.complete) fail(brokeOff());
        });
        res.once('end', () => {
          if (!res.complete) return fail(brokeOff());
          if (ended) return;
          ended = true;
          signal.removeEventListener('abort', onAbort);
          if (!decoded) return resolve({ chunks, size, release: () => releaseChunks(chunks) });
          try {
            const whole = decoded.sync(size === 0 ? Buffer.alloc(0) : Buffer.concat(chunks, size));
            resolve({ chunks: [whole], size: whole.length, release: () => releaseChunks([whole]) });
          } catch (error) {
            reject(error);
          }
        });
      }),
    stream: () => {
      const source = decoded ? res.pipe(decoded.stream()) : res;
      if (decoded) res.once('error', (error) => source.destroy(error));
      return Readable.toWeb(source) as ReadableStream<Uint8Array>;
    },
    discard: () => {
      res.destroy();
    },
  };
}

type Transferable = ArrayBuffer & { transfer?(length?: number): ArrayBuffer };

/**
 * Detaches the ArrayBuffer under each chunk that is the whole of its own buffer, which frees
 * its memory at once (ArrayBuffer.prototype.transfer to length 0). Why (issue 34: CPU per
 * page): node:http copies every piece of a body into a buffer of its own, memory outside V8's
 * heap that V8 counts as external, and V8 starts a full mark-compact of the whole heap
 * whenever that count has grown by 64 MB. Left to the garbage collector, a 500-order page's
 * chunks add 2.5 MB to it: in the page CPU measure (text already on the heap, json-text.ts)
 * a full GC in 9-12 of 300 pages and a p95 of 34-35 ms; freed here, 1-5 pages and 27-30 ms
 * (bench/README.md). The caller calls it once it has copied the bytes out. A view onto part of
 * a larger buffer (a pool's slice, zlib's output, a buffer anyone else may hold) is left
 * alone, as is everything where `transfer` is missing (before Node 21).
 */
export function releaseChunks(chunks: readonly Uint8Array[]): void {
  for (const chunk of chunks) {
    const buffer = chunk.buffer as Transferable;
    if (
      buffer instanceof ArrayBuffer &&
      chunk.byteOffset === 0 &&
      chunk.byteLength === buffer.byteLength &&
      chunk.byteLength > 0
    ) {
      try {
        buffer.transfer?.(0);
      } catch {
        // A buffer its owner made non-detachable: left to the garbage collector.
      }
    }
  }
}

function headerOf(headers: http.IncomingHttpHeaders, name: string): string | null {
  const value = headers[name];
  if (value === undefined) return null;
  return Array.isArray(value) ? value.join(', ') : value;
}

function brokeOff(): Error {
  return Object.assign(new Error('The answer broke off.'), { code: 'ECONNRESET' });
}

/** How to undo a Content-Encoding; undefined for none (or identity). */
function decoder(encoding: string | null) {
  switch (encoding?.trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return { sync: (b: Buffer) => zlib.gunzipSync(b), stream: () => zlib.createGunzip() };
    case 'deflate':
      return { sync: (b: Buffer) => zlib.inflateSync(b), stream: () => zlib.createInflate() };
    case 'br':
      return {
        sync: (b: Buffer) => zlib.brotliDecompressSync(b),
        stream: () => zlib.createBrotliDecompress(),
      };
    default:
      return undefined;
  }
}

/** Any fetch as the wire (fetch undoes the compression itself). */
export function fetchWire(fetchImpl: () => typeof globalThis.fetch): Wire {
  return async (url, request) => {
    const response = await fetchImpl()(url, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      signal: request.signal,
      // A redirect would carry X-API-Key to wherever it points: refuse to follow.
      redirect: 'manual',
    });
    return {
      status: response.status,
      header: (name) => response.headers.get(name),
      readAll: async () => {
        const chunks: Uint8Array[] = [];
        let size = 0;
        if (response.body) {
          const reader = response.body.getReader();
          for (;;) {
            const { done, value } = await reader.read();
            if (done) break;
            chunks.push(value);
            size += value.byteLength;
          }
        }
        return { chunks, size };
      },
      stream: () => response.body,
      discard: () => {
        response.body?.cancel().catch(() => {});
      },
    };
  };
}
