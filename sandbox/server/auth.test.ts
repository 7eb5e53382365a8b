import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { KeyRing, presentedKey } from './auth';

const status = (fn: () => unknown) => {
  try {
    fn();
    return 200;
  } catch (e) {
    return e instanceof ApiError ? `${e.status} ${e.code}` : 'thrown';
  }
};

describe('API keys', () => {
  it('reads either header, and X-API-Key wins when both are sent', () => {
    expect(presentedKey({ 'x-api-key': 'a' })).toBe('a');
    expect(presentedKey({ authorization: 'Api-Key b' })).toBe('b');
    expect(presentedKey({ authorization: 'api-key  b ' })).toBe('b');
    expect(presentedKey({ 'x-api-key': 'a', authorization: 'Api-Key b' })).toBe('a');
    expect(presentedKey({ authorization: 'Bearer b' })).toBeUndefined();
  });

  it('answers 401 with a code for a missing, unknown or revoked key', () => {
    const ring = new KeyRing(['k1', 'k2']);
    expect(status(() => ring.authenticate({}))).toBe('401 not_authenticated');
    expect(status(() => ring.authenticate({ 'x-api-key': 'nope' }))).toBe(
      '401 authentication_failed',
    );
    expect(status(() => ring.authenticate({ 'x-api-key': 'k2' }))).toBe(200);
    ring.revoke('k2');
    expect(status(() => ring.authenticate({ 'x-api-key': 'k2' }))).toBe(
      '401 authentication_failed',
    );
    expect(status(() => ring.authenticate({ 'x-api-key': 'k1' }))).toBe(200);
  });
});
