/**
 * The transport's rules per method and path, with a scripted fetch: what is retried, what is
 * never sent twice, what each failure becomes, and that nothing leaves for a wrong address.
 */
import { describe, expect, it, vi } from 'vitest';
import { BridgeFailure } from '../failure';
import { createHttpTransport, type TransportOptions } from './http-transport';
import { AccountLimiter } from './limiter';

const BASE = 'http://127.0.0.1:9';
const KEY = 'pk_live_transport_test_key';

type Step = (init: RequestInit) => Response | Promise<Response>;

const json =
  (status: number, body: unknown, headers: Record<string, string> = {}) =>
  () =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json', ...headers },
    });
const raw =
  (status: number, text: string, type = 'application/json') =>
  () =>
    new Response(text, { status, headers: { 'Content-Type': type } });
const netError = (code: string) => () => {
  throw Object.assign(new TypeError('fetch failed'), {
    cause: Object.assign(new Error(`connect ${code} ${KEY}`), { code }),
  });
};
const hang = (): Step => (init) =>
  new Promise<Response>((_, reject) => {
    init.signal?.addEventListener('abort', () => reject(init.signal?.reason), { once: true });
  });

function scripted(steps: Step[]) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch = (async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    const step = steps[Math.min(calls.length, steps.length) - 1];
    if (!step) throw new Error('no step');
    return step(init ?? {});
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}

function transport(steps: Step[], options: Partial<TransportOptions> = {}) {
  const fake = scripted(steps);
  const limiter = new AccountLimiter({ initialRate: 1000, maxRate: 1000, concurrency: 4 });
  const t = createHttpTransport({
    baseUrl: BASE,
    apiKey: KEY,
    limiter,
    fetch: fake.fetch,
    minRetryDelayMs: 1,
    maxRetryDelayMs: 5,
    ...options,
  });
  return { ...fake, limiter, t };
}

/**
 * Runs `body` on fake timers moved on until it settles: the transport's timeouts and back-offs
 * (read from the global timers at call time) pass without the test waiting for them.
 */
async function onFakeClock<T>(body: () => Promise<T>): Promise<T> {
  vi.useFakeTimers();
  try {
    let settled = false;
    const result = body().finally(() => {
      settled = true;
    });
    // Each step lets every timer due within the minute fire, then the promises they settle.
    for (let i = 0; i < 10 && !settled; i++) await vi.advanceTimersByTimeAsync(60_000);
    return await result;
  } finally {
    vi.useRealTimers();
  }
}

async function outcome(
  t: ReturnType<typeof transport>['t'],
  method: string,
  path: string,
  signal?: AbortSignal,
): Promise<string> {
  try {
    const answer = await t.send(new URL(`${BASE}${path}`), {
      method,
      priority: 'interactive',
      signal,
      ...(method === 'POST' ? { body: '{"recipient_name":"A"}' } : {}),
    });
    return `ok ${answer.status}`;
  } catch (error) {
    if (error instanceof BridgeFailure) return error.error.code;
    throw error;
  }
}

const orderCreated = json(201, { id: 5001 });
const ok = json(200, { count: 0, results: [] });
const pdf = () =>
  new Response('%PDF-1.7', { status: 200, headers: { 'Content-Type': 'application/pdf' } });

