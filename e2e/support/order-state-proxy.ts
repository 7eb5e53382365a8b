/**
 * A small HTTP proxy over the real sandbox for the pack gate's suite: everything passes
 * through unchanged, except that an order the test has "cancelled" (`cancel(id)`) is answered
 * as the service answers a cancelled order — `status: "cancelled"`, `cancelled_at` set — in the
 * order's own read and in every list page that holds it. The API cannot cancel an order (an
 * app-only endpoint refuses the key), and the sandbox's data is generated from its seed, so an
 * order cancelled by someone in the shop between the console's reads is played here.
 */
import { createServer, request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface OrderStateProxy {
  url: string;
  /** From now on the order reads as cancelled at this instant. */
  cancel(orderId: number, at?: Date): void;
  /** Answers that carried this order (its own read, or a list page holding it). */
  reads(orderId: number): number;
  close(): Promise<void>;
}

type Json = Record<string, unknown>;

export async function startOrderStateProxy(target: string): Promise<OrderStateProxy> {
  const upstream = new URL(target);
  const cancelled = new Map<number, string>();
  const readCounts = new Map<number, number>();

  const rewrite = (order: Json): Json => {
    const at = cancelled.get(Number(order.id));
    return at ? { ...order, status: 'cancelled', cancelled_at: at } : order;
  };

  const server = createServer((req, res) => {
    const path = req.url ?? '/';
    const one = /^\/api\/orders\/(\d+)\/(?:\?|$)/.exec(path);
    const isOrderJson =
      req.method === 'GET' && (one !== null || /^\/api\/orders\/(?:\?|$)/.test(path));
    const out = httpRequest(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path,
        headers: { ...req.headers, host: upstream.host, 'accept-encoding': 'identity' },
      },
      (answer: IncomingMessage) => {
        const json = String(answer.headers['content-type'] ?? '').includes('application/json');
        if (!isOrderJson || !json) {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on('data', (c: Buffer) => chunks.push(c));
        answer.on('end', () => {
          let body = Buffer.concat(chunks).toString('utf8');
          try {
            const parsed = JSON.parse(body) as Json;
            const orders = Array.isArray(parsed.results) ? (parsed.results as Json[]) : [parsed];
            for (const order of orders) {
              const id = Number(order.id);
              readCounts.set(id, (readCounts.get(id) ?? 0) + 1);
            }
            const changed = Array.isArray(parsed.results)
              ? { ...parsed, results: (parsed.results as Json[]).map(rewrite) }
              : rewrite(parsed);
            body = JSON.stringify(changed);
          } catch {
            // Not an order's JSON after all: passed on as it came.
          }
          const headers = { ...answer.headers, 'content-length': String(Buffer.byteLength(body)) };
          res.writeHead(answer.statusCode ?? 502, headers);
          res.end(body);
        });
      },
    );
    out.on('error', () => {
      res.writeHead(502, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({ detail: 'The proxy could not reach the sandbox.', code: 'bad_gateway' }),
      );
    });
    req.pipe(out);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    cancel: (orderId, at = new Date()) => cancelled.set(orderId, at.toISOString()),
    reads: (orderId) => readCounts.get(orderId) ?? 0,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
