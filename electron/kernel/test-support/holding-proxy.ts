/**
 * An HTTP proxy in front of the sandbox that does to order creates what the fault campaign
 * of issue 31 did: holds a create (the order is made only when the test releases it, after
 * the client gave up or was killed), resets the connection at once and forwards the create
 * later, drops it for good, or answers 502 after the order was made. Lookups (GET) pass, or
 * are refused while `lookups` is 'refuse' (the service cannot be asked).
 *
 * Everything is driven by the test: nothing here waits on a clock.
 */
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type CreateFault =
  | 'pass'
  /** Held until release(); forwarded then, answered if the client still waits. */
  | 'hold'
  /** The client's connection reset at once; the create forwarded on release(). */
  | 'reset-then-forward'
  /** The client's connection reset at once; never forwarded. */
  | 'drop'
  /** Forwarded (the order is made), then answered 502. */
  | 'error-after'
  /** Forwarded (the order is made), then answered 201 with a body cut in half. */
  | 'garbled-after'
  /** Answered 502 without forwarding (nothing made). */
  | 'error-before'
  /** Answered 429 (Retry-After: 0) without forwarding. */
  | 'throttle';

interface Held {
  forward: () => Promise<void>;
}

export class HoldingProxy {
  url = '';
  /** What the next creates meet, first to last; 'pass' once empty. */
  readonly plan: CreateFault[] = [];
  lookups: 'pass' | 'refuse' = 'pass';
  /** Lookups are refused from the next create on (the service goes dark right after it). */
  darkAfterCreate = false;
  /** Creates that reached the sandbox. */
  forwarded = 0;
  /** Lookups (GETs) answered. */
  lookupsAnswered = 0;
  private server?: Server;
  private readonly held: Held[] = [];
  private readonly heldWatchers = new Set<() => void>();

  constructor(private readonly upstream: string) {}

  async start(): Promise<this> {
    const server = createServer((req, res) => void this.serve(req, res));
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    this.server = server;
    this.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return this;
  }

  /** Creates held now (not yet forwarded). */
  get holding(): number {
    return this.held.length;
  }

  /** Resolves once `n` creates are held. */
  async whenHolding(n = 1): Promise<void> {
    while (this.held.length < n) {
      await new Promise<void>((resolve) => {
        const watch = () => {
          this.heldWatchers.delete(watch);
          resolve();
        };
        this.heldWatchers.add(watch);
      });
    }
  }

  /** Resolves once more than `n` lookups have been answered. */
  async whenLookupsPast(n: number): Promise<void> {
    while (this.lookupsAnswered <= n) {
      await new Promise<void>((resolve) => {
        const watch = () => {
          this.heldWatchers.delete(watch);
          resolve();
        };
        this.heldWatchers.add(watch);
      });
    }
  }

  /** Forwards every held create to the sandbox; resolves when the sandbox has answered them. */
  async release(): Promise<void> {
    const held = this.held.splice(0);
    await Promise.all(held.map((h) => h.forward()));
  }

  /** Forgets held creates (never forwarded), the plan, and lets lookups pass. */
  reset(): void {
    this.held.splice(0);
    this.plan.length = 0;
    this.lookups = 'pass';
    this.darkAfterCreate = false;
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }

  private async serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const isCreate =
      req.method === 'POST' && new URL(req.url ?? '/', 'http://x').pathname === '/api/orders/';
    if (!isCreate) {
      if (this.lookups === 'refuse') {
        req.socket.resetAndDestroy();
        return;
      }
      await this.answer(req, res, body);
      this.lookupsAnswered += 1;
      for (const watch of [...this.heldWatchers]) watch();
      return;
    }
    const fault = this.plan.shift() ?? 'pass';
    if (this.darkAfterCreate) this.lookups = 'refuse';
    if (fault === 'pass') return this.answer(req, res, body);
    if (fault === 'error-after' || fault === 'error-before') {
      if (fault === 'error-after') await this.send(req, body);
      res.writeHead(502, { 'Content-Type': 'application/json' });
      res.end('{"detail":"Bad gateway."}');
      return;
    }
    if (fault === 'throttle') {
      res.writeHead(429, { 'Content-Type': 'application/json', 'Retry-After': '0' });
      res.end('{"detail":"Slow down.","code":"throttled","retry_after":0}');
      return;
    }
    if (fault === 'garbled-after') {
      const answer = await this.send(req, body);
      res.writeHead(answer.status, { 'Content-Type': 'application/json' });
      res.end(answer.text.slice(0, Math.floor(answer.text.length / 2)));
      return;
    }
    if (fault === 'drop' || fault === 'reset-then-forward') req.socket.resetAndDestroy();
    if (fault === 'drop') return;
    this.held.push({
      forward: async () => {
        const answer = await this.send(req, body);
        if (!res.destroyed && !req.socket.destroyed) {
          res.writeHead(answer.status, { 'Content-Type': 'application/json' });
          res.end(answer.text);
        }
      },
    });
    for (const watch of [...this.heldWatchers]) watch();
  }

  private async answer(req: IncomingMessage, res: ServerResponse, body: Buffer): Promise<void> {
    const answer = await this.send(req, body);
    if (res.destroyed) return;
    res.writeHead(answer.status, { 'Content-Type': answer.type });
    res.end(answer.text);
  }

  private async send(
    req: IncomingMessage,
    body: Buffer,
  ): Promise<{ status: number; type: string; text: string }> {
    const headers: Record<string, string> = {};
    for (const name of ['x-api-key', 'authorization', 'content-type', 'accept']) {
      const value = req.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const isCreate = req.method === 'POST';
    const upstream = await fetch(new URL(req.url ?? '/', this.upstream), {
      method: req.method ?? 'GET',
      headers,
      ...(body.length > 0 ? { body } : {}),
    });
    const text = await upstream.text();
    if (isCreate) this.forwarded += 1;
    return {
      status: upstream.status,
      type: upstream.headers.get('content-type') ?? 'application/json',
      text,
    };
  }
}
