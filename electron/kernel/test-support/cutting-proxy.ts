/**
 * A TCP proxy in front of the sandbox that answers each request with the sandbox's answer in a
 * framing of the test's choice, and can cut the connection part-way through the body:
 *
 * - `length`: `Content-Length: N`, the body in one piece;
 * - `chunked`: `Transfer-Encoding: chunked`, 1 KB chunks and the terminating chunk;
 * - `close`: neither; the body ends when the connection closes (HTTP/1.0 style), so a cut
 *   looks exactly like a normal end.
 *
 * `cut(path)` decides, per request, after how many bytes of the encoded body the socket is
 * destroyed (undefined: never). Every answer closes its connection, so each request is a fresh
 * one and a cut cannot leak into the next.
 */

import type { AddressInfo } from 'node:net';
import { createServer, type Server, type Socket } from 'node:net';

export type Framing = 'length' | 'chunked' | 'close';

export interface CuttingProxy {
  url: string;
  /** Answers given, by path, and how many were cut. */
  log: { path: string; cutAt: number | undefined; bodyBytes: number }[];
  close(): Promise<void>;
}

export interface ProxyOptions {
  upstream: string;
  framing: (path: string) => Framing;
  cut: (path: string, encodedBody: Buffer) => number | undefined;
}

export async function startCuttingProxy(options: ProxyOptions): Promise<CuttingProxy> {
  const log: CuttingProxy['log'] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    let head = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      head = Buffer.concat([head, chunk]);
      const end = head.indexOf('\r\n\r\n');
      if (end < 0) return;
      socket.off('data', onData);
      void answer(socket, head.subarray(0, end).toString('latin1'));
    };
    socket.on('data', onData);
  });

  const answer = async (socket: Socket, head: string) => {
    const [requestLine = '', ...headerLines] = head.split('\r\n');
    const [method = 'GET', target = '/'] = requestLine.split(' ');
    const headers: Record<string, string> = {};
    for (const line of headerLines) {
      const at = line.indexOf(':');
      const name = line.slice(0, at).trim().toLowerCase();
      if (['x-api-key', 'accept', 'user-agent'].includes(name))
        headers[name] = line.slice(at + 1).trim();
    }
    const upstream = await fetch(new URL(target, options.upstream), { method, headers });
    const body = Buffer.from(await upstream.arrayBuffer());
    const path = new URL(target, 'http://x').pathname;
    const framing = options.framing(path);
    const lines = [`HTTP/1.1 ${upstream.status} ${upstream.statusText || 'OK'}`];
    for (const name of ['content-type', 'content-disposition', 'retry-after']) {
      const value = upstream.headers.get(name);
      if (value !== null) lines.push(`${name}: ${value}`);
    }
    lines.push('Connection: close');
    let encoded: Buffer;
    if (framing === 'length') {
      lines.push(`Content-Length: ${body.length}`);
      encoded = body;
    } else if (framing === 'chunked') {
      lines.push('Transfer-Encoding: chunked');
      const parts: Buffer[] = [];
      for (let i = 0; i < body.length; i += 1024) {
        const piece = body.subarray(i, i + 1024);
        parts.push(Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n'));
      }
      parts.push(Buffer.from('0\r\n\r\n'));
      encoded = Buffer.concat(parts);
    } else {
      encoded = body;
    }
    const cutAt = options.cut(path, encoded);
    log.push({ path, cutAt, bodyBytes: body.length });
    socket.write(`${lines.join('\r\n')}\r\n\r\n`);
    if (cutAt === undefined) {
      socket.end(encoded);
      return;
    }
    socket.write(encoded.subarray(0, cutAt), () => socket.destroy());
  };

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    log,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
