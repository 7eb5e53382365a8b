import { BRIDGE_METHOD_NAMES } from '@shared/contract/method-names';
import type { BridgeEvent } from '@shared/contract/values';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { createDispatcher } from '../kernel/dispatch/dispatch';
import { BRIDGE_ERROR_CODES } from '../kernel/dispatch/dispatch-errors';
import { echoHandlers } from '../kernel/dispatch/dispatch-fixtures';
import type { Dispatcher } from '../kernel/dispatch/dispatcher-types';
import { BridgeEvents } from '../kernel/events';
import { VALID_ARGS } from '../test-support/valid-args';
import { CHANNEL_PREFIX, channelFor, EVENT_CHANNEL, METHOD_CHANNELS } from './channels';
import {
  FORBIDDEN_MESSAGE,
  type InvokeEventLike,
  type IpcMainLike,
  registerBridgeIpc,
  type WindowTarget,
} from './register-bridge-ipc';

type InvokeHandler = (event: InvokeEventLike, ...args: unknown[]) => unknown;

/** Records handle() registrations like Electron's ipcMain (which refuses a second handler). */
function fakeIpcMain() {
  const handlers = new Map<string, InvokeHandler>();
  const ipcMain = {
    handle: vi.fn((channel: string, listener: InvokeHandler) => {
      if (handlers.has(channel)) throw new Error(`second handler for ${channel}`);
      handlers.set(channel, listener);
    }),
    removeHandler: vi.fn((channel: string) => {
      handlers.delete(channel);
    }),
  };
  return { ipcMain: ipcMain as unknown as IpcMainLike, handlers };
}

const APP_PAGE = 'app://packbench/index.html';
const frameEvent = (url: string | undefined): InvokeEventLike =>
  ({ senderFrame: url === undefined ? null : { url } }) as unknown as InvokeEventLike;

function fakeWindow(url: string, destroyed = false) {
  const sent: unknown[][] = [];
  const target: WindowTarget = {
    send: (...args: unknown[]) => {
      sent.push(args);
    },
    getURL: () => url,
    isDestroyed: () => destroyed,
  } as unknown as WindowTarget;
  return { target, sent };
}

function setup(windows: WindowTarget[] = []) {
  const events = new BridgeEvents();
  const real = createDispatcher({ handlers: echoHandlers(), events, secrets: () => [] });
  const dispatcher: Dispatcher = { call: vi.fn((m, a, s) => real.call(m, a, s)) };
  const { ipcMain, handlers } = fakeIpcMain();
  const logs: string[] = [];
  const unregister = registerBridgeIpc(ipcMain, dispatcher, events, {
    webContents: () => windows,
    log: (line) => logs.push(line),
  });
  const invoke = (channel: string, event: InvokeEventLike, args: unknown) => {
    const handler = handlers.get(channel);
    if (!handler) throw new Error(`no handler on ${channel}`);
    return Promise.resolve(handler(event, args));
  };
  return { events, dispatcher, ipcMain, handlers, logs, unregister, invoke };
}

