/**
 * The client in node (no jsdom): a stand-in window with an injected fetch, location, history
 * and storage, so both transports and the event stream are exercised without a browser.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BRIDGE_METHOD_NAMES } from '../../../shared/contract/method-names';
import type { PreloadApi } from '../../../shared/contract/preload-api';
import type { BridgeEvent } from '../../../shared/contract/values';
import { type ClientWindow, createBridgeClient } from './create-bridge-client';
import { reconnectDelay } from './event-stream';
import { NOT_ANSWERING } from './http-transport';

/** Far beyond the reconnect delays and watchdogs the tests below set (a few milliseconds). */
const LONG_PAST_EVERY_DELAY_MS = 60_000;

const TOKEN = 'tok_0123456789abcdefghijklmnopqrstuvwxyzABCDE';

interface Sent {
  url: string;
  init: RequestInit | undefined;
}

function fakeWindow(fetchImpl: (url: string, init?: RequestInit) => Promise<Response>) {
  const sent: Sent[] = [];
  const replaced: string[] = [];
  const storage = new Map<string, string>();
  const win: ClientWindow = {
    fetch: (url, init) => {
      sent.push({ url, init });
      return fetchImpl(url, init);
    },
    location: { hash: `#token=${TOKEN}`, pathname: '/', search: '' },
    history: { state: null, replaceState: (_s, _u, url) => replaced.push(String(url)) },
    sessionStorage: {
      getItem: (k) => storage.get(k) ?? null,
      setItem: (k, v) => void storage.set(k, v),
    },
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
    random: () => 0.5,
  };
  return { win, sent, replaced };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

/** An event stream whose chunks the test pushes; closes when the test says so. */
function streamResponse() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  const encoder = new TextEncoder();
  return {
    response: new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }),
    push: (text: string) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
  };
}

describe('bridge client: transport choice', () => {
  it('uses the Electron preload when window.packbench is there', async () => {
    const calls: [string, unknown][] = [];
    const listeners: ((e: BridgeEvent) => void)[] = [];
    const api = Object.fromEntries(
      BRIDGE_METHOD_NAMES.map((m) => [
        m,
        async (args: unknown) => {
          calls.push([m, args]);
          return { ok: true, value: { via: 'ipc', m } };
        },
      ]),
    ) as unknown as PreloadApi;
    Object.assign(api, {
      transport: 'electron',
      onEvent: (l: (e: BridgeEvent) => void) => {
        listeners.push(l);
        return () => {};
      },
    });
    const { win, sent, replaced } = fakeWindow(async () => json({}));
    win.packbench = api;
    const client = createBridgeClient(win);
    expect(client.transport).toBe('electron');
    expect(await client.appInfo({})).toEqual({ ok: true, value: { via: 'ipc', m: 'appInfo' } });
    expect(await client.ordersGet({ id: 3 })).toMatchObject({ ok: true });
    expect(calls).toEqual([
      ['appInfo', {}],
      ['ordersGet', { id: 3 }],
    ]);
    const seen: BridgeEvent[] = [];
    client.onEvent((e) => seen.push(e));
    listeners[0]?.({ type: 'notice', level: 'info', message: 'hi' });
    expect(seen).toHaveLength(1);
    // Browser-mode machinery stays untouched.
    expect(sent).toEqual([]);
    expect(replaced).toEqual([]);
  });

  it('turns a rejected IPC call into a typed error', async () => {
    const api = { transport: 'electron', onEvent: () => () => {} } as unknown as PreloadApi;
    (api as unknown as Record<string, unknown>).appInfo = async () => {
      throw new Error('no handler registered');
    };
    const { win } = fakeWindow(async () => json({}));
    win.packbench = api;
    const r = await createBridgeClient(win).appInfo({});
    expect(r).toMatchObject({ ok: false, error: { code: 'internal' } });
  });

  it('has exactly the contract methods, plus onEvent and transport', () => {
    const client = createBridgeClient(fakeWindow(async () => json({})).win);
    expect(Object.keys(client).sort()).toEqual(
      [...BRIDGE_METHOD_NAMES, 'onEvent', 'transport'].sort(),
    );
  });
});

