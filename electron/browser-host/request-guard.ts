/**
 * Checks every request makes before anything else: the `Host` header (DNS rebinding: a page
 * on evil.com whose name suddenly resolves to 127.0.0.1 still sends `Host: evil.com`) and the
 * `Origin` header (a page from another origin calling us with fetch). The answer never carries
 * CORS headers, so a foreign page cannot read it either.
 */
import type { IncomingMessage } from 'node:http';

export type Refusal = { status: number; error: string };

export function allowedOrigins(port: number): readonly string[] {
  return [`http://127.0.0.1:${port}`, `http://localhost:${port}`];
}

export function checkRequest(
  request: IncomingMessage,
  port: number,
  route: 'bridge' | 'static',
): Refusal | null {
  const hosts = new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
  const host = request.headers.host;
  // Exact match only: no case folding, no default port, no trailing dot; browsers send the
  // host exactly as the printed URL spells it.
  if (typeof host !== 'string' || !hosts.has(host)) {
    return { status: 421, error: 'This server answers only on its own loopback address.' };
  }
  const origin = request.headers.origin;
  if (origin !== undefined && !allowedOrigins(port).includes(origin)) {
    return { status: 403, error: 'Requests from other web pages are refused.' };
  }
  // Browsers that send Fetch Metadata say outright when a request comes from another site
  // (another port on localhost is "same-site"); the console's own calls never look like that.
  // Static files are left alone: a link to the console from a web page must still open it.
  const site = request.headers['sec-fetch-site'];
  if (route === 'bridge' && (site === 'cross-site' || site === 'same-site')) {
    return { status: 403, error: 'Requests from other web pages are refused.' };
  }
  return null;
}
