/**
 * The console's own wire: undici's dispatch over a keep-alive Agent, the answer's body held
 * for its reader (received-body.ts).
 *
 * Why undici, and why its dispatch (issue 34: CPU per page): a request's fixed cost is what
 * a 50-order page pays beyond its parse. node:http's ClientRequest, IncomingMessage and agent
 * bookkeeping cost about twice undici's here, and undici's `request` builds a Readable per
 * answer that its dispatch does not. The same 140 kB body from a local server, a bare GET in
 * a Node of its own (--single-threaded, CPU time, 1,200 requests a kind, taking turns, two
 * runs): node:http 0.46-0.50 ms p50 and 0.99-1.28 p95; undici's request 0.28-0.32 and
 * 0.85-1.03; its dispatch 0.20-0.22 and 0.49-0.67 (bench/README.md). Node's `fetch` is undici
 * too, with a Request, Headers, a web stream and a Response per request (about 1 ms more).
 * The dispatch API may change in a major version of undici; the version is pinned.
 *
 * undici is loaded on first use, not at start: the whole package takes 140-170 ms to load
 * here (its fetch, WebSocket and cache included), which the app's start must not pay.
 * `preloadWire` starts that load early, off the path a person waits on.
 *
 * Like node:http it follows no redirect and undoes no compression: it asks for gzip, deflate
 * or br and undoes them itself (wire.ts: decoderFor). undici retries nothing on its own with
 * one request per connection at a time (no pipelining): the transport decides (a create that
 * may have left is never sent again).
 */
import type { Agent, Dispatcher } from 'undici';
import { ReceivedBody } from './received-body';
import { ACCEPT_ENCODING, type Wire, type WireAnswer } from './wire';

type Undici = typeof import('undici');

let loading: Promise<Undici> | undefined;
let agent: Agent | undefined;

function loadUndici(): Promise<Undici> {
  loading ??= import('undici');
  return loading;
}

/**
 * Starts loading undici now (once), so the first request does not wait for it. A failure
 * here is left to that request, which meets it again and reports it.
 */
export function preloadWire(): void {
  loadUndici().catch(() => {});
}

async function dispatcher(): Promise<Agent> {
  if (agent) return agent;
  const { Agent } = await loadUndici();
  // Keep-alive is undici's default (one TLS handshake per connection, not per request), and
  // there is no cap on connections per origin, as node:http's agent had none.
  agent ??= new Agent();
  return agent;
}

export const undiciWire: Wire = async (url, request) => {
  const client = await dispatcher();
  const { signal } = request;
  signal.throwIfAborted();
  return new Promise<WireAnswer>((resolve, reject) => {
    let controller: Dispatcher.DispatchController | undefined;
    let body: ReceivedBody | undefined;
    let settled = false;
    const onAbort = () => {
      controller?.abort(signal.reason);
      body?.abort(signal.reason);
      if (!settled) {
        settled = true;
        reject(signal.reason);
      }
    };
    const done = () => signal.removeEventListener('abort', onAbort);
    signal.addEventListener('abort', onAbort, { once: true });
    client.dispatch(
      {
        origin: url.origin,
        path: `${url.pathname}${url.search}`,
        method: request.method as Dispatcher.HttpMethod,
        headers: { ...request.headers, 'Accept-Encoding': ACCEPT_ENCODING },
        body: request.body ?? null,
      },
      {
        onRequestStart(c) {
          controller = c;
          // Aborted while the request waited for a connection: it is never written.
          if (signal.aborted) c.abort(signal.reason);
        },
        onResponseStart(c, status, headers) {
          // An informational answer (1xx) is not the answer.
          if (status < 200 || settled) return;
          settled = true;
          const received = new ReceivedBody(c, headerOf(headers, 'content-encoding'));
          body = received;
          resolve({
            status,
            header: (name) => headerOf(headers, name.toLowerCase()),
            readAll: () => received.readAll(),
            stream: () => received.stream(),
            discard: () => received.discard(),
          });
        },
        onResponseData(_c, chunk) {
          body?.data(chunk);
        },
        onResponseEnd() {
          done();
          body?.end();
        },
        onResponseError(_c, error) {
          done();
          if (body) body.fail(error);
          else if (!settled) {
            settled = true;
            reject(error);
          }
        },
      },
    );
  });
};

function headerOf(headers: Record<string, string | string[] | undefined>, name: string) {
  const value = headers[name];
  if (value === undefined) return null;
  return Array.isArray(value) ? value.join(', ') : value;
}
