/**
 * The bytes of one request and its answer, under the transport's rules (http-transport.ts).
 *
 * The console's own wire is undici's dispatch (undici-wire.ts): an answer's body arrives as
 * the socket's Buffers, gathered and decoded once (json-text.ts). Node's `fetch` built a
 * Request, a Headers list, a web stream and a Response per request, and read the body through
 * that stream: about a millisecond of CPU per request on this machine, more than a JSON.parse
 * of a 50-order page (issue 34: CPU per page).
 *
 * `fetchWire` puts any fetch in its place: tests and benchmarks count or script requests that
 * way (`fetch` in TransportOptions). Both wires send the same headers, follow no redirect, and
 * ask for gzip, deflate or br, which they undo (a 3 MB page is about 300 kB compressed).
 */
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

type Transferable = ArrayBuffer & { transfer?(length?: number): ArrayBuffer };

/**
 * Detaches the ArrayBuffer under each chunk that is the whole of its own buffer, which frees
 * its memory at once (ArrayBuffer.prototype.transfer to length 0). Why (issue 34: CPU per
 * page): each piece of a body is a buffer of its own (a socket read's), memory outside V8's
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

/** How to undo a Content-Encoding; undefined for none (or identity). */
export function decoderFor(encoding: string | null) {
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
