/**
 * Reading what went wrong when fetch() rejects. Node's fetch (undici) throws
 * `TypeError('fetch failed')` with the real error in `cause` (sometimes an AggregateError
 * when several addresses were tried). What matters for retries is whether the request can
 * have reached the server: a refused or unresolvable connection certainly did not.
 */

/** Errors raised before a single byte of the request was sent. */
const NEVER_SENT = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

export interface NetworkErrorInfo {
  /** The first error code found in the cause chain, if any. */
  code: string | undefined;
  /** True when the request certainly never reached the server. */
  neverSent: boolean;
  /** A TLS certificate problem: retrying will not help. */
  tls: boolean;
}

export function describeNetworkError(error: unknown): NetworkErrorInfo {
  const codes = collectCodes(error);
  const code = codes[0];
  return {
    code,
    neverSent: codes.length > 0 && codes.every((c) => NEVER_SENT.has(c)),
    tls: codes.some((c) => /CERT|SSL|TLS|SELF_SIGNED/i.test(c)),
  };
}

function collectCodes(error: unknown, depth = 0): string[] {
  if (depth > 5 || error === null || typeof error !== 'object') return [];
  const e = error as { code?: unknown; cause?: unknown; errors?: unknown };
  const out: string[] = [];
  if (typeof e.code === 'string') out.push(e.code);
  if (Array.isArray(e.errors))
    for (const inner of e.errors) out.push(...collectCodes(inner, depth + 1));
  if (e.cause !== undefined) out.push(...collectCodes(e.cause, depth + 1));
  return out;
}

/** A plain sentence for a network failure, without any detail that could hold a secret. */
export function networkMessage(info: NetworkErrorInfo, origin: string): string {
  if (info.tls) {
    return `The secure connection to ${origin} could not be established (certificate problem). Check the address; ask IT if it persists.`;
  }
  switch (info.code) {
    case 'ECONNREFUSED':
      return `${origin} refused the connection. Is the service running and the address right?`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `${origin} could not be found. Check the address and the network connection.`;
    default:
      return `The connection to ${origin} failed. Check the network connection and try again.`;
  }
}
