/**
 * The address of one call, from the operation's path template (the OpenAPI description) and
 * its parameters. Written here rather than left to a generic client because an id in a path is
 * where a request can be turned elsewhere: the key goes wherever the URL points.
 *
 * - Each path parameter is percent-encoded as one segment (encodeURIComponent: `/`, `?`, `#`,
 *   `%`, spaces and the rest become `%XX`), so any id the spec allows reaches its own endpoint.
 * - What cannot be one segment is refused with a typed, plain error before anything is sent:
 *   an empty id, `.` and `..` (the URL parser removes dot segments, also written `%2e`, so
 *   `…/shipments/../` would be another endpoint), and text with a lone surrogate (it has no
 *   UTF-8 form; encodeURIComponent would throw).
 * - Last, the built URL's path must be exactly the one intended, segment for segment: a
 *   belt-and-braces check that no parser step changed it.
 *
 * Query values are primitives (lists are joined by the callers, as the spec's comma-separated
 * filters ask); undefined and null are left out; booleans are `true` / `false`.
 */
import type { OperationInfo } from '@shared/api/openapi-validator';
import { BridgeFailure } from '../failure';
import type { AnyRequest } from './operation-types';

const LONE_SURROGATE = /\p{Cs}/u;

export function operationUrl(baseUrl: string, op: OperationInfo, request: AnyRequest): URL {
  const { origin, prefix } = parsedBase(baseUrl);
  const path = op.path.replace(/\{([^{}]+)\}/g, (_match, name: string) =>
    pathSegment(name, request.path?.[name]),
  );
  const query = queryString(request.query);
  const url = new URL(`${origin}${prefix}${path}${query}`);
  if (url.pathname !== `${prefix}${path}` || url.origin !== origin) {
    throw unusableId('id', 'it would change the address the request is sent to');
  }
  return url;
}

/** The last base parsed: a console talks to one address, and every call starts from it. */
let lastBase: { text: string; origin: string; prefix: string } | undefined;

function parsedBase(text: string): { origin: string; prefix: string } {
  if (lastBase?.text !== text) {
    const base = new URL(text);
    lastBase = { text, origin: base.origin, prefix: base.pathname.replace(/\/+$/, '') };
  }
  return lastBase;
}

/** One path parameter as one encoded segment, or a typed error saying why it cannot be. */
export function pathSegment(name: string, value: string | number | undefined): string {
  if (value === undefined) {
    // The types require every parameter; reaching this is a bug in a handler.
    throw new Error(`The path parameter ${name} is missing.`);
  }
  const text = String(value);
  if (text === '') throw unusableId(name, 'it is empty', text);
  if (text === '.' || text === '..') {
    throw unusableId(name, 'it would change the address the request is sent to', text);
  }
  if (LONE_SURROGATE.test(text)) {
    throw unusableId(name, 'it holds a broken character (a lone UTF-16 surrogate)', text);
  }
  return encodeURIComponent(text);
}

function queryString(query: AnyRequest['query']): string {
  if (!query) return '';
  const parts: string[] = [];
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    const text = String(value);
    if (LONE_SURROGATE.test(text)) {
      throw new BridgeFailure(
        'invalid_arguments',
        `The ${name.replace(/_/g, ' ')} holds a broken character (a lone UTF-16 surrogate). Type it again.`,
      );
    }
    parts.push(`${encodeURIComponent(name)}=${encodeURIComponent(text)}`);
  }
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}

/** The id as it may be shown: lone surrogates as U+FFFD, long ones cut. */
function shown(text: string): string {
  const safe = text.replace(/\p{Cs}/gu, '\uFFFD');
  return safe.length > 70 ? `${safe.slice(0, 70)}…` : safe;
}

function unusableId(name: string, why: string, text?: string): BridgeFailure {
  const what = name.replace(/[{}]/g, '').replace(/_/g, ' ');
  const value = text === undefined ? '' : ` “${shown(text)}”`;
  return new BridgeFailure(
    'invalid_arguments',
    `Packbench cannot ask the service for the ${what}${value}: ${why}.`,
    { fieldErrors: { [name]: [`This ${what} cannot be sent: ${why}.`] } },
  );
}