describe('registerBridgeIpc', () => {
  it('registers exactly one channel per contract method, and nothing else', () => {
    const { handlers, ipcMain } = setup();
    expect(ipcMain.handle).toHaveBeenCalledTimes(BRIDGE_METHOD_NAMES.length);
    expect([...handlers.keys()].sort()).toEqual(
      BRIDGE_METHOD_NAMES.map((m) => `${CHANNEL_PREFIX}${m}`).sort(),
    );
    expect([...handlers.keys()]).toEqual([...METHOD_CHANNELS]);
    expect(handlers.has(EVENT_CHANNEL)).toBe(false);
  });

  it.each(BRIDGE_METHOD_NAMES)('%s: a trusted frame reaches the dispatcher', async (method) => {
    const { invoke, dispatcher } = setup();
    const answer = await invoke(channelFor(method), frameEvent(APP_PAGE), VALID_ARGS[method]);
    expect(answer).toMatchObject({ ok: true });
    expect(dispatcher.call).toHaveBeenCalledWith(method, VALID_ARGS[method], undefined);
  });

  it.each([
    undefined,
    '',
    'https://evil.example/',
    'app://packbench.evil/',
    'about:blank',
    'file:///x',
  ])('refuses a call from frame %s without calling the dispatcher', async (url) => {
    const { invoke, dispatcher, logs } = setup();
    const answer = await invoke(channelFor('keyStatus'), frameEvent(url), { connectionId: 'c' });
    expect(answer).toEqual({ ok: false, error: { code: 'forbidden', message: FORBIDDEN_MESSAGE } });
    expect(dispatcher.call).not.toHaveBeenCalled();
    expect(logs).toHaveLength(1);
    expect(logs[0]).toContain('keyStatus');
  });

  it('refuses when reading the sender frame throws (a disposed frame)', async () => {
    const { invoke, dispatcher } = setup();
    const event = {
      get senderFrame() {
        throw new Error('Render frame was disposed before WebFrameMain could be accessed');
      },
    } as unknown as InvokeEventLike;
    expect(await invoke(channelFor('appInfo'), event, {})).toMatchObject({
      ok: false,
      error: { code: 'forbidden' },
    });
    expect(dispatcher.call).not.toHaveBeenCalled();
  });

  it('cancels calls of a window when its webContents is destroyed', async () => {
    const events = new BridgeEvents();
    const dispatcher = createDispatcher({
      handlers: new Proxy({} as never, {
        get: () => (_args: unknown, ctx: { signal: AbortSignal }) =>
          new Promise((_resolve, reject) =>
            ctx.signal.addEventListener('abort', () => reject(ctx.signal.reason)),
          ),
      }),
      events,
      secrets: () => [],
    });
    const { ipcMain, handlers } = fakeIpcMain();
    registerBridgeIpc(ipcMain, dispatcher, events, { webContents: () => [] });
    const listeners: (() => void)[] = [];
    const sender = {
      once: (name: string, fn: () => void) => name === 'destroyed' && listeners.push(fn),
    };
    const event = { senderFrame: { url: APP_PAGE }, sender } as unknown as InvokeEventLike;
    const running = handlers.get(channelFor('ordersFacets'))?.(event, {});
    // A second call from the same window shares one listener.
    const second = handlers.get(channelFor('locationsList'))?.(event, {});
    expect(listeners).toHaveLength(1);
    for (const fn of listeners) fn();
    expect(await running).toMatchObject({ ok: false, error: { code: 'cancelled' } });
    expect(await second).toMatchObject({ ok: false, error: { code: 'cancelled' } });
  });

  it('forwards events to live windows that show the app page only', () => {
    const app = fakeWindow(APP_PAGE);
    const elsewhere = fakeWindow('https://evil.example/');
    const closed = fakeWindow(APP_PAGE, true);
    const broken = {
      isDestroyed: () => false,
      getURL: () => APP_PAGE,
      send: () => {
        throw new Error('gone');
      },
    };
    const { events } = setup([
      broken as unknown as WindowTarget,
      app.target,
      elsewhere.target,
      closed.target,
    ]);
    const event: BridgeEvent = { type: 'notice', level: 'info', message: 'Hello' };
    events.emit(event);
    expect(app.sent).toEqual([[EVENT_CHANNEL, event]]);
    expect(elsewhere.sent).toEqual([]);
    expect(closed.sent).toEqual([]);
  });

  it('unregister removes every handler and stops forwarding events', () => {
    const app = fakeWindow(APP_PAGE);
    const { handlers, unregister, events, ipcMain } = setup([app.target]);
    unregister();
    unregister();
    expect(handlers.size).toBe(0);
    expect(ipcMain.removeHandler).toHaveBeenCalledTimes(BRIDGE_METHOD_NAMES.length);
    events.emit({ type: 'notice', level: 'info', message: 'late' });
    expect(app.sent).toEqual([]);
  });

  it('answers internal if the dispatcher breaks its promise and throws', async () => {
    const events = new BridgeEvents();
    const { ipcMain, handlers } = fakeIpcMain();
    registerBridgeIpc(ipcMain, { call: () => Promise.reject(new Error('bug')) }, events, {
      webContents: () => [],
    });
    expect(await handlers.get(channelFor('appInfo'))?.(frameEvent(APP_PAGE), {})).toMatchObject({
      ok: false,
      error: { code: 'internal' },
    });
  });
});

describe('registerBridgeIpc: random input (property)', () => {
  const codes = new Set<string>(BRIDGE_ERROR_CODES);
  const args = fc.oneof(
    fc.anything({
      key: fc.oneof(fc.string(), fc.constantFrom('__proto__', 'constructor', 'prototype')),
      maxDepth: 4,
      withBigInt: true,
      withDate: true,
      withMap: true,
      withSet: true,
      withNullPrototype: true,
      withTypedArray: true,
    }),
    fc.constantFrom(...BRIDGE_METHOD_NAMES).map((m) => VALID_ARGS[m]),
    fc.constant(JSON.parse('{"__proto__":{"polluted":true}}')),
  );
  const channel = fc.constantFrom(...METHOD_CHANNELS);

  it('a trusted frame always gets a typed Result on every channel', async () => {
    const protoKeys = Object.getOwnPropertyNames(Object.prototype).sort();
    const { invoke } = setup();
    await fc.assert(
      fc.asyncProperty(channel, args, async (ch, a) => {
        const answer = (await invoke(ch, frameEvent(APP_PAGE), a)) as {
          ok: boolean;
          error?: { code: string; message: string };
        };
        expect(typeof answer.ok).toBe('boolean');
        if (!answer.ok) {
          expect(codes.has(answer.error?.code ?? '')).toBe(true);
          expect(answer.error?.code).not.toBe('forbidden');
        }
        expect(() => structuredClone(answer)).not.toThrow();
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      }),
      { numRuns: 800 },
    );
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(protoKeys);
  });

  it('an untrusted frame gets forbidden on every channel and never reaches the dispatcher', async () => {
    const hostileUrl = fc.oneof(
      fc.webUrl(),
      fc.constantFrom(
        undefined,
        '',
        'about:blank',
        'app://packbench.evil/',
        'app://packbench@evil/',
        'app://pаckbench/',
        'file:///index.html',
        'http://localhost:5173/',
        'data:text/html,hi',
        'javascript:void 0',
      ),
      fc.string().filter((s) => !s.startsWith('app://packbench')),
    );
    const { invoke, dispatcher } = setup();
    await fc.assert(
      fc.asyncProperty(channel, args, hostileUrl, async (ch, a, url) => {
        const answer = await invoke(ch, frameEvent(url), a);
        expect(answer).toEqual({
          ok: false,
          error: { code: 'forbidden', message: FORBIDDEN_MESSAGE },
        });
      }),
      { numRuns: 800 },
    );
    expect(dispatcher.call).not.toHaveBeenCalled();
  });
});
