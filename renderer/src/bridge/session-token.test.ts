import { describe, expect, it } from 'vitest';
import {
  hashWithoutToken,
  type TokenEnvironment,
  takeSessionToken,
  tokenFromHash,
} from './session-token';

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde';

function environment(hash: string, stored: Record<string, string> = {}) {
  const replaced: string[] = [];
  const storage = { ...stored };
  const env: TokenEnvironment = {
    location: { hash, pathname: '/', search: '?x=1' },
    history: {
      state: { s: 1 },
      replaceState: (_state, _unused, url) => replaced.push(String(url)),
    },
    sessionStorage: {
      getItem: (k) => storage[k] ?? null,
      setItem: (k, v) => {
        storage[k] = v;
      },
    },
  };
  return { env, replaced, storage };
}

describe('session token from the URL fragment', () => {
  it('reads a well-formed token and nothing else', () => {
    expect(tokenFromHash(`#token=${TOKEN}`)).toBe(TOKEN);
    expect(tokenFromHash(`#view=orders&token=${TOKEN}`)).toBe(TOKEN);
    expect(tokenFromHash('')).toBeNull();
    expect(tokenFromHash('#token=')).toBeNull();
    expect(tokenFromHash('#token=short')).toBeNull();
    expect(tokenFromHash(`#token=${TOKEN}<script>`)).toBeNull();
  });

  it('keeps other fragment parameters when it removes the token', () => {
    expect(hashWithoutToken(`#token=${TOKEN}`)).toBe('');
    expect(hashWithoutToken(`#view=orders&token=${TOKEN}`)).toBe('#view=orders');
  });

  it('removes the token from the address bar and remembers it for this tab', () => {
    const { env, replaced, storage } = environment(`#token=${TOKEN}`);
    expect(takeSessionToken(env)).toBe(TOKEN);
    expect(replaced).toEqual(['/?x=1']);
    expect(Object.values(storage)).toEqual([TOKEN]);
  });

  it('after a reload (no fragment) uses the token this tab remembered', () => {
    const first = environment(`#token=${TOKEN}`);
    takeSessionToken(first.env);
    const reload = environment('', first.storage);
    expect(takeSessionToken(reload.env)).toBe(TOKEN);
    expect(reload.replaced).toEqual([]);
  });

  it('answers null with neither, and survives storage that throws', () => {
    expect(takeSessionToken(environment('').env)).toBeNull();
    const { env } = environment(`#token=${TOKEN}`);
    env.sessionStorage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(takeSessionToken(env)).toBe(TOKEN);
  });
});
