/**
 * The one way the console talks HTTP to the API. For every request it
 *
 * 1. refuses, before anything is sent, a base URL that is not https (or http on loopback) and
 *    any address off that base's origin (so the key never travels in clear text or elsewhere);
 *    the base is checked once, when the transport is made;
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
 * It answers with values, not a Response: a JSON answer read whole and parsed once here (so a
 * truncated or malformed body is caught while a retry is still possible), as its text and its
 * value; a binary answer (or a JSON one asked for 'streamed') as its unread body, watched by
 * an idle timeout instead of a total one. The bytes go over undici-wire.ts (wire.ts).
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
import { jsonBodyOf, jsonTextOf } from './json-text';
import type { AccountLimiter, Priority } from './limiter';
import { describeNetworkError, networkMessage } from './network-errors';
import { isJson, mediaType, parseJson, TIMED_OUT, watchIdle } from './response-body';
import { retryAfterSeconds } from './retry-after';
import { isRetryableStatus, relativePath, requestKind } from './retry-policy';
import { undiciWire } from './undici-wire';
import { fetchWire, type WholeBody, type Wire, type WireAnswer } from './wire';

export type ApiKeySource =
  | string
  | (() => string | null | undefined | Promise<string | null | undefined>);

export interface TransportOptions {
  baseUrl: string;
  apiKey: ApiKeySource;
  limiter: AccountLimiter;
  /**
   * A fetch to send through instead of the console's own wire (undici-wire.ts): tests and
   * benchmarks count or script requests with it. Looked up at call time.
   */
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

export type BodyReading = 'whole' | 'streamed';

export interface SendOptions {
  method: string;
  priority: Priority;
  /** A JSON request body, as text. */
  body?: string;
  signal?: AbortSignal;
  /** 'streamed': a JSON answer handed on unread, as binary answers are. */
  reading?: BodyReading;
}

interface AnswerHead {
  status: number;
  /** The media type, lower case, without parameters ('' when none was sent). */
  contentType: string;
  header(name: string): string | null;
}

/** A JSON answer read whole: its text and the value parsed from it (undefined: none). */
export interface JsonAnswer extends AnswerHead {
  kind: 'json';
  text: string;
  value: unknown;
}

/** Any other answer (or a JSON one asked for 'streamed'), its body unread. */
export interface StreamAnswer extends AnswerHead {
  kind: 'stream';
  body: ReadableStream<Uint8Array> | null;
}

export type Answer = JsonAnswer | StreamAnswer;

export interface HttpTransport {
  /** The normalised base URL (as given when it failed the check). */
  readonly baseUrl: string;
  readonly limiter: AccountLimiter;
  /** The checked base URL; throws 'insecure_url' when it failed the check. */
  base(): string;
  /** One request through the limiter, with retries; an answer of any status. */
  send(url: URL, options: SendOptions): Promise<Answer>;
}

