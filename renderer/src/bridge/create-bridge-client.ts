/**
 * The renderer's one bridge client. At start it picks the transport: the Electron preload's
 * `window.packbench` when present, else browser mode (HTTP to the host that served this page,
 * with the session token from the URL fragment). Views get the same object either way, every
 * method answers a Result and none throws.
 *
 * The method list is the plain-names tuple, not the contract table: the renderer bundle then
 * carries no zod schemas (validation happens in the main process anyway).
 */
import type { BridgeClient, BridgeMethod } from '../../../shared/contract/bridge-contract';
import { BRIDGE_METHOD_NAMES } from '../../../shared/contract/method-names';
import type { PreloadApi } from '../../../shared/contract/preload-api';
import type { BridgeEvent } from '../../../shared/contract/values';
import { EventStream, type EventStreamEnvironment, type EventStreamOptions } from './event-stream';
import { type CallResult, type FetchLike, httpCall } from './http-transport';
import { type TokenEnvironment, takeSessionToken } from './session-token';

export type BridgeEventListener = (event: BridgeEvent) => void;

export type PackbenchClient = BridgeClient & {
  /** Subscribes to progress, throttle and notice events; returns the unsubscribe. */
  onEvent(listener: BridgeEventListener): () => void;
  readonly transport: 'electron' | 'browser';
};

/** The parts of `window` the client uses; tests pass a stand-in. */
export type ClientWindow = TokenEnvironment &
  EventStreamEnvironment & {
    packbench?: PreloadApi;
    fetch: FetchLike;
  };

type Caller = (method: BridgeMethod, args: unknown) => Promise<CallResult>;

function buildClient(
  call: Caller,
  onEvent: PackbenchClient['onEvent'],
  transport: PackbenchClient['transport'],
): PackbenchClient {
  const client: Record<string, unknown> = {};
  for (const name of BRIDGE_METHOD_NAMES) {
    client[name] = (args: unknown) => call(name, args);
  }
  client.onEvent = onEvent;
  client.transport = transport;
  // The table is built from the names list, which a test keeps equal to the contract's.
  return Object.freeze(client) as unknown as PackbenchClient;
}

function hasPreload(win: ClientWindow): win is ClientWindow & { packbench: PreloadApi } {
  const api = win.packbench as Partial<PreloadApi> | undefined;
  return typeof api === 'object' && api !== null && api.transport === 'electron';
}

function electronClient(api: PreloadApi): PackbenchClient {
  const call: Caller = async (method, args) => {
    try {
      const fn = api[method] as unknown as (args: unknown) => Promise<CallResult>;
      return await fn(args);
    } catch {
      // IPC rejects only if the main process is gone or the preload is out of step.
      return {
        ok: false,
        error: { code: 'internal', message: 'Packbench could not reach its main process.' },
      };
    }
  };
  return buildClient(call, (listener) => api.onEvent(listener), 'electron');
}

function browserClient(win: ClientWindow, options: EventStreamOptions): PackbenchClient {
  const token = takeSessionToken(win);
  const listeners = new Set<BridgeEventListener>();
  const deliver = (event: BridgeEvent) => {
    for (const listener of listeners) {
      try {
        listener(event);
      } catch {
        // One broken view must not silence the others.
      }
    }
  };
  const stream = token === null ? null : new EventStream(win, token, deliver, options);
  const onEvent = (listener: BridgeEventListener) => {
    listeners.add(listener);
    stream?.start();
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) stream?.stop();
    };
  };
  return buildClient(
    (method, args) => httpCall((input, init) => win.fetch(input, init), token, method, args),
    onEvent,
    'browser',
  );
}

export function createBridgeClient(
  win: ClientWindow = window as unknown as ClientWindow,
  options: EventStreamOptions = {},
): PackbenchClient {
  return hasPreload(win) ? electronClient(win.packbench) : browserClient(win, options);
}
