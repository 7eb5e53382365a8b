import { describe, expect, it, vi } from 'vitest';
import {
  decideNavigation,
  decideWindowOpen,
  type GuardedContents,
  guardWebContents,
} from './navigation-guards';

describe('decideNavigation', () => {
  it('allows the app itself', () => {
    expect(decideNavigation('app://packbench/index.html#/orders')).toEqual({ action: 'allow' });
  });

  it('sends an allowlisted https link to the browser', () => {
    expect(decideNavigation('https://www.ups.com/track')).toEqual({
      action: 'open-external',
      url: 'https://www.ups.com/track',
    });
  });

  it.each([
    'https://evil.example.com.attacker.net/',
    'app://packbench.evil/index.html',
    'app://packbench@evil/index.html',
    'file:///home/user/index.html',
    'http://localhost:5173/',
    'javascript:alert(1)',
    'about:blank',
    'chrome://settings',
    'devtools://devtools/bundled/inspector.html',
  ])('denies %s', (url) => {
    expect(decideNavigation(url).action).toBe('deny');
  });

  it('never allows a new window, even for the app', () => {
    expect(decideWindowOpen('app://packbench/index.html').action).toBe('deny');
    expect(decideWindowOpen('https://www.fedex.com/x').action).toBe('open-external');
  });
});

function fakeContents() {
  const listeners = new Map<string, (event: { preventDefault(): void }, url: string) => void>();
  let openHandler: ((details: { url: string }) => { action: string }) | undefined;
  const contents = {
    on: (name: string, listener: (event: { preventDefault(): void }, url: string) => void) => {
      listeners.set(name, listener);
      return contents;
    },
    setWindowOpenHandler: (handler: (details: { url: string }) => { action: string }) => {
      openHandler = handler;
    },
  };
  const fire = (name: string, url = '') => {
    const event = { preventDefault: vi.fn() };
    listeners.get(name)?.(event, url);
    return event.preventDefault.mock.calls.length > 0;
  };
  return {
    contents: contents as unknown as GuardedContents,
    listeners,
    fire,
    open: (url: string) => openHandler?.({ url }),
  };
}

describe('guardWebContents', () => {
  function setup() {
    const fake = fakeContents();
    const openExternal = vi.fn();
    const log = vi.fn();
    guardWebContents(fake.contents, { openExternal, log });
    return { ...fake, openExternal, log };
  }

  it('guards navigation, redirects, webviews and new windows', () => {
    const { listeners } = setup();
    expect([...listeners.keys()].sort()).toEqual([
      'will-attach-webview',
      'will-navigate',
      'will-redirect',
    ]);
  });

  it('lets in-app navigation through untouched', () => {
    const { fire, openExternal } = setup();
    expect(fire('will-navigate', 'app://packbench/index.html#/returns')).toBe(false);
    expect(openExternal).not.toHaveBeenCalled();
  });

  it('stops navigation to another origin and opens nothing', () => {
    const { fire, openExternal, log } = setup();
    expect(fire('will-navigate', 'https://attacker.test/')).toBe(true);
    expect(fire('will-redirect', 'https://attacker.test/')).toBe(true);
    expect(openExternal).not.toHaveBeenCalled();
    expect(log).toHaveBeenCalledTimes(2);
  });

  it('stops navigation to a known site and opens it in the browser instead', () => {
    const { fire, openExternal } = setup();
    expect(fire('will-navigate', 'https://www.ups.com/track?n=1')).toBe(true);
    expect(openExternal).toHaveBeenCalledWith('https://www.ups.com/track?n=1');
  });

  it('refuses every <webview>', () => {
    const { fire } = setup();
    expect(fire('will-attach-webview')).toBe(true);
  });

  it('denies window.open, opening allowlisted links externally', () => {
    const { open, openExternal } = setup();
    expect(open('https://attacker.test/')).toEqual({ action: 'deny' });
    expect(open('https://www.dhl.com/x')).toEqual({ action: 'deny' });
    expect(open('app://packbench/index.html')).toEqual({ action: 'deny' });
    expect(openExternal.mock.calls).toEqual([['https://www.dhl.com/x']]);
  });

  it('logs a failed openExternal instead of throwing', async () => {
    const fake = fakeContents();
    const log = vi.fn();
    guardWebContents(fake.contents, {
      openExternal: () => Promise.reject(new Error('no browser')),
      log,
    });
    fake.open('https://www.ups.com/');
    await vi.waitFor(() => expect(log).toHaveBeenCalled());
    expect(log).toHaveBeenCalledWith(expect.stringContaining('no browser'));
  });
});
