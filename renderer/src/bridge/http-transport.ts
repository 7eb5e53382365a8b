/**
 * Browser mode's calls: one fetch POST per call to the host on this page's own origin. The
 * host answers 200 with the bridge's Result whether ok or not; anything else means the call
 * never reached the bridge, and becomes a typed error here. Nothing throws: a view gets a
 * Result it can show, whatever happened to the network.
 */
import type { BridgeError } from '../../../shared/contract/bridge-error';
import type { Result } from '../../../shared/result';

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;
export type CallResult = Result<unknown, BridgeError>;

export const NOT_ANSWERING =
  'The Packbench host is not answering: check that `npm run console` is still running, then try again.';
export const SESSION_ENDED =
  'This console session has ended or its link is incomplete: open the link that `npm run console` printed.';

const fail = (error: BridgeError): CallResult => ({ ok: false, error });

/**
 * Calls sent with `keepalive`: a write the person made must reach the host even when the page
 * goes away right after (a reload, a closed tab), or the choice is silently lost. The browser
 * finishes such a request after the page is gone, for bodies up to 64 kB in all (the Fetch
 * standard's limit); a settings change is far smaller, and a larger body is sent as usual.
 */
const OUTLIVES_PAGE: ReadonlySet<string> = new Set(['settingsUpdate']);
const KEEPALIVE_MAX = 60_000;

export function isResult(value: unknown): value is CallResult {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  if (v.ok === true) return 'value' in v;
  if (v.ok !== false || typeof v.error !== 'object' || v.error === null) return false;
  const e = v.error as Record<string, unknown>;
  return typeof e.code === 'string' && typeof e.message === 'string';
}

/** A transport refusal (4xx/5xx from the host itself) as the error a view understands. */
export function refusalError(status: number, detail: unknown): BridgeError {
  const said = typeof detail === 'string' && detail.length < 300 ? ` (${detail})` : '';
  if (status === 401) return { code: 'unauthorized', message: SESSION_ENDED, status };
  if (status === 403 || status === 421) {
    return { code: 'forbidden', message: `The Packbench host refused this page${said}.`, status };
  }
  if (status === 404) {
    return { code: 'not_found', message: `The Packbench host has no such method${said}.`, status };
  }
  if (status === 413 || status === 400 || status === 415) {
    return {
      code: 'invalid_arguments',
      message: `The Packbench host could not take this request${said}.`,
      status,
    };
  }
  if (status >= 500) {
    return { code: 'server_error', message: `The Packbench host had a problem${said}.`, status };
  }
  return { code: 'internal', message: `The Packbench host answered ${status}${said}.`, status };
}

export async function httpCall(
  fetchFn: FetchLike,
  token: string | null,
  method: string,
  args: unknown,
): Promise<CallResult> {
  if (token === null) return fail({ code: 'unauthorized', message: SESSION_ENDED });
  let body: string;
  try {
    body = JSON.stringify({ args });
  } catch {
    return fail({ code: 'invalid_arguments', message: 'These arguments cannot be sent.' });
  }
  let response: Response;
  try {
    response = await fetchFn(`/bridge/call/${encodeURIComponent(method)}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body,
      cache: 'no-store',
      credentials: 'omit',
      keepalive: OUTLIVES_PAGE.has(method) && body.length <= KEEPALIVE_MAX,
    });
  } catch {
    return fail({ code: 'network', message: NOT_ANSWERING });
  }
  let parsed: unknown;
  try {
    parsed = await response.json();
  } catch {
    parsed = undefined;
  }
  if (response.status === 200) {
    if (isResult(parsed)) return parsed;
    return fail({
      code: 'bad_response',
      message: 'The Packbench host sent an answer this page cannot read.',
      status: 200,
    });
  }
  const detail = (parsed as { error?: unknown } | undefined)?.error;
  return fail(refusalError(response.status, detail));
}
