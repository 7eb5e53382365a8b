import { BRIDGE_METHOD_NAMES } from '@shared/contract/method-names';
import type { BridgeEvent } from '@shared/contract/values';
import { describe, expect, it, vi } from 'vitest';
import { channelFor, EVENT_CHANNEL } from '../ipc/channels';
import { buildPreloadApi, type IpcListener, type PreloadIpc } from './build-preload-api';

function fakeIpc() {
  const listeners = new Map<string, Set<IpcListener>>();
  const ipc = {
    invoke: vi.fn(async (channel: string, args: unknown) => ({
      ok: true,
      value: { channel, args },
    })),
    on: vi.fn((channel: string, listener: IpcListener) => {
      const set = listeners.get(channel) ?? new Set();
      set.add(listener);
      listeners.set(channel, set);
    }),
    off: vi.fn((channel: string, listener: IpcListener) => {
      listeners.get(channel)?.delete(listener);
    }),
  } satisfies PreloadIpc;
  const emit = (channel: string, ...args: unknown[]) => {
    for (const listener of listeners.get(channel) ?? [])
      listener({ sender: 'ipc-internals' }, ...args);
  };
  return { ipc, emit, listeners };
}

describe('buildPreloadApi', () => {
  it('exposes exactly the contract methods, onEvent and transport', () => {
    const api = buildPreloadApi(fakeIpc().ipc);
    expect(Object.keys(api).sort()).toEqual(
      [...BRIDGE_METHOD_NAMES, 'onEvent', 'transport'].sort(),
    );
    expect(Reflect.ownKeys(api)).toHaveLength(BRIDGE_METHOD_NAMES.length + 2);
    for (const name of ['invoke', 'ipcRenderer', 'send', 'on', 'sendSync']) {
      expect(name in api).toBe(false);
    }
    expect(api.transport).toBe('electron');
    for (const method of BRIDGE_METHOD_NAMES) expect(typeof api[method]).toBe('function');
  });

  it('is frozen', () => {
    const api = buildPreloadApi(fakeIpc().ipc);
    expect(Object.isFrozen(api)).toBe(true);
    expect(() => {
      (api as unknown as Record<string, unknown>).invoke = () => {};
    }).toThrow(TypeError);
  });

  it.each(BRIDGE_METHOD_NAMES)(
    '%s invokes its own channel with the arguments only',
    async (method) => {
      const { ipc } = fakeIpc();
      const api = buildPreloadApi(ipc);
      const args = { probe: method };
      const call = api[method] as unknown as (...a: unknown[]) => Promise<unknown>;
      const answer = await call(args, 'extra', 'arguments');
      expect(ipc.invoke).toHaveBeenCalledExactlyOnceWith(channelFor(method), args);
      expect(answer).toEqual({ ok: true, value: { channel: channelFor(method), args } });
    },
  );

  it('onEvent delivers the event only (never the IpcRendererEvent) and unsubscribes', () => {
    const { ipc, emit, listeners } = fakeIpc();
    const api = buildPreloadApi(ipc);
    const seen: unknown[][] = [];
    const unsubscribe = api.onEvent((...args: unknown[]) => seen.push(args));
    const event: BridgeEvent = { type: 'notice', level: 'warning', message: 'Printer offline' };
    emit(EVENT_CHANNEL, event);
    emit('bridge:ordersGet', { ok: true });
    expect(seen).toEqual([[event]]);

    unsubscribe();
    unsubscribe();
    expect(ipc.off).toHaveBeenCalledTimes(1);
    expect(listeners.get(EVENT_CHANNEL)?.size).toBe(0);
    emit(EVENT_CHANNEL, event);
    expect(seen).toHaveLength(1);
  });

  it('keeps separate subscriptions apart', () => {
    const { ipc, emit } = fakeIpc();
    const api = buildPreloadApi(ipc);
    const a: unknown[] = [];
    const b: unknown[] = [];
    const offA = api.onEvent((e) => a.push(e));
    api.onEvent((e) => b.push(e));
    offA();
    emit(EVENT_CHANNEL, { type: 'notice', level: 'info', message: 'x' });
    expect(a).toEqual([]);
    expect(b).toHaveLength(1);
  });

  it('refuses a listener that is not a function', () => {
    const api = buildPreloadApi(fakeIpc().ipc);
    expect(() => api.onEvent('nope' as never)).toThrow(TypeError);
  });
});
