/**
 * The object the preload puts on `window.packbench`, built from three plain functions so it
 * can be tested without Electron. It offers exactly one function per contract method (each
 * bound to its own channel), `onEvent` and `transport`: no generic invoke and no ipcRenderer,
 * so a compromised page can reach nothing the contract does not name.
 */

import { BRIDGE_METHOD_NAMES } from '@shared/contract/method-names';
import type { PreloadApi, PreloadGlobalName } from '@shared/contract/preload-api';
import type { BridgeEvent } from '@shared/contract/values';
import { channelFor, EVENT_CHANNEL } from '../ipc/channels';

export const PRELOAD_GLOBAL: PreloadGlobalName = 'packbench';

/** The ipcRenderer listener shape: the first argument is the IpcRendererEvent. */
export type IpcListener = (event: unknown, ...args: unknown[]) => void;

export interface PreloadIpc {
  invoke(channel: string, args: unknown): Promise<unknown>;
  on(channel: string, listener: IpcListener): void;
  off(channel: string, listener: IpcListener): void;
}

export function buildPreloadApi(ipc: PreloadIpc): PreloadApi {
  const api: Record<string, unknown> = {};
  for (const method of BRIDGE_METHOD_NAMES) {
    const channel = channelFor(method);
    // Exactly one argument crosses: extra arguments from the page are dropped here.
    api[method] = (args: unknown) => ipc.invoke(channel, args);
  }

  api.onEvent = (listener: (event: BridgeEvent) => void): (() => void) => {
    if (typeof listener !== 'function') throw new TypeError('onEvent needs a function.');
    // The page gets the event only, never the IpcRendererEvent (it exposes `sender`).
    const forward: IpcListener = (_ipcEvent, event) => listener(event as BridgeEvent);
    ipc.on(EVENT_CHANNEL, forward);
    let subscribed = true;
    return () => {
      if (!subscribed) return;
      subscribed = false;
      ipc.off(EVENT_CHANNEL, forward);
    };
  };
  api.transport = 'electron';

  return Object.freeze(api) as unknown as PreloadApi;
}