export const USER_AGENT = `${APP_NAME}/${APP_VERSION} (node/${process.versions.node}; ${process.platform})`;
const ACCEPT = 'application/json, application/pdf, text/csv, image/png, image/gif, */*;q=0.1';
/** For calls without a signal of their own. */
const NEVER = new AbortController().signal;

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
  const injected = options.fetch;
  const wire: Wire = injected ? fetchWire(() => injected) : undiciWire;
  // Checked once: every request is built on this base and must stay on its origin.
  const verdict = checkBaseUrl(options.baseUrl);
  const baseUrl = verdict.ok ? verdict.url : options.baseUrl;
  const base = verdict.ok ? new URL(verdict.url) : undefined;

  const checkedBase = (): URL => {
    if (!verdict.ok || !base) {
      throw new BridgeFailure('insecure_url', verdict.ok ? 'Unusable address.' : verdict.reason);
    }
    return base;
  };

  const send = async (url: URL, call: SendOptions): Promise<Answer> => {
    const origin = checkedBase().origin;
    if (url.origin !== origin) {
      throw new BridgeFailure(
        'insecure_url',
        'Packbench sends requests only to the connection’s own address.',
      );
    }
    const key = await resolveKey(options.apiKey);
    const kind = requestKind(call.method, relativePath(url, checkedBase()));
    const headers: Record<string, string> = {
      'X-API-Key': key,
      'User-Agent': USER_AGENT,
      Accept: ACCEPT,
    };
    if (call.body !== undefined) headers['Content-Type'] = 'application/json';
    const signal = call.signal ?? NEVER;
    const reading = call.reading ?? 'whole';
    // Whether a create's bytes may have left: from then on it is never sent again.
    let createSent = false;

    const attempt = async (): Promise<Answer> => {
      for (let throttles = 0; ; ) {
        const slot = await limiter.acquire(call.priority, signal);
        const attemptAbort = new AbortController();
        const timer = setTimeout(() => attemptAbort.abort(TIMED_OUT), timeoutMs);
        const attemptSignal =
          signal === NEVER ? attemptAbort.signal : AbortSignal.any([signal, attemptAbort.signal]);
        let answer: WireAnswer;
        if (kind === 'create') createSent = true;
        try {
          answer = await wire(url, {
            method: call.method,
            headers,
            body: call.body,
            signal: attemptSignal,
          });
        } catch (error) {
          clearTimeout(timer);
          slot.failed();
          throw noAnswer(error, attemptAbort.signal.aborted && !signal.aborted);
        }
        if (answer.status === 429) {
          const text = await answer
            .readAll()
            .then((read) => {
              const text = jsonTextOf(read.chunks, read.size);
              read.release?.();
              return text;
            })
            .catch(() => '');
          clearTimeout(timer);
          const wait = retryAfterSeconds(answer.header('Retry-After'), parseJson(text), Date.now());
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
          return await readAnswer(answer, attemptAbort);
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
      const failure = new BridgeFailure('network', networkMessage(info, origin));
      if (info.tls) return failure;
      if (kind === 'idempotent' || info.neverSent) return new Retryable(failure);
      return outcomeUnknown('The connection was lost while the order was being sent.');
    };

    const readAnswer = async (answer: WireAnswer, attemptAbort: AbortController) => {
      const { status } = answer;
      if (status >= 300 && status < 400) {
        answer.discard();
        throw badResponse(`a redirect (HTTP ${status}); check the connection's address`, status);
      }
      if (isRetryableStatus(status)) {
        answer.discard();
        if (kind === 'idempotent') throw new Retryable(serverError(status));
        throw outcomeUnknown(`The service had a problem (HTTP ${status}).`, status);
      }
      const contentType = mediaType(answer.header('Content-Type'));
      const head = { status, contentType, header: answer.header };
      if (reading === 'streamed' || !isJson(contentType)) {
        const body = answer.stream();
        return {
          ...head,
          kind: 'stream' as const,
          body: body && watchIdle(body, { attemptAbort, idleMs: timeoutMs, signal, origin }),
        };
      }
      let read: WholeBody;
      try {
        read = await answer.readAll();
      } catch (error) {
        if (signal.aborted) throw cancelledFailure(kind === 'create');
        const ok = status >= 200 && status < 300;
        if (kind !== 'idempotent') {
          throw ok
            ? badResponse('the answer broke off; the order was created', status)
            : outcomeUnknown('The connection broke off during the answer.', status);
        }
        const timedOut = attemptAbort.signal.aborted;
        throw new Retryable(
          timedOut
            ? timeoutFailure(Math.round(timeoutMs / 1000))
            : new BridgeFailure('network', networkMessage(describeNetworkError(error), origin)),
        );
      }
      const nullBody = status === 204 || status === 205 || status === 304;
      // Read and parsed once (json-text.ts), which also says whether the body was blank.
      const { text, value, blank } = jsonBodyOf(read.chunks, read.size);
      // Copied out: the chunks' memory goes now, not at the next full GC (wire.ts).
      read.release?.();
      if (nullBody || blank) {
        return { ...head, kind: 'json' as const, text: nullBody ? '' : text, value: undefined };
      }
      if (status >= 200 && status < 300 && value === undefined) {
        if (kind === 'idempotent') throw new Retryable(badResponse('unreadable JSON', status));
        throw badResponse(
          kind === 'create' ? 'unreadable JSON, although the order was created' : 'unreadable JSON',
          status,
        );
      }
      return { ...head, kind: 'json' as const, text, value };
    };

    let endRetrying: (() => void) | undefined;
    try {
      return await pRetry(attempt, {
        retries: options.retries ?? 4,
        minTimeout: options.minRetryDelayMs ?? 250,
        maxTimeout: options.maxRetryDelayMs ?? 8_000,
        factor: 2,
        randomize: true,
        signal: call.signal,
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
    base: () => {
      checkedBase();
      return baseUrl;
    },
    send,
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