describe('bridge client: browser mode calls', () => {
  it('posts the args with the bearer token and returns the Result', async () => {
    const { win, sent, replaced } = fakeWindow(async () =>
      json({ ok: true, value: { name: 'Packbench', version: '0.1.0', transport: 'browser' } }),
    );
    const client = createBridgeClient(win);
    expect(client.transport).toBe('browser');
    expect(replaced).toEqual(['/']);
    const r = await client.ordersList({ page: 2 });
    expect(r).toEqual({
      ok: true,
      value: { name: 'Packbench', version: '0.1.0', transport: 'browser' },
    });
    expect(sent).toHaveLength(1);
    const [{ url, init }] = sent as [Sent];
    expect(url).toBe('/bridge/call/ordersList');
    expect(init?.method).toBe('POST');
    expect(init?.headers).toMatchObject({
      Authorization: `Bearer ${TOKEN}`,
      'Content-Type': 'application/json',
    });
    expect(JSON.parse(String(init?.body))).toEqual({ args: { page: 2 } });
    expect(init?.credentials).toBe('omit');
  });

  it('sends a settings write with keepalive (it outlives a reload); a read without', async () => {
    const { win, sent } = fakeWindow(async () => json({ ok: true, value: {} }));
    const client = createBridgeClient(win);
    await client.settingsUpdate({ patch: { ui: { theme: 'dark' } } });
    await client.ordersList({ page: 1 });
    await client.settingsUpdate({ patch: { views: { orders: { note: 'x'.repeat(70_000) } } } });
    expect((sent as Sent[]).map(({ init }) => init?.keepalive)).toEqual([true, false, false]);
  });

  it('passes the bridge typed error through as is', async () => {
    const error = { code: 'not_found', message: 'No order 9.', status: 404 };
    const { win } = fakeWindow(async () => json({ ok: false, error }));
    expect(await createBridgeClient(win).ordersGet({ id: 9 })).toEqual({ ok: false, error });
  });

  it('maps a host that does not answer to a network error, never a throw', async () => {
    const { win } = fakeWindow(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await createBridgeClient(win).appInfo({})).toEqual({
      ok: false,
      error: { code: 'network', message: NOT_ANSWERING },
    });
  });

  it('maps transport refusals and unreadable answers to typed errors', async () => {
    const cases: [Response, string][] = [
      [json({ error: 'token' }, 401), 'unauthorized'],
      [json({ error: 'origin' }, 403), 'forbidden'],
      [json({ error: 'big' }, 413), 'invalid_arguments'],
      [json({ error: 'gone' }, 404), 'not_found'],
      [new Response('<html>', { status: 502 }), 'server_error'],
      [new Response('not json', { status: 200 }), 'bad_response'],
      [json({ hello: 'world' }), 'bad_response'],
    ];
    for (const [response, code] of cases) {
      const { win } = fakeWindow(async () => response);
      const r = await createBridgeClient(win).appInfo({});
      expect(r, code).toMatchObject({ ok: false, error: { code } });
    }
  });

  it('without a token answers a typed error and sends nothing', async () => {
    const { win, sent } = fakeWindow(async () => json({}));
    win.location.hash = '';
    const client = createBridgeClient(win);
    expect(await client.appInfo({})).toMatchObject({ ok: false, error: { code: 'unauthorized' } });
    client.onEvent(() => {})();
    expect(sent).toEqual([]);
  });
});

