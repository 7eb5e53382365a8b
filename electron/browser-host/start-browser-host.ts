/**
 * Browser mode: serves the built renderer and the bridge's methods over HTTP on 127.0.0.1
 * only, for tests, headless machines and wherever no Electron binary can run. Plain Node (no
 * Electron import). Every request passes the Host/Origin guard; the bridge routes also need
 * the per-launch session token; no answer ever carries CORS headers.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Dispatcher } from '../kernel/dispatch/dispatcher-types';
import type { DownloadSource } from '../kernel/dispatch/download-links';
import type { BridgeEvents } from '../kernel/events';
import { handleCall, isPlausibleMethodName } from './call-route';
import { DOWNLOAD_PREFIX, handleDownload } from './download-route';
import { handleEvents } from './events-route';
import { checkRequest } from './request-guard';
import { refuse, setSecurityHeaders } from './security-headers';
import { bearerMatches, createSessionToken } from './session-token';
import { StaticFiles } from './static-files';

export interface BrowserHostOptions {
  dispatcher: Dispatcher;
  events: BridgeEvents;
  /** The built renderer (dist/renderer); a missing build is served as a page saying so. */
  rendererDir: string;
  /** 0 picks a free port. */
  port?: number;
  /** Refusals and internal problems, one line each; never the token. */
  log?: (line: string) => void;
  /** Comment lines on the event stream this often (default 15 s). */
  heartbeatMs?: number;
  /** Files the bridge wrote, behind one-time links (`/files/<id>`; none: every link is 404). */
  downloads?: DownloadSource;
}

export interface BrowserHost {
  /** What to open: `http://127.0.0.1:PORT/#token=…` (the fragment never reaches a server). */
  readonly url: string;
  readonly origin: string;
  readonly port: number;
  close(): Promise<void>;
}

const CALL_PREFIX = '/bridge/call/';

export async function startBrowserHost(options: BrowserHostOptions): Promise<BrowserHost> {
  const { dispatcher, events } = options;
  const log = options.log ?? (() => {});
  const heartbeatMs = options.heartbeatMs ?? 15_000;
  const token = createSessionToken();
  const files = new StaticFiles(options.rendererDir);
  let port = 0;

  const route = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    setSecurityHeaders(response);
    const target = request.url ?? '';
    // Origin-form only ("/path?query"); absolute-form and "//host" forms are not for us.
    if (!target.startsWith('/') || target.startsWith('//')) {
      return refuse(response, 400, 'Bad request target.');
    }
    const pathname = target.split(/[?#]/, 1)[0] ?? '/';
    const isBridge = pathname.startsWith('/bridge/');
    const refusal = checkRequest(request, port, isBridge ? 'bridge' : 'static');
    if (refusal) {
      log(`refused ${request.method} ${pathname}: ${refusal.status}`);
      return refuse(response, refusal.status, refusal.error);
    }
    // Preflights are never answered with permission: no CORS, ever.
    if (request.method === 'OPTIONS') {
      return refuse(response, 405, 'Method not allowed.', { Allow: 'GET, HEAD, POST' });
    }

    if (pathname.startsWith(DOWNLOAD_PREFIX)) {
      return handleDownload(request, response, pathname, options.downloads);
    }
    if (!isBridge) {
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        return refuse(response, 405, 'Method not allowed.', { Allow: 'GET, HEAD' });
      }
      return files.serve(request, response, pathname);
    }

    if (!bearerMatches(request.headers.authorization, token)) {
      log(`refused ${request.method} ${pathname}: 401`);
      return refuse(response, 401, 'This console session needs its token.', {
        'WWW-Authenticate': 'Bearer',
      });
    }
    if (pathname === '/bridge/events') {
      if (request.method !== 'GET') {
        return refuse(response, 405, 'Method not allowed.', { Allow: 'GET' });
      }
      return handleEvents(response, events, heartbeatMs);
    }
    if (pathname.startsWith(CALL_PREFIX)) {
      const method = pathname.slice(CALL_PREFIX.length);
      if (!isPlausibleMethodName(method)) return refuse(response, 404, 'No such bridge method.');
      if (request.method !== 'POST') {
        return refuse(response, 405, 'Method not allowed.', { Allow: 'POST' });
      }
      return handleCall(request, response, method, dispatcher, log);
    }
    return refuse(response, 404, 'Not found.');
  };

  const server = createServer((request, response) => {
    route(request, response).catch((error: unknown) => {
      log(`request failed: ${error instanceof Error ? error.name : typeof error}`);
      if (!response.headersSent) refuse(response, 500, 'Internal error.');
      else response.destroy();
    });
  });
  // A client error (malformed HTTP) gets a bare 400 and the socket closed, not a crash.
  server.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    else socket.destroy();
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port: options.port ?? 0, host: '127.0.0.1' }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  port = (server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${port}`;

  let closing: Promise<void> | undefined;
  return {
    url: `${origin}/#token=${token}`,
    origin,
    port,
    close: () => {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Event streams never end on their own: cut every connection so close() returns.
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
