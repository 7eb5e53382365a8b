/**
 * The per-launch session token that guards the bridge routes. Anything on this computer can
 * reach a loopback port (other users, other browsers' pages via DNS rebinding or plain
 * fetch), so the port alone proves nothing: the caller must show the token printed in the
 * console's URL fragment.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';

export function createSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Reads `Authorization: Bearer <token>` and compares it with `expected` in constant time, so
 * response timing tells nothing about how many leading characters were right.
 */
export function bearerMatches(header: string | undefined, expected: string): boolean {
  if (typeof header !== 'string') return false;
  const match = /^Bearer ([A-Za-z0-9_-]{1,512})$/i.exec(header.trim());
  const want = Buffer.from(expected, 'utf8');
  const given = Buffer.from(match?.[1] ?? '', 'utf8');
  // timingSafeEqual needs equal lengths; compare the token with itself so a wrong length
  // costs the same time as a wrong token, then refuse.
  if (given.length !== want.length) {
    timingSafeEqual(want, want);
    return false;
  }
  return timingSafeEqual(given, want);
}
