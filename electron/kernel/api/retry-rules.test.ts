import { describe, expect, it } from 'vitest';
import { parseRetryAfter, retryAfterSeconds } from './retry-after';
import { relativePath, requestKind } from './retry-policy';

describe('requestKind: which requests may be sent again', () => {
  it.each([
    ['GET', '/api/orders/', 'idempotent'],
    ['GET', '/api/orders/1042/', 'idempotent'],
    ['GET', '/api/orders/export/', 'idempotent'],
    ['GET', '/api/returns/requests/7/label/', 'idempotent'],
    ['HEAD', '/api/orders/', 'idempotent'],
    ['POST', '/api/orders/documents/', 'idempotent'],
    ['POST', '/api/orders/labels-batch/', 'idempotent'],
    ['POST', '/api/orders/1042/refresh-tracking/', 'idempotent'],
    ['post', '/api/orders/1042/refresh-tracking/', 'idempotent'],
    ['POST', '/api/orders/', 'create'],
    ['POST', '/api/orders/1042/cancel/', 'unsafe'],
    ['POST', '/api/orders/abc/refresh-tracking/', 'unsafe'],
    ['PUT', '/api/orders/1042/', 'unsafe'],
    ['DELETE', '/api/orders/1042/', 'unsafe'],
    ['PATCH', '/api/orders/documents/', 'unsafe'],
  ])('%s %s → %s', (method, path, kind) => {
    expect(requestKind(method, path)).toBe(kind);
  });

  it('reads paths relative to a base URL with a prefix', () => {
    const base = new URL('https://ops.example.com/fulfillment');
    expect(relativePath(new URL('https://ops.example.com/fulfillment/api/orders/'), base)).toBe(
      '/api/orders/',
    );
    expect(
      relativePath(new URL('http://127.0.0.1:8787/api/orders/'), new URL('http://127.0.0.1:8787')),
    ).toBe('/api/orders/');
  });
});

describe('Retry-After', () => {
  const now = Date.parse('2026-11-22T10:00:00Z');

  it('reads seconds', () => {
    expect(parseRetryAfter('12', now)).toBe(12);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
    expect(parseRetryAfter('1.5', now)).toBe(1.5);
  });

  it('reads an HTTP-date in each form HTTP allows', () => {
    expect(parseRetryAfter('Sun, 22 Nov 2026 10:00:30 GMT', now)).toBe(30);
    expect(parseRetryAfter('Sunday, 22-Nov-26 10:01:00 GMT', now)).toBe(60);
    // asctime has no zone (read as local time): only check that it is understood.
    expect(parseRetryAfter('Sun Nov 22 10:00:05 2026', now)).toEqual(expect.any(Number));
  });

  it('treats a date in the past as no wait, caps long waits, and refuses nonsense', () => {
    expect(parseRetryAfter('Sun, 22 Nov 2026 09:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('86400', now)).toBe(300);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter('-5', now)).toBeUndefined();
    expect(parseRetryAfter('', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });

  it('falls back to the body, then to one second', () => {
    expect(retryAfterSeconds(null, { code: 'throttled', retry_after: 7 }, now)).toBe(7);
    expect(retryAfterSeconds('3', { retry_after: 7 }, now)).toBe(3);
    expect(retryAfterSeconds('later', { retry_after: 'x' }, now)).toBe(1);
    expect(retryAfterSeconds(undefined, undefined, now)).toBe(1);
  });
});
