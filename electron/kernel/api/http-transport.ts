/**
 * The one way the console talks HTTP to the API: a fetch-compatible function for
 * openapi-fetch that, for every request,
 *
 * 1. checks the base URL (https, or http on loopback) and that the request stays on its
 *    origin, before anything is sent (so the key never travels in clear text or elsewhere);
 * 2. adds X-API-Key, User-Agent and Accept;
 * 3. waits for a slot of the account-wide limiter at the call's priority;
 * 4. gives each attempt its own timeout (the caller's signal still cancels);
 * 5. on 429: reports it to the limiter, waits out its Retry-After (the limiter may also pause
 *    the whole queue) and goes back through the limiter, for every kind of request, a create
 *    included (it was refused, not done);
 * 6. retries network errors, 500/502/503/504 and unreadable JSON with jittered exponential
 *    back-off (p-retry), for idempotent requests only (see retry-policy.ts). A create that
 *    may have reached the server is never sent again: it fails as 'outcome_unknown'.
 *
 * JSON answers are read whole here (they are small), so a truncated or malformed body is
 * caught while a retry is still possible; binary answers are handed on as streams, watched by
 * an idle timeout instead of a total one.
 */

import { checkBaseUrl } from '@shared/contract/url-policy';
import pRetry from 'p-retry';
import { APP_NAME, APP_VERSION } from '../../app-info';
import { BridgeFailure, isBridgeFailure } from '../failure';
import {
  badResponse,
  cancelledFailure,
  outcomeUnknown,
  rateLimited,
  serverError,
  timeoutFailure,
} from './api-errors';
import { readJsonText } from './json-text';
import type { AccountLimiter, Priority } from './limiter';
import { describeNetworkError, networkMessage } from './network-errors';
import { isJson, parsedJsonResponse, parseJson, TIMED_OUT, watchIdle } from './response-body';
import { retryAfterSeconds } from './retry-after';
import { isRetryableStatus, relativePath, requestKind } from './retry-policy';

export type ApiKeySource =
  | string
  | (() => string | null | undefined | Promise<string | null | undefined>);

export interface TransportOptions {
  baseUrl: string;
  apiKey: ApiKeySource;
  limiter: AccountLimiter;
  /** The underlying fetch (default: globalThis.fetch, looked up at call time). */
  fetch?: typeof globalThis.fetch;
  /** Per attempt, until the answer's headers (JSON: until its body); idle time for streams. */
  timeoutMs?: number;
  /** Retries after network errors, 5xx and unreadable JSON (idempotent requests only). */
  retries?: number;
  minRetryDelayMs?: number;
  maxRetryDelayMs?: number;
  /**
   * 429s one request may meet before it gives up with 'rate_limited'. None by default: a
   * 429 says "not now", so a request keeps waiting as each Retry-After says (the limiter caps
   * one wait) until it is answered or its caller cancels. A cap made calls fail because other
   * consoles on the account were refused (issue 34: three bridges, 2 failed calls).
   */
  max429?: number;
}

export interface HttpTransport {
  /** The normalised base URL (checked again before every request). */
  readonly baseUrl: string;
  readonly limiter: AccountLimiter;
  /**
   * A fetch for openapi-fetch whose requests wait in the limiter at `priority`. A JSON answer
   * is read whole (and retried when it breaks off) unless `reading` is 'streamed': then its
   * body is handed on unread with an idle timeout, as binary answers are.
   */
  fetchAt(priority: Priority, reading?: BodyReading): typeof globalThis.fetch;
}

export type BodyReading = 'whole' | 'streamed';

export const USER_AGENT = `${APP_NAME}/${APP_VERSION} (node/${process.versions.node}; ${process.platform})`;
const ACCEPT = 'application/json, application/pdf, text/csv, image/png, image/gif, */*;q=0.1';

/** Thrown inside an attempt when another attempt may succeed. */
class Retryable extends Error {
  constructor(readonly failure: BridgeFailure) {
    super(failure.message);
  }
}

