/**
 * Which requests may be sent again after a failure whose outcome is unknown (a dropped
 * connection, a timeout, a 5xx). Only those whose repetition does no harm:
 *
 * - every GET (reads);
 * - the PDF POSTs, `/api/orders/documents/` and `/api/orders/labels-batch/`: they only render
 *   documents of existing orders (spec: read-only, nothing is bought or changed);
 * - `POST /api/orders/{id}/refresh-tracking/`: it queues a refresh, and queuing twice is
 *   harmless (a second request does not restart a refresh already queued; the sandbox
 *   README says the same of its implementation);
 * - NOT `POST /api/orders/` (create): a second send may create a second order. It is retried
 *   only when it certainly never reached the server (connection refused, DNS failure) or
 *   was refused with 429 (refused, not processed).
 *
 * Anything else (a method or path this table does not know) is treated like a create.
 */

export type RequestKind = 'idempotent' | 'create' | 'unsafe';

/** POST paths (relative to the base URL) that are safe to repeat. */
const IDEMPOTENT_POSTS: readonly RegExp[] = [
  /^\/api\/orders\/documents\/$/,
  /^\/api\/orders\/labels-batch\/$/,
  /^\/api\/orders\/\d+\/refresh-tracking\/$/,
];

const CREATE_ORDER = /^\/api\/orders\/$/;

/**
 * How a request may be retried. `path` is the URL's path relative to the base URL (a base URL
 * may carry a path prefix, e.g. https://host/fulfillment).
 */
export function requestKind(method: string, path: string): RequestKind {
  const m = method.toUpperCase();
  if (m === 'GET' || m === 'HEAD') return 'idempotent';
  if (m === 'POST' && IDEMPOTENT_POSTS.some((re) => re.test(path))) return 'idempotent';
  if (m === 'POST' && CREATE_ORDER.test(path)) return 'create';
  return 'unsafe';
}

/** Statuses worth another attempt for an idempotent request. */
export function isRetryableStatus(status: number): boolean {
  return status === 500 || status === 502 || status === 503 || status === 504;
}

/** The request path relative to the base URL's path, for requestKind. */
export function relativePath(url: URL, base: URL): string {
  const prefix = base.pathname.replace(/\/+$/, '');
  return prefix && url.pathname.startsWith(`${prefix}/`)
    ? url.pathname.slice(prefix.length)
    : url.pathname;
}
