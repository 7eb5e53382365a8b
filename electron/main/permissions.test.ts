import { describe, expect, it, vi } from 'vitest';
import { decidePermission, installPermissionHandlers } from './permissions';

const APP = 'app://packbench/index.html';

describe('decidePermission', () => {
  it.each([
    'media',
    'geolocation',
    'notifications',
    'midi',
    'midiSysex',
    'pointerLock',
    'fullscreen',
    'openExternal',
    'clipboard-read',
    'hid',
    'serial',
    'usb',
    'display-capture',
    'idle-detection',
    'window-management',
    'unknown',
  ])('denies %s, even to the app', (permission) => {
    expect(decidePermission(permission, APP)).toBe(false);
  });

  it('grants the sanitized clipboard write to the app only', () => {
    expect(decidePermission('clipboard-sanitized-write', APP)).toBe(true);
    expect(decidePermission('clipboard-sanitized-write', 'app://packbench')).toBe(true);
    expect(decidePermission('clipboard-sanitized-write', 'https://evil.test/')).toBe(false);
    expect(decidePermission('clipboard-sanitized-write', undefined)).toBe(false);
  });
});

describe('installPermissionHandlers', () => {
  it('answers requests, checks and devices through the decision', () => {
    const handlers: Record<string, (...args: never[]) => unknown> = {};
    const session = new Proxy(
      {},
      { get: (_t, name: string) => (fn: (...args: never[]) => unknown) => (handlers[name] = fn) },
    );
    const log = vi.fn();
    installPermissionHandlers(session as never, log);
    const callback = vi.fn();
    const request = handlers.setPermissionRequestHandler as unknown as (...a: unknown[]) => void;
    request({ getURL: () => APP }, 'media', callback, { requestingUrl: APP });
    request({ getURL: () => APP }, 'clipboard-sanitized-write', callback, {});
    expect(callback.mock.calls).toEqual([[false], [true]]);
    expect(log).toHaveBeenCalledWith('permission refused: media');
    const check = handlers.setPermissionCheckHandler as unknown as (...a: unknown[]) => boolean;
    expect(check(null, 'geolocation', 'app://packbench')).toBe(false);
    expect((handlers.setDevicePermissionHandler as unknown as () => boolean)()).toBe(false);
  });
});
