/**
 * Headers on every answer. The CSP allows only what the Vite build emits (module scripts and
 * stylesheets from this origin, no inline code) and calls to this origin's bridge routes;
 * the page cannot be framed, so no other site can overlay or click through it.
 */
import type { ServerResponse } from 'node:http';

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  // React sets styles through the CSSOM, which CSP does not govern: no 'unsafe-inline'.
  "style-src 'self'",
  // Label previews arrive as base64 from the bridge and are shown through data:/blob: URLs.
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

export function setSecurityHeaders(response: ServerResponse): void {
  response.setHeader('Content-Security-Policy', CONTENT_SECURITY_POLICY);
  response.setHeader('X-Content-Type-Options', 'nosniff');
  response.setHeader('Referrer-Policy', 'no-referrer');
  response.setHeader('X-Frame-Options', 'DENY');
  response.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
  response.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
}

/** A JSON answer (bridge results and refusals alike); never cached, it may hold order data. */
export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  sendJsonText(response, status, JSON.stringify(body));
}

/** Sends JSON already written as text. */
export function sendJsonText(response: ServerResponse, status: number, text: string): void {
  response.statusCode = status;
  response.setHeader('Content-Type', 'application/json; charset=utf-8');
  response.setHeader('Content-Length', Buffer.byteLength(text));
  response.setHeader('Cache-Control', 'no-store');
  response.end(text);
}

export function refuse(
  response: ServerResponse,
  status: number,
  error: string,
  extra: Record<string, string> = {},
): void {
  for (const [name, value] of Object.entries(extra)) response.setHeader(name, value);
  sendJson(response, status, { error });
}
