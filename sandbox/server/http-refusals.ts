/**
 * Refusals that happen before, or beside, a route: in the API's error shape ({ detail, code },
 * as api-error.ts writes it) like every other sandbox answer (issue 17.7), instead of
 * Fastify's or Node's own bodies.
 *
 * - Node's HTTP parser refuses a request head over its limit (16 KiB: request line and
 *   headers together) before Fastify sees the request; Fastify's `clientErrorHandler` option
 *   is where that answer is written, straight to the socket.
 * - The router refuses a malformed URL (`%zz`) or an over-long path parameter before any hook;
 *   Fastify's `frameworkErrors` option shapes those.
 * - A URL over MAX_URL_LENGTH is a 414 from the first hook; a wrong method on a known path is
 *   a 405 with `Allow` (Fastify answers 404 for both by design).
 */
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from './api-error';

/** Longest request URL (path and query) the sandbox takes; longer is a 414. */
export const MAX_URL_LENGTH = 8192;

export const uriTooLong = () =>
  new ApiError(414, 'uri_too_long', `The URL is longer than ${MAX_URL_LENGTH} characters.`);

/** The 414 for a URL that Node parsed but the sandbox will not take. */
export function checkUrlLength(request: FastifyRequest): void {
  if (request.url.length > MAX_URL_LENGTH) throw uriTooLong();
}

/** Methods a path could be asked with; HEAD is there for every GET route. */
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/**
 * The not-found answer: 405 with `Allow` when the path exists under another method, else 404.
 * Runs after the onRequest hook, so a request without a key is a 401 first, as everywhere.
 */
export function sendNotFound(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  const path = request.url.split('?', 1)[0] ?? '';
  const allowed = METHODS.filter((method) => app.findRoute({ method, url: path }) !== null);
  if (allowed.length > 0 && !allowed.includes(request.method as (typeof METHODS)[number])) {
    const error = new ApiError(
      405,
      'method_not_allowed',
      `Method "${request.method}" is not allowed here; use ${allowed.join(', ')}.`,
    );
    return reply.status(405).header('Allow', allowed.join(', ')).send(error.body());
  }
  return reply.status(404).send({ detail: 'Not found.', code: 'not_found' });
}

/** Fastify's `frameworkErrors`: the router's refusals of a URL it cannot match. */
export function frameworkErrors(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  // An over-long path parameter names no resource there is: 404, like any unknown id.
  const refusal =
    error.code === 'FST_ERR_BAD_URL'
      ? new ApiError(400, 'bad_request', 'The URL is not valid (a malformed %-escape?).')
      : error.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? new ApiError(404, 'not_found', 'Not found.')
        : new ApiError(500, 'server_error', 'The service had an internal error.');
  void reply.status(refusal.status).send(refusal.body());
}

/** What Node puts on a `clientError` (Fastify's type has `rawPacket` as JSON, not a Buffer). */
interface ParseError {
  code?: string;
  rawPacket?: Buffer;
  bytesParsed?: number;
}

/** Node's parse errors as answers. Mirrors Fastify's default handler, in the API's shape. */
export function clientErrorHandler(error: Error, socket: Socket): void {
  const parse = error as ParseError;
  // A reset connection has no one to answer (Fastify's default does the same).
  if (parse.code === 'ECONNRESET' || socket.destroyed) return;
  const refusal = clientRefusal(parse);
  if (socket.writable) {
    const body = JSON.stringify(refusal.body());
    socket.write(
      `HTTP/1.1 ${refusal.status} ${STATUS_CODES[refusal.status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

function clientRefusal(error: ParseError): ApiError {
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return new ApiError(408, 'request_timeout', 'The request was not received in time.');
  }
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    return inRequestLine(error)
      ? uriTooLong()
      : new ApiError(431, 'headers_too_large', 'The request headers are too large (16 KiB).');
  }
  return new ApiError(400, 'bad_request', 'The request is not valid HTTP.');
}

/**
 * Whether the head overflowed while the request line was still being read: no line break in
 * the bytes parsed before the failure. Node reports one limit for the whole head; this tells
 * a long URL (414) from long headers (431). One header alone over 16 KiB that arrives in
 * several TCP segments can also have no line break in its last segment and is then called a
 * 414: still a refusal in the API's shape, with the wrong one of two reasons.
 */
function inRequestLine(error: ParseError): boolean {
  const raw = error.rawPacket;
  if (!raw) return false;
  const parsed = raw.subarray(0, error.bytesParsed ?? raw.length);
  return !parsed.includes('\r\n');
}
