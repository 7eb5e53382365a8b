/**
 * The client over real HTTP against the sandbox, with its fault injection: 5xx, dropped
 * connections, malformed JSON, 429 storms and a real rate limit. A fetch-all must come back
 * with exactly the ids it gets on a good day; a create must never create an order twice; the
 * key must never show in an error.
 *
 * The client's own pauses (a 429's Retry-After, a create's lookups) run on a SkippingClock
 * where the test is not about the account's real limit: each pause passes by that clock
 * without taking real time. These were most of the file's time (a second per 429).
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startSandboxForFile } from '../../../sandbox/test/support/sandbox-fixture';
import { countOrders } from '../../domains/connections/probe';
import { createApiHandlers } from '../../main/create-api-handlers';
import { BridgeFailure } from '../failure';
import type { CallContext } from '../handler-types';
import { SkippingClock } from '../test-support/skipping-clock';
import { type ApiClientOptions, createApiClient } from './api-client';
import { AccountLimiter } from './limiter';
import { fetchAll } from './paginate';

const KEY = 'pk_sandbox_9d2f6b1e7c3a5804';
const api = startSandboxForFile({ keys: [KEY], scale: 1 });

function client(options: Partial<ApiClientOptions> = {}) {
  return createApiClient({
    baseUrl: api.sandbox().url,
    apiKey: KEY,
    limiter: new AccountLimiter({ initialRate: 200, maxRate: 500, concurrency: 4 }),
    minRetryDelayMs: 5,
    maxRetryDelayMs: 50,
    retries: 8,
    ...options,
  });
}

function ctx(signal = new AbortController().signal): CallContext {
  return { signal, progress: () => {} };
}

async function allIds(c = client(), pageSize = 50): Promise<number[]> {
  const { items } = await fetchAll(
    (page, size, signal) =>
      c.page(
        'orders_list',
        { query: { page, page_size: size } },
        { priority: 'background', signal },
      ),
    { pageSize, idOf: (o) => o.id, select: (o) => o.id },
  );
  return items;
}

afterEach(() => {
  api.sandbox().faults.clear();
  api.sandbox().setRateLimit({ rate: 0 });
});

describe('fetch-all under faults', () => {
  it('returns exactly the ids of a good day, through 5xx, drops and malformed JSON', async () => {
    const expected = await allIds();
    expect(expected).toHaveLength(2000);
    api.sandbox().faults.set({ error5xx: 0.1, drop: 0.1, malformed: 0.1, seed: 7 });
    const c = client();
    const retried: number[] = [];
    c.limiter.onChange((s) => retried.push(s.retrying.count));
    expect(await allIds(c)).toEqual(expected);
    expect(Math.max(...retried)).toBeGreaterThan(0);
    // The handler (page size 1000, clamped by the server to its maximum) agrees too.
    const handlers = createApiHandlers({ client: async () => client(), exportDir: '/tmp' });
    const viaHandler = await handlers.ordersFetchAllIds({}, ctx());
    expect(viaHandler.ids).toEqual(expected);
  });

  it('returns the same ids through a 429 storm, pausing instead of failing', async () => {
    const expected = await allIds();
    api.sandbox().faults.set({ throttle: 0.3, seed: 3 });
    // Each 429 pauses the queue for its Retry-After (1 s), by the limiter's clock.
    const clock = new SkippingClock();
    const c = client({
      limiter: new AccountLimiter({ initialRate: 200, maxRate: 500, concurrency: 4, clock }),
    });
    expect(await allIds(c, 200)).toEqual(expected);
    expect(c.limiter.state().throttled).toBeGreaterThan(1);
    // The pauses were waited out by the clock: at least a Retry-After per 429.
    expect(clock.skippedMs).toBeGreaterThanOrEqual(1000);
  });

  it('adapts to a real account limit', { timeout: 120_000 }, async () => {
    // Pages of 100: 20 requests, so the limit below is met in seconds even at 1 request/s.
    const started = performance.now();
    const expected = await allIds(client(), 100);
    // The account's limit is set under what this machine sends with no limit (a loaded
    // machine sent slower than a fixed 10/s and was never refused): a third of its pace, at
    // most 10/s. The figure picks the limit; nothing here asserts a duration.
    const perSecond = expected.length / 100 / ((performance.now() - started) / 1000);
    api.sandbox().setRateLimit({ rate: Math.max(1, Math.min(10, Math.floor(perSecond / 3))) });
    const c = client({ limiter: new AccountLimiter({ initialRate: 40, concurrency: 4 }) });
    expect(await allIds(c, 100)).toEqual(expected);
    expect(c.limiter.state().throttled).toBeGreaterThan(0);
    expect(c.limiter.rate).toBeLessThan(40);
  });
});

describe('create under faults', () => {
  it('never creates an order twice: created exactly once, "not created" never stored', async () => {
    api.sandbox().faults.set({ drop: 0.2, error5xx: 0.1, throttle: 0.1, seed: 11 });
    // The lookups' window and the 429s' pauses pass by this clock, not in real time.
    const clock = new SkippingClock();
    const handlers = createApiHandlers({
      client: async () =>
        client({
          limiter: new AccountLimiter({ initialRate: 200, maxRate: 500, concurrency: 4, clock }),
        }),
      exportDir: '/tmp',
      createResolution: { windowMs: 1500, firstDelayMs: 20, maxDelayMs: 200, clock },
    });
    const run = `${Date.now().toString(36)}`;
    const outcomes: { marker: string; result: string }[] = [];
    for (let i = 0; i < 30; i++) {
      const marker = `pb-${run}-${i}`;
      try {
        const order = await handlers.ordersCreate(
          {
            order: {
              external_id: marker,
              recipient_name: 'Test Person',
              address1: '1 Test Street',
              city: 'Leipzig',
              postal_code: '04109',
              country: 'DE',
            },
          },
          ctx(),
        );
        expect(order.external_id).toBe(marker);
        outcomes.push({ marker, result: 'created' });
      } catch (error) {
        expect(error).toBeInstanceOf(BridgeFailure);
        outcomes.push({ marker, result: (error as BridgeFailure).error.code });
      }
    }
    api.sandbox().faults.clear();
    const store = api.sandbox().dataset.orders;
    const times = new Map<string, number>();
    for (const row of store.rows) {
      const external = store.get(row.id)?.external_id;
      if (external?.startsWith(`pb-${run}-`)) times.set(external, (times.get(external) ?? 0) + 1);
    }
    const notCreated = new Set(['network', 'server_error', 'timeout']);
    const results = new Set(outcomes.map((o) => o.result));
    expect(
      [...results].every((r) => r === 'created' || r === 'outcome_unknown' || notCreated.has(r)),
    ).toBe(true);
    expect(results.size).toBeGreaterThan(1); // the faults did bite
    for (const { marker, result } of outcomes) {
      if (result === 'created') expect(times.get(marker), marker).toBe(1);
      else if (notCreated.has(result)) expect(times.get(marker) ?? 0, marker).toBe(0);
      else expect(times.get(marker) ?? 0, marker).toBeLessThanOrEqual(1);
    }
  });
});

describe('before any request', () => {
  it('refuses http://example.com without sending anything', async () => {
    const spy = vi.fn(globalThis.fetch);
    const handlers = createApiHandlers({
      client: async () =>
        createApiClient({
          baseUrl: 'http://example.com',
          apiKey: KEY,
          limiter: new AccountLimiter(),
          fetch: spy,
        }),
      exportDir: '/tmp',
    });
    await expect(handlers.ordersList({}, ctx())).rejects.toMatchObject({
      error: { code: 'insecure_url' },
    });
    await expect(handlers.ordersCreate({ order: {} }, ctx())).rejects.toMatchObject({
      error: { code: 'insecure_url' },
    });
    expect(spy).not.toHaveBeenCalled();
  });

  it('refuses an address that is not a URL with a typed error', async () => {
    const c = createApiClient({ baseUrl: 'not a url', apiKey: KEY, limiter: new AccountLimiter() });
    await expect(countOrders(c, new AbortController().signal)).rejects.toMatchObject({
      error: { code: 'insecure_url' },
    });
  });

  it('counts orders for "Test connection"', async () => {
    const { count } = await countOrders(client(), new AbortController().signal);
    expect(count).toBe(api.sandbox().dataset.orders.rows.length);
  });
});

describe('the key never shows', () => {
  it('in any error, whatever fails', async () => {
    const failures: BridgeFailure[] = [];
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          error5xx: fc.double({ min: 0, max: 0.5, noNaN: true }),
          drop: fc.double({ min: 0, max: 0.5, noNaN: true }),
          malformed: fc.double({ min: 0, max: 0.5, noNaN: true }),
          throttle: fc.double({ min: 0, max: 0.5, noNaN: true }),
          seed: fc.nat(1000),
        }),
        fc.constantFrom('list', 'get', 'create', 'missing', 'wrongKey', 'pdf'),
        fc.integer({ min: 1, max: 4000 }),
        async (faults, what, id) => {
          api.sandbox().faults.set(faults);
          const c = client({
            retries: 1,
            max429: 2,
            apiKey: what === 'wrongKey' ? `${KEY}x` : KEY,
            // The 429s' Retry-After pauses pass by this clock, not in real time.
            limiter: new AccountLimiter({
              initialRate: 200,
              maxRate: 500,
              concurrency: 4,
              clock: new SkippingClock(),
            }),
          });
          const handlers = createApiHandlers({ client: async () => c, exportDir: '/tmp' });
          const calls: Record<string, () => Promise<unknown>> = {
            list: () => handlers.ordersList({ page: 1 + (id % 50) }, ctx()),
            get: () => handlers.ordersGet({ id }, ctx()),
            create: () => handlers.ordersCreate({ order: { recipient_name: KEY } }, ctx()),
            missing: () => handlers.returnsGet({ id: 100_000 + id }, ctx()),
            wrongKey: () => handlers.ordersFacets({}, ctx()),
            pdf: () => handlers.ordersLabelsBatch({ orderIds: [id] }, ctx()),
          };
          try {
            await calls[what]?.();
          } catch (error) {
            expect(error).toBeInstanceOf(BridgeFailure);
            failures.push(error as BridgeFailure);
            const text = `${(error as Error).message} ${JSON.stringify((error as BridgeFailure).error)}`;
            expect(text).not.toContain(KEY);
          }
        },
      ),
      { numRuns: 30, seed: 42 },
    );
    const codes = new Set(failures.map((f) => f.error.code));
    expect(codes.size).toBeGreaterThanOrEqual(4);
  });
});