describe('bridge client: browser mode events', () => {
  // The client's timers (reconnect delays, the silence watchdog) run on a fake clock: vi.waitFor
  // moves it on while it polls, and a "nothing happened" check moves it past every delay.
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('streams events to listeners, reconnects after a drop, and stops when none listen', async () => {
    const streams: ReturnType<typeof streamResponse>[] = [];
    const { win, sent } = fakeWindow(async (_url, init) => {
      const s = streamResponse();
      streams.push(s);
      init?.signal?.addEventListener('abort', () => {
        try {
          s.end();
        } catch {
          // already closed
        }
      });
      return s.response;
    });
    const client = createBridgeClient(win, { minDelayMs: 1, maxDelayMs: 4 });
    const seen: BridgeEvent[] = [];
    const stop = client.onEvent((e) => seen.push(e));
    await vi.waitFor(() => expect(streams).toHaveLength(1));
    expect(sent[0]?.url).toBe('/bridge/events');
    expect(sent[0]?.init?.headers).toMatchObject({ Authorization: `Bearer ${TOKEN}` });

    streams[0]?.push(': connected\n\nevent: bridge\ndata: {"type":"notice","lev');
    streams[0]?.push('el":"info","message":"one"}\n\n: heartbeat\n\n');
    streams[0]?.push('event: bridge\ndata: {"type":"nonsense"}\n\ndata: not json\n\n');
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0]).toEqual({ type: 'notice', level: 'info', message: 'one' });

    streams[0]?.end();
    await vi.waitFor(() => expect(streams).toHaveLength(2));
    streams[1]?.push('event: bridge\ndata: {"type":"notice","level":"info","message":"two"}\n\n');
    await vi.waitFor(() => expect(seen).toHaveLength(2));

    stop();
    const signal = sent[1]?.init?.signal;
    expect(signal?.aborted).toBe(true);
    // Nothing more, provably: the (fake) clock passes far beyond every reconnect delay, and no
    // timer is left that could open a stream later.
    await vi.advanceTimersByTimeAsync(LONG_PAST_EVERY_DELAY_MS);
    expect(streams).toHaveLength(2);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('reconnects when the stream goes silent past the watchdog', async () => {
    let opened = 0;
    const { win } = fakeWindow(async (_url, init) => {
      opened += 1;
      const s = streamResponse();
      init?.signal?.addEventListener('abort', () => s.end());
      return s.response;
    });
    const client = createBridgeClient(win, { minDelayMs: 1, maxDelayMs: 2, silenceMs: 20 });
    const stop = client.onEvent(() => {});
    await vi.waitFor(() => expect(opened).toBeGreaterThanOrEqual(3));
    stop();
  });

  it('keeps retrying while the host is down, then reads events once it is back', async () => {
    let attempts = 0;
    const { win } = fakeWindow(async () => {
      attempts += 1;
      if (attempts < 3) throw new TypeError('Failed to fetch');
      const s = streamResponse();
      s.push('data: {"type":"notice","level":"warning","message":"back"}\n\n');
      return s.response;
    });
    const client = createBridgeClient(win, { minDelayMs: 1, maxDelayMs: 2 });
    const seen: BridgeEvent[] = [];
    const stop = client.onEvent((e) => seen.push(e));
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    expect(attempts).toBe(3);
    stop();
  });

  it('stops for good on a refused token and says so once', async () => {
    let attempts = 0;
    const { win } = fakeWindow(async () => {
      attempts += 1;
      return json({ error: 'token' }, 401);
    });
    const client = createBridgeClient(win, { minDelayMs: 1, maxDelayMs: 2 });
    const seen: BridgeEvent[] = [];
    client.onEvent((e) => seen.push(e));
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    // No second try, provably: the clock passes far beyond every retry delay, no timer is left.
    await vi.advanceTimersByTimeAsync(LONG_PAST_EVERY_DELAY_MS);
    expect(vi.getTimerCount()).toBe(0);
    expect(attempts).toBe(1);
    expect(seen[0]).toMatchObject({ type: 'notice', level: 'error' });
  });

  it('grows the reconnect delay with jitter up to a cap', () => {
    expect(reconnectDelay(0, 0)).toBe(250);
    expect(reconnectDelay(0, 1)).toBe(500);
    expect(reconnectDelay(3, 1)).toBe(4000);
    expect(reconnectDelay(50, 1)).toBe(15_000);
    expect(reconnectDelay(50, 0)).toBe(7500);
  });
});
