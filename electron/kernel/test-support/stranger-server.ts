/**
 * A server this project did not write, as issue 32 met one: the sandbox's data seen through
 * an HTTP server that (a) gives every location an id of 0 or below (the spec allows any
 * integer: sandbox id k becomes 1 − k, so 1 → 0, 2 → −1…), (b) sends 5 stock rows a page
 * whatever page size is asked, and (c) can claim a huge count for the stock list (39,195,278),
 * with a `next` link on every page. Every request it answers is counted by path, so a test can
 * say how many requests a walk made. Used by the bridge's tests and the browser suites (as
 * `--api-base`).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StrangerOptions {
  /** The real API behind it (a sandbox's url). */
  upstream: string;
  /** Stock rows per page of the inventory list (default 5). */
  pageSize?: number;
  /** The count the inventory list claims (default: the real one). */
  inventoryCount?: number;
}

export interface StrangerServer {
  url: string;
  /** Requests answered, by path (without the query). */
  requests: Map<string, number>;
  close(): Promise<void>;
}

/** Sandbox id → the stranger's id, and back. */
export const strangeId = (id: number) => 1 - id;
const upstreamId = (id: number) => 1 - id;

/** Rewrites every location id in an answer: `location: {id}`, `location_id`, the locations list. */
function rewrite(value: unknown, isLocation: boolean): unknown {
  if (Array.isArray(value)) return value.map((v) => rewrite(v, isLocation));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (isLocation && key === 'id' && typeof v === 'number') out[key] = strangeId(v);
    else if (key === 'location_id' && typeof v === 'number') out[key] = strangeId(v);
    else out[key] = rewrite(v, key === 'location');
  }
  return out;
}

export async function startStrangerServer(options: StrangerOptions): Promise<StrangerServer> {
  const pageSize = options.pageSize ?? 5;
  const requests = new Map<string, number>();

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://stranger');
    requests.set(url.pathname, (requests.get(url.pathname) ?? 0) + 1);
    const isInventoryList = url.pathname === '/api/inventory/';
    const location = url.searchParams.get('location');
    if (location !== null && /^-?\d+$/.test(location)) {
      url.searchParams.set('location', String(upstreamId(Number(location))));
    }
    const one = /^\/api\/locations\/(-?\d+)\/$/.exec(url.pathname);
    if (one) url.pathname = `/api/locations/${upstreamId(Number(one[1]))}/`;
    if (isInventoryList) url.searchParams.set('page_size', String(pageSize));
    const headers: Record<string, string> = {};
    for (const name of ['x-api-key', 'authorization', 'accept']) {
      const v = req.headers[name];
      if (typeof v === 'string') headers[name] = v;
    }
    const upstream = await fetch(`${options.upstream}${url.pathname}${url.search}`, {
      method: req.method ?? 'GET',
      headers,
    });
    const type = upstream.headers.get('content-type') ?? '';
    let body: Buffer | string = Buffer.from(await upstream.arrayBuffer());
    if (upstream.ok && type.includes('json')) {
      let json = rewrite(
        JSON.parse(body.toString('utf8')),
        url.pathname.startsWith('/api/locations/'),
      );
      if (isInventoryList && options.inventoryCount !== undefined) {
        const page = Number(url.searchParams.get('page') ?? '1');
        const count = options.inventoryCount;
        json = {
          ...(json as object),
          count,
          next: page * pageSize < count ? `http://stranger/api/inventory/?page=${page + 1}` : null,
        };
      }
      body = JSON.stringify(json);
    }
    res.writeHead(upstream.status, {
      'content-type': type || 'application/octet-stream',
      ...(upstream.headers.get('retry-after')
        ? { 'retry-after': upstream.headers.get('retry-after') as string }
        : {}),
    });
    res.end(body);
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
