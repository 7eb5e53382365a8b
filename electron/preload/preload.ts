/**
 * The sandboxed preload (bundled as CommonJS): exposes the bridge's methods on
 * `window.packbench` through contextBridge. Everything testable is in build-preload-api.ts.
 */
import { contextBridge, ipcRenderer } from 'electron';
import { buildPreloadApi, PRELOAD_GLOBAL } from './build-preload-api';

const api = buildPreloadApi({
  invoke: (channel, args) => ipcRenderer.invoke(channel, args),
  on: (channel, listener) => ipcRenderer.on(channel, listener),
  off: (channel, listener) => ipcRenderer.removeListener(channel, listener),
});
contextBridge.exposeInMainWorld(PRELOAD_GLOBAL, api);
