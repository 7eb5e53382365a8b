import type { BridgeMethod } from '@shared/contract/bridge-contract';
import { BRIDGE_METHOD_NAMES } from '@shared/contract/method-names';
import type { BridgeEvent } from '@shared/contract/values';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { eventLoopTurns } from '../../../sandbox/test/support/event-loop-turns';
import { VALID_ARGS } from '../../test-support/valid-args';
import { BridgeEvents } from '../events';
import { BridgeFailure } from '../failure';
import type { CallContext, Handlers } from '../handler-types';
import { createDispatcher, type DispatcherOptions } from './dispatch';
import { BRIDGE_ERROR_CODES, INTERNAL_MESSAGE } from './dispatch-errors';
import { type EchoCall, echoHandlers } from './dispatch-fixtures';

const SECRET = 'abcd1234secret';

function setup(
  overrides: Partial<Record<BridgeMethod, unknown>> = {},
  extra: Partial<DispatcherOptions> = {},
) {
  const calls: EchoCall[] = [];
  const echo = echoHandlers(calls);
  const handlers = new Proxy(echo, {
    get: (target, method) =>
      typeof method === 'string' && Object.hasOwn(overrides, method)
        ? overrides[method as BridgeMethod]
        : Reflect.get(target, method),
  }) as Handlers;
  const events = new BridgeEvents();
  const emitted: BridgeEvent[] = [];
  events.subscribe((e) => emitted.push(e));
  const logs: string[] = [];
  const dispatcher = createDispatcher({
    handlers,
    events,
    secrets: () => [SECRET],
    log: (line) => logs.push(line),
    ...extra,
  });
  return { dispatcher, calls, emitted, logs, events };
}

/** A handler that runs until its call is aborted, then rejects the way fetch does. */
const untilAborted = async (_args: unknown, ctx: CallContext) =>
  new Promise<never>((_resolve, reject) => {
    ctx.signal.addEventListener('abort', () => reject(ctx.signal.reason), { once: true });
  });

afterEach(() => {
  vi.useRealTimers();
});

