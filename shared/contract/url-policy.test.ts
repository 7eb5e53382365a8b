import { describe, expect, it } from 'vitest';
import { checkBaseUrl, isLoopbackHost } from './url-policy';

describe('base URL policy', () => {
  it('accepts https anywhere and normalises the trailing slash', () => {
    expect(checkBaseUrl('https://api.example.com/')).toEqual({
      ok: true,
      url: 'https://api.example.com',
    });
    expect(checkBaseUrl(' https://api.example.com/v2/ ')).toEqual({
      ok: true,
      url: 'https://api.example.com/v2',
    });
  });

  it('accepts plain http only on loopback (the sandbox)', () => {
    for (const url of [
      'http://127.0.0.1:8787',
      'http://localhost:1',
      'http://[::1]:9',
      'http://127.8.9.10',
    ]) {
      expect(checkBaseUrl(url).ok, url).toBe(true);
    }
    for (const url of [
      'http://api.example.com',
      'http://10.0.0.7:8080',
      'http://127.0.0.1.evil.com',
      'http://localhost.evil.com',
    ]) {
      const verdict = checkBaseUrl(url);
      expect(verdict.ok, url).toBe(false);
    }
  });

  it('refuses other schemes, credentials, queries and garbage with a reason', () => {
    const reason = (u: string) => {
      const v = checkBaseUrl(u);
      return v.ok ? 'accepted' : v.reason;
    };
    expect(reason('ftp://example.com')).toMatch(/not supported/);
    expect(reason('javascript:alert(1)')).toMatch(/not supported/);
    expect(reason('file:///etc/passwd')).toMatch(/not supported/);
    expect(reason('https://user:pw@example.com')).toMatch(/user name or password/);
    expect(reason('https://example.com/?key=1')).toMatch(/query/);
    expect(reason('not a url')).toMatch(/not a web address/);
  });

  it('judges the host the URL parser sees, not the spelling', () => {
    // 0x7f000001 is 127.0.0.1: loopback, so allowed; a decimal spelling of 10.0.0.7 is not.
    expect(checkBaseUrl('http://0x7f000001:8787')).toEqual({
      ok: true,
      url: 'http://127.0.0.1:8787',
    });
    expect(checkBaseUrl('http://167772167').ok).toBe(false);
  });

  it('knows the loopback range', () => {
    expect(isLoopbackHost('127.0.0.1')).toBe(true);
    expect(isLoopbackHost('127.255.255.255')).toBe(true);
    expect(isLoopbackHost('127.256.0.1')).toBe(false);
    expect(isLoopbackHost('128.0.0.1')).toBe(false);
  });
});
