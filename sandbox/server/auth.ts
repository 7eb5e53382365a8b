/**
 * API keys: both headers are accepted and X-API-Key wins when both are sent (spec,
 * Authentication 2-3). Keys can be added and revoked at run time; all keys act for the one
 * sandbox account.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { ApiError } from './api-error';

export class KeyRing {
  private readonly keys = new Set<string>();
  private readonly revoked = new Set<string>();

  constructor(keys: readonly string[]) {
    for (const key of keys) this.add(key);
  }

  add(key: string): void {
    if (!key) throw new Error('An API key cannot be empty.');
    this.keys.add(key);
    this.revoked.delete(key);
  }

  revoke(key: string): void {
    if (this.keys.delete(key)) this.revoked.add(key);
  }

  list(): string[] {
    return [...this.keys];
  }

  /** Returns the key the request authenticates with, or throws the 401 to send. */
  authenticate(headers: IncomingHttpHeaders): string {
    const key = presentedKey(headers);
    if (key === undefined) {
      throw new ApiError(401, 'not_authenticated', 'Authentication credentials were not provided.');
    }
    if (this.revoked.has(key)) {
      throw new ApiError(401, 'authentication_failed', 'This API key has been revoked.');
    }
    if (!this.keys.has(key)) {
      throw new ApiError(401, 'authentication_failed', 'Invalid API key.');
    }
    return key;
  }
}

/** The key a request presents: X-API-Key if sent, else `Authorization: Api-Key <key>`. */
export function presentedKey(headers: IncomingHttpHeaders): string | undefined {
  const header = headers['x-api-key'];
  const xApiKey = Array.isArray(header) ? header[0] : header;
  if (xApiKey !== undefined) return xApiKey.trim();
  const match = /^Api-Key\s+(\S+)\s*$/i.exec(headers.authorization ?? '');
  return match?.[1];
}
