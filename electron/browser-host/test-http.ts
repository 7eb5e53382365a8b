/**
 * Test support for the browser host's suites: raw HTTP requests over node:http, because
 * fetch will not send a forged Host header or an unencoded `..` path, which is exactly what
 * the security tests need to send.
 */
import { request as httpRequest } from 'node:http';
import type { Dispatcher } from '../kernel/dispatch/dispatcher-types';
import { BridgeEvents } from '../kernel/events';

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface RawRequest {
  port: number;
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Default: `127.0.0.1:PORT`; `null` sends none. */
  host?: string | null;
}

export function raw(options: RawRequest): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { ...options.headers };
    const host = options.host === undefined ? `127.0.0.1:${options.port}` : options.host;
    const req = httpRequest({
      host: '127.0.0.1',
      port: options.port,
      method: options.method ?? 'GET',
      path: options.path,
      headers: host === null ? headers : { ...headers, host },
      setHost: false,
      agent: false,
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

export function tokenOf(url: string): string {
  const token = new URL(url).hash.replace(/^#token=/, '');
  if (!token) throw new Error(`no token in ${url}`);
  return token;
}

export function callRequest(
  port: number,
  token: string,
  method: string,
  body: unknown,
  extra: Partial<RawRequest> = {},
): Promise<RawResponse> {
  return raw({
    port,
    method: 'POST',
    path: `/bridge/call/${method}`,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    ...extra,
  });
}

/** A dispatcher that answers every call with an echo, or whatever `answer` decides. */
export function fakeBridge(
  answer?: (method: unknown, args: unknown, signal?: AbortSignal) => Promise<unknown>,
): { dispatcher: Dispatcher; events: BridgeEvents } {
  return {
    events: new BridgeEvents(),
    dispatcher: {
      async call(method, args, signal) {
        if (answer) return (await answer(method, args, signal)) as never;
        return { ok: true, value: { method, args } };
      },
    },
  };
}