describe('dispatcher: routing and validation', () => {
  it.each(BRIDGE_METHOD_NAMES.filter((m) => m !== 'operationCancel'))(
    '%s with valid arguments reaches its handler and answers ok',
    async (method) => {
      const { dispatcher, calls } = setup();
      const answer = await dispatcher.call(method, VALID_ARGS[method]);
      expect(answer).toMatchObject({ ok: true, value: { echo: method } });
      expect(calls.map((c) => c.method)).toEqual([method]);
      expect(calls[0]?.ctx.signal).toBeInstanceOf(AbortSignal);
    },
  );

  it('answers operationCancel itself, never calling a handler', async () => {
    const { dispatcher, calls } = setup();
    const answer = await dispatcher.call('operationCancel', { operationId: 'nothing-running' });
    expect(answer).toEqual({ ok: true, value: { cancelled: false } });
    expect(calls).toEqual([]);
  });

  it('passes the parsed arguments, defaults filled in', async () => {
    const { dispatcher, calls } = setup();
    await dispatcher.call('keySet', { connectionId: 'c1', apiKey: 'pk_live_99999999' });
    expect(calls[0]?.args).toEqual({
      connectionId: 'c1',
      apiKey: 'pk_live_99999999',
      storage: 'keychain',
    });
  });

  it('refuses unknown methods, echoing only a short piece of the name', async () => {
    const { dispatcher, calls } = setup();
    for (const method of ['nope', '__proto__', 'constructor', 'toString', 'x'.repeat(100_000)]) {
      const answer = await dispatcher.call(method, {});
      expect(answer.ok).toBe(false);
      if (answer.ok) continue;
      expect(answer.error.code).toBe('invalid_arguments');
      expect(answer.error.message).toMatch(/^Unknown bridge method/);
      expect(answer.error.message.length).toBeLessThan(120);
    }
    for (const method of [undefined, null, 42, {}, ['ordersGet'], Symbol('ordersGet')]) {
      const answer = await dispatcher.call(method, {});
      expect(answer).toMatchObject({ ok: false, error: { code: 'invalid_arguments' } });
    }
    expect(calls).toEqual([]);
  });

  it('names the bad field in fieldErrors', async () => {
    const { dispatcher, calls } = setup();
    const bad = await dispatcher.call('ordersGet', { id: 'seven' });
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid_arguments' } });
    if (bad.ok) throw new Error('expected an error');
    expect(Object.keys(bad.error.fieldErrors ?? {})).toEqual(['id']);
    // Plain words for the person: what an order number is, never the internal method's name.
    expect(bad.error.message).toBe(
      'An order number is a whole number from 1 up, not the text “seven”.',
    );

    const nested = await dispatcher.call('ordersList', { filters: { date_after: 'yesterday' } });
    if (nested.ok) throw new Error('expected an error');
    expect(Object.keys(nested.error.fieldErrors ?? {})).toEqual(['filters.date_after']);
    expect(nested.error.message).toMatch(/^This request was not valid: filters\.date_after: /);

    const extra = await dispatcher.call('ordersGet', { id: 1, sneaky: true });
    if (extra.ok) throw new Error('expected an error');
    expect(extra.error.fieldErrors).toEqual({
      sneaky: ['“sneaky” is not a field of this request.'],
    });

    const missing = await dispatcher.call('ordersGet', undefined);
    if (missing.ok) throw new Error('expected an error');
    expect(Object.keys(missing.error.fieldErrors ?? {})).toEqual(['id']);

    // A union reports the closest alternative, not just "Invalid input".
    const union = await dispatcher.call('connectionTest', { id: '' });
    if (union.ok) throw new Error('expected an error');
    expect(Object.keys(union.error.fieldErrors ?? {})).toEqual(['id']);

    const notAnObject = await dispatcher.call('ordersGet', 42);
    if (notAnObject.ok) throw new Error('expected an error');
    expect(notAnObject.error.code).toBe('invalid_arguments');
    expect(notAnObject.error.fieldErrors).toBeUndefined();
    expect(calls).toEqual([]);
  });

  it('keeps a "__proto__" argument key a plain field name', async () => {
    const { dispatcher } = setup();
    const answer = await dispatcher.call('ordersGet', JSON.parse('{"id":1,"__proto__":{"x":1}}'));
    if (answer.ok) throw new Error('expected an error');
    const fields = answer.error.fieldErrors ?? {};
    expect(Object.hasOwn(fields, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(fields)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it('caps what it echoes from huge or numerous bad fields', async () => {
    const { dispatcher } = setup();
    const args = Object.fromEntries(
      Array.from({ length: 500 }, (_, i) => [`${'k'.repeat(5000)}${i}`, i]),
    );
    const answer = await dispatcher.call('ordersFacets', args);
    if (answer.ok) throw new Error('expected an error');
    expect(JSON.stringify(answer.error).length).toBeLessThan(5000);
  });

  it('refuses a second call under an operation id that is still running', async () => {
    const { dispatcher } = setup({ ordersExport: untilAborted });
    const args = { operationId: 'export-dup-1' };
    const first = dispatcher.call('ordersExport', args);
    const second = await dispatcher.call('ordersExport', args);
    expect(second).toMatchObject({
      ok: false,
      error: { code: 'invalid_arguments', fieldErrors: { operationId: expect.any(Array) } },
    });
    dispatcher.cancel('export-dup-1');
    expect(await first).toMatchObject({ ok: false, error: { code: 'cancelled' } });
  });
});

describe('dispatcher: failures', () => {
  it('answers a BridgeFailure with its error', async () => {
    const { dispatcher, logs } = setup({
      ordersGet: async () => {
        throw new BridgeFailure('not_found', 'No order 7.', { status: 404 });
      },
    });
    expect(await dispatcher.call('ordersGet', { id: 7 })).toEqual({
      ok: false,
      error: { code: 'not_found', message: 'No order 7.', status: 404 },
    });
    expect(logs).toEqual([]);
  });

  it('keeps retryAfter and fieldErrors of a failure, drops anything else', async () => {
    const failure = new BridgeFailure('rate_limited', 'Slow down.', {
      status: 429,
      retryAfter: 12,
    });
    (failure.error as unknown as Record<string, unknown>).stack = 'internal detail';
    const { dispatcher } = setup({
      ordersGet: async () => {
        throw failure;
      },
    });
    expect(await dispatcher.call('ordersGet', { id: 7 })).toEqual({
      ok: false,
      error: { code: 'rate_limited', message: 'Slow down.', status: 429, retryAfter: 12 },
    });
  });

  it('turns a failure with an unknown code into internal', async () => {
    const { dispatcher } = setup({
      ordersGet: async () => {
        throw new BridgeFailure({ code: 'weird' as never, message: 'x' });
      },
    });
    expect(await dispatcher.call('ordersGet', { id: 7 })).toMatchObject({
      ok: false,
      error: { code: 'internal' },
    });
  });

  it.each([
    ['a plain Error', new Error('socket hang up')],
    ['a string', 'boom'],
    ['undefined', undefined],
    ['null', null],
    [
      'an object with a throwing toString',
      {
        toString: () => {
          throw new Error('no');
        },
      },
    ],
  ])('answers internal for %s, logging the detail', async (_label, thrown) => {
    const { dispatcher, logs } = setup({
      ordersGet: async () => {
        throw thrown;
      },
    });
    expect(await dispatcher.call('ordersGet', { id: 7 })).toEqual({
      ok: false,
      error: { code: 'internal', message: INTERNAL_MESSAGE },
    });
    expect(logs).toHaveLength(1);
    expect(logs[0]).toContain('ordersGet');
  });

  it('answers internal when a handler throws synchronously', async () => {
    const { dispatcher } = setup({
      ordersGet: () => {
        throw new TypeError('not a promise');
      },
    });
    expect(await dispatcher.call('ordersGet', { id: 7 })).toMatchObject({
      ok: false,
      error: { code: 'internal' },
    });
  });

  it('answers cancelled for an AbortError and timeout for a TimeoutError', async () => {
    const { dispatcher } = setup({
      ordersGet: async () => {
        throw new DOMException('The operation was aborted.', 'AbortError');
      },
      ordersFacets: async () => {
        throw new DOMException('The operation timed out.', 'TimeoutError');
      },
    });
    expect(await dispatcher.call('ordersGet', { id: 7 })).toMatchObject({
      ok: false,
      error: { code: 'cancelled' },
    });
    expect(await dispatcher.call('ordersFacets', {})).toMatchObject({
      ok: false,
      error: { code: 'timeout' },
    });
  });

  it('answers internal when there is no handler at all', async () => {
    const { dispatcher } = setup({ ordersGet: undefined });
    expect(await dispatcher.call('ordersGet', { id: 7 })).toMatchObject({
      ok: false,
      error: { code: 'internal' },
    });
  });

  it('survives a throwing secrets() and a throwing log sink', async () => {
    const dispatcher = createDispatcher({
      handlers: echoHandlers(),
      events: new BridgeEvents(),
      secrets: () => {
        throw new Error('keychain locked');
      },
      log: () => {
        throw new Error('disk full');
      },
    });
    expect(await dispatcher.call('ordersGet', { id: 1 })).toMatchObject({ ok: true });
    expect(await dispatcher.call('nope', {})).toMatchObject({ ok: false });
  });

  it('answers internal for a local value JSON cannot carry', async () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const { dispatcher } = setup({
      appInfo: async () => cyclic,
      settingsGet: async () => ({ big: 1n }),
    });
    for (const method of ['appInfo', 'settingsGet'] as const) {
      expect(await dispatcher.call(method, {})).toMatchObject({
        ok: false,
        error: { code: 'internal' },
      });
    }
  });
});

describe('dispatcher: cancellation', () => {
  it('operationCancel aborts the running call, which answers cancelled', async () => {
    const { dispatcher } = setup({ ordersExport: untilAborted });
    const running = dispatcher.call('ordersExport', { operationId: 'export-42-abc' });
    await Promise.resolve();
    expect(await dispatcher.call('operationCancel', { operationId: 'export-42-abc' })).toEqual({
      ok: true,
      value: { cancelled: true },
    });
    expect(await running).toEqual({
      ok: false,
      error: { code: 'cancelled', message: 'Cancelled.' },
    });
    // It is gone once answered.
    expect(await dispatcher.call('operationCancel', { operationId: 'export-42-abc' })).toEqual({
      ok: true,
      value: { cancelled: false },
    });
  });

  it('answers cancelled at once even when the handler ignores its signal', async () => {
    let finish: (v: unknown) => void = () => {};
    const { dispatcher, logs } = setup({
      ordersFetchAllIds: () =>
        new Promise((resolve) => {
          finish = resolve;
        }),
    });
    const running = dispatcher.call('ordersFetchAllIds', { operationId: 'fetch-all-1' });
    await Promise.resolve();
    expect(dispatcher.cancel('fetch-all-1')).toBe(true);
    expect(await running).toMatchObject({ ok: false, error: { code: 'cancelled' } });
    finish({ ids: [1], count: 1 });
    // The late answer's whole chain of promises has had its turns.
    await eventLoopTurns(3);
    expect(logs).toEqual([]);
  });

  it('a failure after cancellation still answers cancelled', async () => {
    const { dispatcher } = setup({
      ordersExport: async (_args: unknown, ctx: CallContext) =>
        new Promise((_resolve, reject) => {
          ctx.signal.addEventListener('abort', () =>
            reject(new BridgeFailure('network', 'The connection was closed.')),
          );
        }),
    });
    const running = dispatcher.call('ordersExport', { operationId: 'export-net-1' });
    await Promise.resolve();
    dispatcher.cancel('export-net-1');
    expect(await running).toMatchObject({ ok: false, error: { code: 'cancelled' } });
  });

  it('links the transport signal: an abort there cancels the call', async () => {
    const { dispatcher, calls } = setup({ ordersGet: untilAborted });
    const transport = new AbortController();
    const running = dispatcher.call('ordersGet', { id: 1 }, transport.signal);
    await Promise.resolve();
    transport.abort();
    expect(await running).toMatchObject({ ok: false, error: { code: 'cancelled' } });

    // Already aborted: the handler never runs.
    expect(await dispatcher.call('ordersFacets', {}, transport.signal)).toMatchObject({
      ok: false,
      error: { code: 'cancelled' },
    });
    expect(calls).toEqual([]);
  });
});

describe('dispatcher: progress', () => {
  it('emits progress with the operation id, throttled, the last one always sent', async () => {
    vi.useFakeTimers();
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const { dispatcher, emitted } = setup({
      ordersFetchAllIds: async (_args: unknown, ctx: CallContext) => {
        for (let i = 1; i <= 50; i++)
          ctx.progress({ phase: 'Fetching orders', done: i, total: 50 });
        await gate;
        ctx.progress({ phase: 'Done', done: 50, total: 50 });
        return { ids: [], count: 0 };
      },
    });
    const running = dispatcher.call('ordersFetchAllIds', { operationId: 'fetch-progress-1' });
    await vi.advanceTimersByTimeAsync(0);
    const done = () => emitted.map((e) => (e.type === 'progress' ? e.progress.done : -1));
    expect(done()).toEqual([1]);
    await vi.advanceTimersByTimeAsync(100);
    expect(done()).toEqual([1, 50]);
    expect(emitted[1]).toEqual({
      type: 'progress',
      progress: { operationId: 'fetch-progress-1', phase: 'Fetching orders', done: 50, total: 50 },
    });

    // The final report lands inside the interval: held back, then flushed before the answer.
    release();
    let answeredAfter = -1;
    await running.then(() => {
      answeredAfter = emitted.length;
    });
    expect(answeredAfter).toBe(3);
    expect(emitted[2]).toMatchObject({
      progress: { phase: 'Done', operationId: 'fetch-progress-1' },
    });

    // Nothing after the answer.
    await vi.advanceTimersByTimeAsync(1000);
    expect(emitted).toHaveLength(3);
  });

  it('sends at most about ten events a second for steady progress', async () => {
    vi.useFakeTimers();
    const { dispatcher, emitted } = setup({
      ordersExport: async (_args: unknown, ctx: CallContext) => {
        for (let i = 1; i <= 200; i++) {
          ctx.progress({ phase: 'Writing CSV', done: i, total: null });
          await new Promise((r) => setTimeout(r, 10));
        }
        return { path: '/tmp/x.csv', bytes: 1, rows: 200 };
      },
    });
    const running = dispatcher.call('ordersExport', { operationId: 'export-rate-1' });
    await vi.advanceTimersByTimeAsync(2500);
    expect(await running).toMatchObject({ ok: true });
    expect(emitted.length).toBeGreaterThanOrEqual(18);
    expect(emitted.length).toBeLessThanOrEqual(22);
    expect(emitted.at(-1)).toMatchObject({ progress: { done: 200, total: null } });
  });

  it('ignores progress from calls without an operation id', async () => {
    const { dispatcher, emitted } = setup({
      ordersGet: async (_args: unknown, ctx: CallContext) => {
        ctx.progress({ phase: 'x', done: 1, total: 1 });
        return {};
      },
    });
    await dispatcher.call('ordersGet', { id: 1 });
    expect(emitted).toEqual([]);
  });
});

describe('dispatcher: secrets never leave', () => {
  const noSecret = (answer: unknown) => expect(JSON.stringify(answer)).not.toContain(SECRET);

  it('replaces an error that mentions a secret, and redacts the log', async () => {
    const { dispatcher, logs } = setup({
      ordersGet: async () => {
        throw new Error(`bad key ${SECRET}`);
      },
      ordersFacets: async () => {
        throw new BridgeFailure('network', `No answer for key ${SECRET}`);
      },
      ordersCreate: async () => {
        throw new BridgeFailure('invalid_input', 'Check the order.', {
          fieldErrors: { note: [`contains ${SECRET}`] },
        });
      },
    });
    for (const [method, args] of [
      ['ordersGet', { id: 1 }],
      ['ordersFacets', {}],
      ['ordersCreate', { order: {} }],
    ] as const) {
      const answer = await dispatcher.call(method, args);
      expect(answer).toEqual({ ok: false, error: { code: 'internal', message: INTERNAL_MESSAGE } });
      noSecret(answer);
    }
    expect(logs.length).toBeGreaterThanOrEqual(3);
    for (const line of logs) expect(line).not.toContain(SECRET);
    expect(logs.join('\n')).toContain('[redacted]');
  });

  it('replaces a local value that holds a secret', async () => {
    const { dispatcher } = setup({
      keyStatus: async () => ({ hasKey: true, last4: SECRET, storage: 'keychain' }),
    });
    const answer = await dispatcher.call('keyStatus', { connectionId: 'c1' });
    expect(answer).toMatchObject({ ok: false, error: { code: 'internal' } });
    noSecret(answer);
  });

  it('never echoes a secret given as a method name or a field name', async () => {
    const { dispatcher } = setup();
    noSecret(await dispatcher.call(SECRET, {}));
    noSecret(await dispatcher.call('ordersGet', { id: 1, [SECRET]: 1 }));
  });

  it('does not serialise API results (they are large and come from the API)', async () => {
    const toJSON = vi.fn(() => ({}));
    const { dispatcher } = setup({ ordersList: async () => ({ results: [], toJSON }) });
    expect(await dispatcher.call('ordersList', {})).toMatchObject({ ok: true });
    expect(toJSON).not.toHaveBeenCalled();
  });
});

describe('dispatcher: random input (property)', () => {
  const codes = new Set<string>(BRIDGE_ERROR_CODES);
  const pollutionKeys = fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString');
  const anything = fc.anything({
    key: fc.oneof(fc.string(), pollutionKeys),
    maxDepth: 4,
    maxKeys: 8,
    withBigInt: true,
    withBoxedValues: true,
    withDate: true,
    withMap: true,
    withSet: true,
    withNullPrototype: true,
    withObjectString: true,
    withSparseArray: true,
    withTypedArray: true,
  });
  const methodNames = fc.oneof(
    fc.constantFrom(...BRIDGE_METHOD_NAMES),
    fc.constantFrom('__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', ''),
    fc.string(),
    fc.string({ minLength: 1000, maxLength: 5000 }),
    anything,
  );
  /** Valid arguments with one field swapped for something random, or removed. */
  const nearlyValid = fc
    .tuple(fc.constantFrom(...BRIDGE_METHOD_NAMES), fc.oneof(pollutionKeys, fc.string()), anything)
    .map(([method, key, value]) => ({ ...(VALID_ARGS[method] as object), [key]: value }));
  const polluting = fc.constantFrom(
    JSON.parse('{"__proto__":{"polluted":true}}'),
    JSON.parse('{"order":{"__proto__":{"polluted":true}}}'),
    JSON.parse('{"patch":{"views":{"__proto__":{"polluted":true}}}}'),
    JSON.parse('{"constructor":{"prototype":{"polluted":true}}}'),
  );
  const hugeArrays = fc
    .array(fc.integer(), { minLength: 400, maxLength: 3000 })
    .map((orderIds) => ({ orderIds, kinds: ['shipping_label'] }));
  const deep = fc.letrec((tie) => ({
    node: fc.oneof({ depthSize: 'small' }, fc.integer(), fc.dictionary(fc.string(), tie('node'))),
  })).node;
  const argsArb = fc.oneof(anything, nearlyValid, polluting, hugeArrays, deep);

  it('always resolves to a typed Result, never throws, never pollutes Object.prototype', async () => {
    const protoKeys = Object.getOwnPropertyNames(Object.prototype).sort();
    const { dispatcher } = setup();
    const seen = { ok: 0, failed: 0 };
    await fc.assert(
      fc.asyncProperty(methodNames, argsArb, async (method, args) => {
        const answer = await dispatcher.call(method, args);
        expect(typeof answer.ok).toBe('boolean');
        seen[answer.ok ? 'ok' : 'failed']++;
        if (!answer.ok) {
          expect(codes.has(answer.error.code)).toBe(true);
          expect(typeof answer.error.message).toBe('string');
          expect(answer.error.message.length).toBeLessThan(1000);
        }
        expect(() => structuredClone(answer)).not.toThrow();
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      }),
      { numRuns: 1500 },
    );
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(protoKeys);
    // Both paths were exercised, not only the early refusals.
    expect(seen.ok).toBeGreaterThan(0);
    expect(seen.failed).toBeGreaterThan(0);
  });
});

describe('ids from odd data get a plain, typed answer', () => {
  it.each([0, -3])('a location id of %i is a location like any other', async (id) => {
    const { dispatcher, calls } = setup();
    expect(await dispatcher.call('locationsGet', { id })).toMatchObject({ ok: true });
    expect(await dispatcher.call('inventoryList', { filters: { location: id } })).toMatchObject({
      ok: true,
    });
    expect(calls.map((c) => c.args)).toEqual([{ id }, { filters: { location: id } }]);
  });

  it.each([
    ['ordersGet', { id: 0 }, 'An order number is a whole number from 1 up, not 0.'],
    ['ordersGet', { id: -1 }, 'An order number is a whole number from 1 up, not -1.'],
    ['returnsGet', { id: 2.5 }, 'A return number is a whole number from 1 up, not 2.5.'],
    ['inventoryGet', { productId: 0 }, 'A product number is a whole number from 1 up, not 0.'],
    ['locationsGet', { id: 'NaN' }, 'A location number is a whole number, not the text “NaN”.'],
    ['locationsGet', { id: null }, 'A location number is a whole number, not empty.'],
    ['locationsGet', { id: 1.5 }, 'A location number is a whole number, not 1.5.'],
    ['addressCheckGet', {}, 'An order number is missing.'],
    [
      'shipmentsGet',
      { shipmentId: '..' },
      'A shipment id of “.” or “..” cannot be looked up: the address would lead elsewhere.',
    ],
    [
      'shipmentsLabel',
      { shipmentId: 'SHP\ud800' },
      'This shipment id holds a broken character (a lone UTF-16 surrogate) and cannot be looked up.',
    ],
  ] as const)('%s %j', async (method, args, message) => {
    const { dispatcher, calls } = setup();
    const answer = await dispatcher.call(method, args);
    expect(answer).toEqual({
      ok: false,
      error: { code: 'invalid_arguments', message, fieldErrors: expect.any(Object) },
    });
    expect(calls).toHaveLength(0);
  });

  it('accepts every shipment id the spec allows: spaces, slashes, # and ?', async () => {
    const { dispatcher } = setup();
    for (const shipmentId of ['SHP 1', 'a/b', '#7', 'why?', '%2e%2e', '...', 'x'.repeat(64)]) {
      expect(await dispatcher.call('shipmentsGet', { shipmentId })).toMatchObject({ ok: true });
    }
    expect(await dispatcher.call('shipmentsGet', { shipmentId: 'x'.repeat(65) })).toMatchObject({
      ok: false,
      error: { code: 'invalid_arguments' },
    });
  });
});