describe('retry rules per method and path', () => {
  const CREATE = ['POST', '/api/orders/'] as const;
  const LIST = ['GET', '/api/orders/'] as const;
  const LABELS = ['POST', '/api/orders/labels-batch/'] as const;
  const DOCS = ['POST', '/api/orders/documents/'] as const;
  const REFRESH = ['POST', '/api/orders/1042/refresh-tracking/'] as const;
  const UNKNOWN = ['POST', '/api/orders/1042/cancel/'] as const;

  it.each([
    // [what, request, steps, expected outcome, fetch calls]
    ['GET after a dropped connection', LIST, [netError('ECONNRESET'), ok], 'ok 200', 2],
    [
      'GET after 500, 502, 503, 504',
      LIST,
      [json(500, {}), json(502, {}), json(503, {}), json(504, {}), ok],
      'ok 200',
      5,
    ],
    ['GET after unreadable JSON', LIST, [raw(200, '{"count": 1, "res<html>'), ok], 'ok 200', 2],
    ['GET that keeps failing', LIST, [json(503, {})], 'server_error', 5],
    ['GET answered 501 (not retryable)', LIST, [json(501, {}), ok], 'ok 501', 1],
    ['labels batch after 502', LABELS, [json(502, {}), pdf], 'ok 200', 2],
    ['documents batch after a drop', DOCS, [netError('UND_ERR_SOCKET'), pdf], 'ok 200', 2],
    ['refresh tracking after a drop', REFRESH, [netError('ECONNRESET'), ok], 'ok 200', 2],
    [
      'create: dropped after sending',
      CREATE,
      [netError('ECONNRESET'), orderCreated],
      'outcome_unknown',
      1,
    ],
    ['create: 503', CREATE, [json(503, {}), orderCreated], 'outcome_unknown', 1],
    ['create: 500', CREATE, [json(500, {}), orderCreated], 'outcome_unknown', 1],
    [
      'create: 201 with unreadable JSON',
      CREATE,
      [raw(201, '{"id": 50'), orderCreated],
      'bad_response',
      1,
    ],
    [
      'create: connection refused, then created',
      CREATE,
      [netError('ECONNREFUSED'), orderCreated],
      'ok 201',
      2,
    ],
    [
      'create: DNS failure, then created',
      CREATE,
      [netError('ENOTFOUND'), orderCreated],
      'ok 201',
      2,
    ],
    [
      'create: 429, then created',
      CREATE,
      [json(429, { code: 'throttled', retry_after: 0 }, { 'Retry-After': '0' }), orderCreated],
      'ok 201',
      2,
    ],
    [
      'create: 400 passes through',
      CREATE,
      [json(400, { errors: { city: ['Required.'] } })],
      'ok 400',
      1,
    ],
    ['unknown POST: drop', UNKNOWN, [netError('ECONNRESET'), ok], 'outcome_unknown', 1],
    [
      'GET: TLS certificate problem',
      LIST,
      [netError('DEPTH_ZERO_SELF_SIGNED_CERT'), ok],
      'network',
      1,
    ],
  ] as const)('%s', async (_what, [method, path], steps, expected, calls) => {
    const t = transport([...steps] as Step[]);
    expect(await outcome(t.t, method, path)).toBe(expected);
    expect(t.calls).toHaveLength(calls);
  });

  it('a create that times out is never sent again', async () => {
    const t = transport([hang(), orderCreated], { timeoutMs: 30_000 });
    expect(await onFakeClock(() => outcome(t.t, 'POST', '/api/orders/'))).toBe('outcome_unknown');
    expect(t.calls).toHaveLength(1);
  });

  it('a GET that times out is tried again, each attempt with its own timeout', async () => {
    const t = transport([hang(), hang(), ok], { timeoutMs: 30_000 });
    expect(await onFakeClock(() => outcome(t.t, 'GET', '/api/orders/'))).toBe('ok 200');
    expect(t.calls).toHaveLength(3);
  });

  it('says what to do when a create outcome is unknown', async () => {
    const t = transport([netError('ECONNRESET')]);
    const error = await t.t
      .send(new URL(`${BASE}/api/orders/`), { method: 'POST', body: '{}', priority: 'interactive' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BridgeFailure);
    expect((error as BridgeFailure).error.message).toMatch(
      /may have been created.*before trying again/,
    );
  });
});

describe('429 handling', () => {
  it('pauses the limiter for an HTTP-date Retry-After and goes round again', async () => {
    // On fake timers (the transport and the limiter read Date.now and the timers at call
    // time): the wait is checked against a clock that only the test moves, to the millisecond.
    vi.useFakeTimers({ now: new Date('2026-11-28T10:00:00.250Z') });
    try {
      // An HTTP date has whole seconds.
      const until = new Date('2026-11-28T10:00:02.000Z');
      const t = transport([
        json(429, { code: 'throttled' }, { 'Retry-After': until.toUTCString() }),
        ok,
      ]);
      let settled = false;
      const pending = outcome(t.t, 'GET', '/api/orders/').finally(() => {
        settled = true;
      });
      await vi.advanceTimersByTimeAsync(0);
      expect(t.limiter.state().pausedUntil).toBe(until.getTime());
      // Not a moment before the date…
      await vi.advanceTimersByTimeAsync(until.getTime() - Date.now() - 1);
      expect(settled).toBe(false);
      expect(t.calls).toHaveLength(1);
      // …and at once when it comes.
      await vi.advanceTimersByTimeAsync(1);
      expect(await pending).toBe('ok 200');
      expect(t.calls).toHaveLength(2);
      expect(t.limiter.state().throttled).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps waiting through any number of 429s, as each Retry-After says, and is answered', async () => {
    vi.useFakeTimers();
    try {
      const refused = json(429, { code: 'throttled', retry_after: 1 }, { 'Retry-After': '1' });
      // More refusals than the ten after which it once gave up (issue 34).
      const t = transport([...Array.from({ length: 25 }, () => refused), ok]);
      let settled = false;
      const pending = t.t
        .send(new URL(`${BASE}/api/orders/`), { method: 'GET', priority: 'background' })
        .then((r) => r.status)
        .finally(() => {
          settled = true;
        });
      for (let i = 0; i < 600 && !settled; i++) await vi.advanceTimersByTimeAsync(1000);
      expect(await pending).toBe(200);
      expect(t.calls).toHaveLength(26);
    } finally {
      vi.useRealTimers();
    }
  });

  it('gives up with rate_limited and the wait after too many 429s when asked to', async () => {
    const t = transport(
      [json(429, { code: 'throttled', retry_after: 0 }, { 'Retry-After': '0' })],
      {
        max429: 3,
      },
    );
    const error = await t.t
      .send(new URL(`${BASE}/api/orders/`), { method: 'GET', priority: 'background' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ error: { code: 'rate_limited', status: 429, retryAfter: 1 } });
    expect(t.calls).toHaveLength(4);
  });
});

describe('before anything is sent', () => {
  it('refuses a plain-http address that is not this computer, sending nothing', async () => {
    const t = transport([ok], { baseUrl: 'http://example.com' });
    const error = await t.t
      .send(new URL('http://example.com/api/orders/'), { method: 'GET', priority: 'interactive' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ error: { code: 'insecure_url' } });
    expect(t.calls).toHaveLength(0);
  });

  it('refuses a request for another origin than the connection', async () => {
    const t = transport([ok]);
    const error = await t.t
      .send(new URL('https://elsewhere.example/api/orders/'), {
        method: 'GET',
        priority: 'interactive',
      })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ error: { code: 'insecure_url' } });
    expect(t.calls).toHaveLength(0);
  });

  it('answers no_key without a key', async () => {
    const t = transport([ok], { apiKey: async () => undefined });
    expect(await outcome(t.t, 'GET', '/api/orders/')).toBe('no_key');
    expect(t.calls).toHaveLength(0);
  });

  it('sends the key, a User-Agent naming Packbench and its version, and Accept', async () => {
    const t = transport([ok]);
    await outcome(t.t, 'GET', '/api/orders/?page=2');
    const headers = new Headers(t.calls[0]?.init.headers);
    expect(headers.get('x-api-key')).toBe(KEY);
    expect(headers.get('user-agent')).toMatch(/^Packbench\/0\.1\.0 \(node\//);
    expect(headers.get('accept')).toContain('application/json');
    expect(t.calls[0]?.url).toBe(`${BASE}/api/orders/?page=2`);
    expect(t.calls[0]?.init.redirect).toBe('manual');
  });

  it('never follows a redirect (it would carry the key elsewhere)', async () => {
    const t = transport([
      () => new Response(null, { status: 302, headers: { Location: 'https://evil.example/' } }),
    ]);
    expect(await outcome(t.t, 'GET', '/api/orders/')).toBe('bad_response');
    expect(t.calls).toHaveLength(1);
  });
});

describe('cancellation', () => {
  it('a caller abort while waiting for the answer is cancelled, not retried', async () => {
    const t = transport([hang(), ok]);
    const abort = new AbortController();
    const pending = outcome(t.t, 'GET', '/api/orders/', abort.signal);
    // Aborted once the request has gone out and hangs (a condition, not a sleep).
    await vi.waitFor(() => expect(t.calls).toHaveLength(1));
    abort.abort();
    expect(await pending).toBe('cancelled');
    expect(t.calls).toHaveLength(1);
  });

  it('a caller abort during the back-off before a retry is cancelled', async () => {
    // A back-off no busy machine outlasts: the abort lands inside it, whatever the load.
    const t = transport([json(503, {}), ok], { minRetryDelayMs: 60_000, maxRetryDelayMs: 60_000 });
    const abort = new AbortController();
    const pending = outcome(t.t, 'GET', '/api/orders/', abort.signal);
    await vi.waitFor(() => expect(t.limiter.state().retrying.count).toBe(1));
    abort.abort();
    expect(await pending).toBe('cancelled');
    expect(t.limiter.state().retrying.count).toBe(0);
  });
});
