import { describe, expect, it } from 'vitest';
import { APP_CSP, APP_RESPONSE_HEADERS, isStrictCsp, parseCsp } from './csp';

describe('the app CSP', () => {
  it('is strict', () => {
    expect(isStrictCsp(APP_CSP)).toBe(true);
    const csp = parseCsp(APP_CSP);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(APP_CSP).not.toMatch(/unsafe-(inline|eval)/);
    expect(APP_RESPONSE_HEADERS['Content-Security-Policy']).toBe(APP_CSP);
  });

  it.each([
    [
      "default-src 'self'; script-src 'self' 'unsafe-inline'; object-src 'none'; frame-ancestors 'none'; base-uri 'none'",
      'inline scripts',
    ],
    [
      "default-src 'self'; script-src 'self' 'unsafe-eval'; object-src 'none'; frame-ancestors 'none'; base-uri 'none'",
      'eval',
    ],
    [
      "default-src *; object-src 'none'; frame-ancestors 'none'; base-uri 'none'",
      'wildcard default',
    ],
    [
      "default-src 'self'; script-src https:; object-src 'none'; frame-ancestors 'none'; base-uri 'none'",
      'any https script',
    ],
    [
      "default-src 'self'; style-src 'unsafe-inline'; object-src 'none'; frame-ancestors 'none'; base-uri 'none'",
      'inline styles',
    ],
    ["default-src 'self'; frame-ancestors 'none'; base-uri 'none'", 'plugins allowed'],
    ["script-src 'self'; object-src 'none'; frame-ancestors 'none'; base-uri 'none'", 'no default'],
    ['', 'empty'],
  ])('spots a loose policy (%s: %s)', (policy) => {
    expect(isStrictCsp(policy)).toBe(false);
  });
});
