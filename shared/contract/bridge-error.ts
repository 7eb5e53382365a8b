/**
 * The error every bridge method can answer with instead of throwing. `code` is stable (the
 * renderer branches on it); `message` is a sentence a warehouse worker can act on; it never
 * contains the API key.
 */
export type BridgeErrorCode =
  /** The arguments did not match the method's schema. */
  | 'invalid_arguments'
  /** The API refused the input (400), with field errors. */
  | 'invalid_input'
  /** 401: the key is missing, wrong or revoked. */
  | 'unauthorized'
  /** 403: the key may not do this (app-only actions). */
  | 'forbidden'
  | 'not_found'
  /** 429 that outlasted the retries, or a call that could not wait. */
  | 'rate_limited'
  /** 5xx that outlasted the retries. */
  | 'server_error'
  /** No answer: connection refused, reset, DNS, TLS. */
  | 'network'
  | 'timeout'
  /** The answer was not what the spec promises: bad JSON, wrong content type, missing fields. */
  | 'bad_response'
  /** A create whose answer was lost: the order may or may not exist. Never retried. */
  | 'outcome_unknown'
  | 'cancelled'
  /** The base URL is not https (loopback http is allowed for the sandbox). */
  | 'insecure_url'
  | 'no_connection'
  | 'no_key'
  /** No OS keychain answers (e.g. Linux without a Secret Service). */
  | 'keychain_unavailable'
  | 'settings_unreadable'
  | 'file_error'
  /** The print service refused: no such printer, wrong printer for the format, job state. */
  | 'print_refused'
  /** A label could not be drawn for the preview (ZPL it cannot read, too big, too slow). */
  | 'render_failed'
  | 'internal';

export interface BridgeError {
  code: BridgeErrorCode;
  message: string;
  /** The HTTP status, when the API answered. */
  status?: number;
  /** Field → messages, from a 400 or from argument validation. */
  fieldErrors?: Record<string, string[]>;
  /** Seconds to wait before trying again (429). */
  retryAfter?: number;
}

export function bridgeError(
  code: BridgeErrorCode,
  message: string,
  extra: Omit<BridgeError, 'code' | 'message'> = {},
): BridgeError {
  return { code, message, ...extra };
}