export function createHttpTransport(options: TransportOptions): HttpTransport {
  const limiter = options.limiter;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const max429 = options.max429 ?? Number.POSITIVE_INFINITY;
  const verdict = checkBaseUrl(options.baseUrl);
  const baseUrl = verdict.ok ? verdict.url : options.baseUrl;

  const send = async (
    request: Request,
    priority: Priority,
    reading: BodyReading = 'whole',
  ): Promise<Response> => {
    const checked = checkBaseUrl(options.baseUrl);
    if (!checked.ok) throw new BridgeFailure('insecure_url', checked.reason);
    const base = new URL(checked.url);
    const url = new URL(request.url);
    if (url.origin !== base.origin) {
      throw new BridgeFailure(
        'insecure_url',
        'Packbench sends requests only to the connection’s own address.',
      );
    }
    const key = await resolveKey(options.apiKey);
    const kind = requestKind(request.method, relativePath(url, base));
    const body = request.body ? new Uint8Array(await request.arrayBuffer()) : undefined;
    const headers = new Headers(request.headers);
    headers.set('X-API-Key', key);
    headers.set('User-Agent', USER_AGENT);
    if (!headers.has('Accept')) headers.set('Accept', ACCEPT);
    const signal = request.signal;
    const fetchImpl = options.fetch ?? globalThis.fetch;
    // Whether a create's bytes may have left: from then on it is never sent again.
    let createSent = false;

    const attempt = async (): Promise<Response> => {
      for (let throttles = 0; ; ) {
        const slot = await limiter.acquire(priority, signal);
        const attemptAbort = new AbortController();
        const timer = setTimeout(() => attemptAbort.abort(TIMED_OUT), timeoutMs);
        const attemptSignal = AbortSignal.any([signal, attemptAbort.signal]);
        let response: Response;
        if (kind === 'create') createSent = true;
        try {
          response = await fetchImpl(url, {
            method: request.method,
            headers,
            body,
            signal: attemptSignal,
            // A redirect would carry X-API-Key to wherever it points: refuse to follow.
            redirect: 'manual',
          });
        } catch (error) {
          clearTimeout(timer);
          slot.failed();
          throw noAnswer(error, attemptAbort.signal.aborted && !signal.aborted);
        }
        if (response.status === 429) {
          const text = await response.text().catch(() => '');
          clearTimeout(timer);
          const wait = retryAfterSeconds(
            response.headers.get('Retry-After'),
            parseJson(text),
            Date.now(),
          );
          const waited = slot.throttled(wait, signal);
          // Refused, not processed: going round again is safe even for a create.
          createSent = false;
          throttles += 1;
          if (throttles > max429) throw rateLimited(wait);
          await waited;
          continue;
        }
        slot.answered();
        try {
          return await readAnswer(response, attemptAbort);
        } finally {
          clearTimeout(timer);
        }
      }
    };

    const noAnswer = (error: unknown, timedOut: boolean): Error => {
      if (signal.aborted) return cancelledFailure(kind === 'create' && createSent);
      if (timedOut) {
        if (kind === 'create') return outcomeUnknown('The service did not answer in time.');
        return new Retryable(timeoutFailure(Math.round(timeoutMs / 1000)));
      }
      if (isBridgeFailure(error)) return error;
      const info = describeNetworkError(error);
      const failure = new BridgeFailure('network', networkMessage(info, base.origin));
      if (info.tls) return failure;
      if (kind === 'idempotent' || info.neverSent) return new Retryable(failure);
      return outcomeUnknown('The connection was lost while the order was being sent.');
    };

    const readAnswer = async (response: Response, attemptAbort: AbortController) => {
      const { status } = response;
      if (status >= 300 && status < 400) {
        await response.body?.cancel().catch(() => {});
        throw badResponse(`a redirect (HTTP ${status}); check the connection's address`, status);
      }
      if (isRetryableStatus(status)) {
        await response.body?.cancel().catch(() => {});
        if (kind === 'idempotent') throw new Retryable(serverError(status));
        throw outcomeUnknown(`The service had a problem (HTTP ${status}).`, status);
      }
      if (reading === 'streamed' || !isJson(response.headers.get('Content-Type'))) {
        return watchIdle(response, {
          attemptAbort,
          idleMs: timeoutMs,
          signal,
          origin: base.origin,
        });
      }
      let text: string;
      try {
        text = await readJsonText(response);
      } catch (error) {
        if (signal.aborted) throw cancelledFailure(kind === 'create');
        if (kind !== 'idempotent') {
          throw response.ok
            ? badResponse('the answer broke off; the order was created', status)
            : outcomeUnknown('The connection broke off during the answer.', status);
        }
        const timedOut = attemptAbort.signal.aborted;
        throw new Retryable(
          timedOut
            ? timeoutFailure(Math.round(timeoutMs / 1000))
            : new BridgeFailure(
                'network',
                networkMessage(describeNetworkError(error), base.origin),
              ),
        );
      }
      const nullBody = status === 204 || status === 205 || status === 304;
      if (nullBody || text.trim() === '') {
        return new Response(nullBody ? null : text, {
          status,
          statusText: response.statusText,
          headers: response.headers,
        });
      }
      const parsed = parseJson(text);
      if (response.ok && parsed === undefined) {
        if (kind === 'idempotent') throw new Retryable(badResponse('unreadable JSON', status));
        throw badResponse(
          kind === 'create' ? 'unreadable JSON, although the order was created' : 'unreadable JSON',
          status,
        );
      }
      return parsedJsonResponse(text, parsed, response);
    };

    let endRetrying: (() => void) | undefined;
    try {
      return await pRetry(attempt, {
        retries: options.retries ?? 4,
        minTimeout: options.minRetryDelayMs ?? 250,
        maxTimeout: options.maxRetryDelayMs ?? 8_000,
        factor: 2,
        randomize: true,
        signal,
        shouldRetry: ({ error }) => error instanceof Retryable,
        onFailedAttempt: ({ error, retriesLeft }) => {
          if (error instanceof Retryable && retriesLeft > 0) {
            endRetrying ??= limiter.retryStarted(error.failure.message);
          }
        },
      });
    } catch (error) {
      if (error instanceof Retryable) throw error.failure;
      if (isBridgeFailure(error)) throw error;
      if (signal.aborted) throw cancelledFailure(kind === 'create' && createSent);
      throw error;
    } finally {
      endRetrying?.();
    }
  };

  return {
    baseUrl,
    limiter,
    fetchAt: (priority, reading) => (input, init) =>
      send(
        input instanceof Request && init === undefined ? input : new Request(input, init),
        priority,
        reading,
      ),
  };
}

async function resolveKey(source: ApiKeySource): Promise<string> {
  const key = typeof source === 'function' ? await source() : source;
  if (typeof key !== 'string' || key.trim() === '') {
    throw new BridgeFailure(
      'no_key',
      'No API key is set for this connection. Enter one under Connections.',
    );
  }
  return key;
}
