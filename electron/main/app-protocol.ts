/**
 * The `app://packbench/` protocol: serves the built renderer (dist/renderer) to the window,
 * with the strict CSP and security headers on every answer. Never file://: a file:// page can
 * read other local files and shares one opaque origin with every other file, whereas app:// is
 * a standard, secure origin of its own that the IPC sender check can name exactly.
 *
 * `serveAppRequest` is plain Node (Response, fs) so it is tested without Electron; only
 * `registerAppScheme` and `handleAppProtocol` touch the Electron objects they are given.
 */
import { readFile } from 'node:fs/promises';
import { extname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { Protocol } from 'electron';
import { APP_HOST, APP_SCHEME } from './app-url';
import { APP_RESPONSE_HEADERS } from './csp';

const CONTENT_TYPES: Readonly<Record<string, string>> = Object.freeze({
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
});

/**
 * The file under `rootDir` an app:// URL names, or null when it names none we serve: another
 * host, a path escaping the root (`..`, encoded or not), a dotfile, a source map, or a type
 * we do not know.
 */
export function resolveAppFile(rootDir: string, requestUrl: string): string | null {
  let url: URL;
  try {
    url = new URL(requestUrl);
  } catch {
    return null;
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST) return null;
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    return null;
  }
  if (path === '/' || path === '') path = '/index.html';
  if (path.includes('\0') || path.includes('\\')) return null;
  const segments = path.split('/').filter((s) => s !== '');
  if (segments.some((s) => s === '..' || s.startsWith('.'))) return null;
  const root = resolve(rootDir);
  const file = resolve(join(root, ...segments));
  const rel = relative(root, file);
  if (rel === '' || rel.startsWith(`..${sep}`) || rel === '..' || isAbsolute(rel)) return null;
  // Source maps stay out of the page's reach: they are for developers, not for the window.
  if (file.endsWith('.map')) return null;
  if (!(extname(file).toLowerCase() in CONTENT_TYPES)) return null;
  return file;
}

/** Answers one app:// request from `rootDir`. */
export async function serveAppRequest(
  rootDir: string,
  request: Pick<Request, 'url' | 'method'>,
): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return answer(405, 'Method not allowed', 'text/plain; charset=utf-8');
  }
  const file = resolveAppFile(rootDir, request.url);
  if (file === null) return answer(404, 'Not found', 'text/plain; charset=utf-8');
  let body: Buffer;
  try {
    body = await readFile(file);
  } catch {
    return answer(404, 'Not found', 'text/plain; charset=utf-8');
  }
  const type = CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
  return answer(200, request.method === 'HEAD' ? null : body, type);
}

function answer(status: number, body: string | Buffer | null, type: string): Response {
  return new Response(
    body === null ? null : new Uint8Array(body instanceof Buffer ? body : Buffer.from(body)),
    {
      status,
      headers: { ...APP_RESPONSE_HEADERS, 'Content-Type': type, 'Cache-Control': 'no-cache' },
    },
  );
}

/**
 * Declares app:// a standard, secure scheme (its own origin, fetch and CSP 'self' work as for
 * https). Must run before the app is ready; the `protocol` module is passed in.
 */
export function registerAppScheme(protocol: Pick<Protocol, 'registerSchemesAsPrivileged'>): void {
  protocol.registerSchemesAsPrivileged([
    {
      scheme: APP_SCHEME,
      privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: false },
    },
  ]);
}

/** Serves app:// from `rootDir` on a session's protocol (after the app is ready). */
export function handleAppProtocol(protocol: Pick<Protocol, 'handle'>, rootDir: string): void {
  protocol.handle(APP_SCHEME, (request) => serveAppRequest(rootDir, request));
}
