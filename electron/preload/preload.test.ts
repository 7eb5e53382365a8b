import { BRIDGE_METHOD_NAMES } from '@shared/contract/method-names';
import { afterEach, describe, expect, it, vi } from 'vitest';

// No Electron binary here: stand in for the two objects the preload uses.
const electron = vi.hoisted(() => ({
  contextBridge: { exposeInMainWorld: vi.fn() },
  ipcRenderer: {
    invoke: vi.fn(async () => ({ ok: true, value: 1 })),
    on: vi.fn(),
    removeListener: vi.fn(),
  },
}));
vi.mock('electron', () => electron);

afterEach(() => {
  vi.clearAllMocks();
});

describe('preload', () => {
  it('exposes the built API as window.packbench and wires it to ipcRenderer', async () => {
    await import('./preload');
    expect(electron.contextBridge.exposeInMainWorld).toHaveBeenCalledTimes(1);
    const [name, api] = electron.contextBridge.exposeInMainWorld.mock.calls[0] as [
      string,
      Record<string, unknown>,
    ];
    expect(name).toBe('packbench');
    expect(Object.keys(api)).toHaveLength(BRIDGE_METHOD_NAMES.length + 2);

    await (api.ordersGet as (a: unknown) => Promise<unknown>)({ id: 3 });
    expect(electron.ipcRenderer.invoke).toHaveBeenCalledWith('bridge:ordersGet', { id: 3 });

    const off = (api.onEvent as (l: () => void) => () => void)(() => {});
    expect(electron.ipcRenderer.on).toHaveBeenCalledWith('bridge:event', expect.any(Function));
    off();
    expect(electron.ipcRenderer.removeListener).toHaveBeenCalledWith(
      'bridge:event',
      electron.ipcRenderer.on.mock.calls[0]?.[1],
    );
  });
});
