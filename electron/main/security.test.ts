import { describe, expect, it, vi } from 'vitest';
import {
  assertSecureWebPreferences,
  insecurePreferences,
  installAppSecurity,
  secureWebPreferences,
} from './security';

describe('secureWebPreferences', () => {
  const prefs = secureWebPreferences('/app/dist/preload/preload.cjs');

  it('applies the checklist', () => {
    expect(prefs).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
    });
    expect(prefs.enableBlinkFeatures).toBeUndefined();
    expect(insecurePreferences(prefs)).toEqual([]);
    expect(() => assertSecureWebPreferences(prefs)).not.toThrow();
  });

  it.each([
    [{ contextIsolation: false }, 'contextIsolation'],
    [{ sandbox: false }, 'sandbox'],
    [{ nodeIntegration: true }, 'nodeIntegration'],
    [{ webSecurity: false }, 'webSecurity'],
    [{ allowRunningInsecureContent: true }, 'allowRunningInsecureContent'],
    [{ experimentalFeatures: true }, 'experimentalFeatures'],
    [{ webviewTag: true }, 'webviewTag'],
    [{ enableBlinkFeatures: 'CSSVariables' }, 'enableBlinkFeatures'],
    [{ preload: '/app/dist/preload/preload.mjs' }, 'CommonJS'],
  ])('refuses %o', (change, word) => {
    expect(() => assertSecureWebPreferences({ ...prefs, ...change })).toThrow(word);
  });
});

describe('installAppSecurity', () => {
  it('sandboxes every renderer and guards every new webContents', () => {
    const handlers = new Map<string, (...args: unknown[]) => void>();
    const app = { enableSandbox: vi.fn(), on: vi.fn((n, fn) => handlers.set(n, fn)) };
    installAppSecurity(app as never, { openExternal: vi.fn(), log: vi.fn() });
    expect(app.enableSandbox).toHaveBeenCalled();
    const on = vi.fn();
    const setWindowOpenHandler = vi.fn();
    handlers.get('web-contents-created')?.({}, { on, setWindowOpenHandler });
    expect(on.mock.calls.map((c) => c[0]).sort()).toEqual([
      'will-attach-webview',
      'will-navigate',
      'will-redirect',
    ]);
    expect(setWindowOpenHandler).toHaveBeenCalled();
  });
});
