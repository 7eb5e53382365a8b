/**
 * The sandbox's HTTP application: hooks for faults, authentication and the rate limit, the
 * error mapping, and the routes. Everything under /api/ and /media/ (label files, product
 * images) needs a key; every refusal, the HTTP parser's included, is in the API's error shape.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { registerAppOnlyRoutes } from '../routes/app-only';
import { registerInventoryRoutes } from '../routes/inventory';
import { registerMediaRoutes } from '../routes/media';
import { registerOrderDocumentRoutes } from '../routes/order-documents';
import { registerOrderRoutes } from '../routes/orders';
import { registerReturnRoutes } from '../routes/returns';
import { registerShippingRoutes } from '../routes/shipping';
import { ApiError } from './api-error';
import type { SandboxContext } from './context';
import type { FaultDecision } from './faults';
import { checkUrlLength, clientErrorHandler, frameworkErrors, sendNotFound } from './http-refusals';
import { ThrottledError } from './rate-limit';

declare module 'fastify' {
  interface FastifyRequest {
    fault?: FaultDecision;
  }
  interface FastifyContextConfig {
    heavy?: boolean;
  }
}

export function buildApp(ctx: SandboxContext): FastifyInstance {
  const app = Fastify({
    logger: false,
    bodyLimit: 1_048_576,
    routerOptions: { maxParamLength: 200 },
    // Closing the sandbox ends every connection at once. The default ('idle') waits for a
    // connection a client opened and then abandoned before sending its request, up to Node's
    // 60 s headers timeout: a cancelled batch left two such, and "Stop sandbox" hung.
    forceCloseConnections: true,
    // Closing answers in the API's shape (the onRequest hook below), not Fastify's own 503.
    return503OnClosing: false,
    clientErrorHandler,
    frameworkErrors,
  });
  // The API takes JSON bodies only; anything else is a 415, not a string to misread.
  app.removeContentTypeParser('text/plain');
  // An empty JSON body is no body (POSTs like refresh-tracking take none); anything else
  // must parse.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new ApiError(400, 'parse_error', 'The request body is not valid JSON.'), undefined);
    }
  });

  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });

  app.addHook('onRequest', async (request, reply) => {
    checkUrlLength(request);
    if (closing) throw new ApiError(503, 'server_error', 'The sandbox is shutting down.');
    if (!needsKey(request.url)) return;
    const latency = ctx.faults.latency();
    if (latency > 0) await sleep(latency);
    const fault = ctx.faults.decide();
    request.fault = fault;
    if (fault.kind === 'drop-before') {
      reply.hijack();
      request.raw.socket.destroy();
      return;
    }
    if (fault.kind === 'error') {
      throw new ApiError(fault.status, 'server_error', 'The service had an internal error.');
    }
    ctx.keys.authenticate(request.headers);
    if (fault.kind === 'throttle') ctx.limiter.forceThrottle(1);
    ctx.limiter.charge(request.routeOptions.config.heavy === true);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const fault = request.fault?.kind;
    if (fault === 'drop-after') {
      // The request was processed; the answer is lost on the way back.
      request.raw.socket.destroy();
      return payload;
    }
    if (request.fault?.kind === 'late') await sleep(request.fault.ms);
    if (fault === 'malformed' && (typeof payload === 'string' || Buffer.isBuffer(payload))) {
      const type = String(reply.getHeader('content-type') ?? '');
      // Orders and their pages are sent as JSON bytes (routes/order-json.ts): cut as the text.
      const text = typeof payload === 'string' ? payload : payload.toString('utf8');
      if (type.includes('json')) return `${text.slice(0, Math.floor(text.length / 2))}<html>`;
    }
    return payload;
  });

  app.setErrorHandler((error: FastifyError | ApiError, _request, reply) => {
    if (error instanceof ApiError) {
      if (error instanceof ThrottledError) reply.header('Retry-After', String(error.retryAfter));
      return reply.status(error.status).send(error.body());
    }
    const known = fastifyError(error);
    if (known) return reply.status(known.status).send(known.body());
    reply.log.error(error);
    return reply
      .status(500)
      .send({ detail: 'The service had an internal error.', code: 'server_error' });
  });

  app.setNotFoundHandler((request, reply) => sendNotFound(app, request, reply));

  registerOrderRoutes(app, ctx);
  registerOrderDocumentRoutes(app, ctx);
  registerShippingRoutes(app, ctx);
  registerReturnRoutes(app, ctx);
  registerInventoryRoutes(app, ctx);
  registerAppOnlyRoutes(app);
  registerMediaRoutes(app, ctx);
  return app;
}

/** The API's endpoints and the files its answers link to (labels, product images). */
function needsKey(url: string): boolean {
  return url.startsWith('/api/') || url.startsWith('/media/');
}

/** Fastify's own refusals (bad JSON, wrong content type, body too large) in the API's shape. */
function fastifyError(error: FastifyError): ApiError | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new ApiError(400, 'parse_error', 'The request body is not valid JSON.');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new ApiError(415, 'unsupported_media_type', 'Send the body as application/json.');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError(413, 'request_too_large', 'The request body is too large.');
    default:
      return error.statusCode && error.statusCode < 500
        ? new ApiError(error.statusCode, 'bad_request', error.message)
        : undefined;
  }
}
