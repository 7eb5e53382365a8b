/**
 * The API's failures as typed bridge errors, each with a sentence a warehouse worker can act
 * on. Nothing here ever sees the API key, and no text from the server is copied into a
 * message except the `detail` of a 400 (which explains what to fix) and field errors.
 */
import { BridgeFailure } from '../failure';

/** Why a create was not retried, in the words the person needs. */
export const CREATE_MAY_EXIST =
  'The order may have been created. Check the order list (search for it) before trying again.';

export function outcomeUnknown(reason: string, status?: number): BridgeFailure {
  return new BridgeFailure('outcome_unknown', `${reason} ${CREATE_MAY_EXIST}`, { status });
}

export function timeoutFailure(seconds: number): BridgeFailure {
  return new BridgeFailure(
    'timeout',
    `The service did not answer within ${Math.max(1, seconds)} seconds. Try again; if it keeps happening, check the network.`,
  );
}

export function cancelledFailure(mayHaveCreated = false): BridgeFailure {
  return new BridgeFailure(
    'cancelled',
    mayHaveCreated ? `Cancelled after the order was sent. ${CREATE_MAY_EXIST}` : 'Cancelled.',
  );
}

export function badResponse(what: string, status?: number): BridgeFailure {
  return new BridgeFailure(
    'bad_response',
    `The service's answer was not what the Fulfillment API promises (${what}). Try again; if it keeps happening, tell whoever runs the service.`,
    { status },
  );
}

export function rateLimited(retryAfter: number): BridgeFailure {
  const seconds = Math.max(1, Math.ceil(retryAfter));
  return new BridgeFailure(
    'rate_limited',
    `The account's request limit is reached (shared with everyone using it). Try again in ${seconds} s.`,
    { status: 429, retryAfter: seconds },
  );
}

export function serverError(status: number): BridgeFailure {
  return new BridgeFailure(
    'server_error',
    `The service had a problem (HTTP ${status}) and did not recover after several tries. Try again in a minute.`,
    { status },
  );
}

/**
 * An error answer (4xx/5xx other than 429, which the transport handles) as a BridgeFailure.
 * `body` is whatever the answer carried: parsed JSON, text, or nothing.
 */
export function httpFailure(status: number, body: unknown): BridgeFailure {
  const detail = detailOf(body);
  switch (status) {
    case 400: {
      const fieldErrors = fieldErrorsOf(body);
      const fields = fieldErrors ? Object.keys(fieldErrors) : [];
      const what =
        fields.length > 0
          ? `Check ${fields.slice(0, 5).join(', ')}${fields.length > 5 ? ' and more' : ''}.`
          : (detail ?? 'Check what was entered.');
      return new BridgeFailure('invalid_input', `The service refused the request. ${what}`, {
        status,
        ...(fieldErrors ? { fieldErrors } : {}),
      });
    }
    case 401:
      return new BridgeFailure(
        'unauthorized',
        'The API key was refused (it may be mistyped or revoked). Enter a valid key under Connections.',
        { status },
      );
    case 403:
      return new BridgeFailure(
        'forbidden',
        'This API key may not do this; the action is only available in the service’s own app.',
        { status },
      );
    case 404:
      return new BridgeFailure(
        'not_found',
        'Not found: it may have been removed, or the number is wrong.',
        { status },
      );
    case 429:
      return rateLimited(1);
    default:
      if (status >= 500) return serverError(status);
      return new BridgeFailure(
        'bad_response',
        `The service answered with an unexpected status (HTTP ${status}). Try again; if it keeps happening, tell whoever runs the service.`,
        { status },
      );
  }
}

function detailOf(body: unknown): string | undefined {
  if (body === null || typeof body !== 'object') return undefined;
  const detail = (body as { detail?: unknown }).detail;
  return typeof detail === 'string' && detail.trim() !== '' ? cap(detail.trim(), 300) : undefined;
}

/**
 * Field errors from a 400 body: the sandbox sends `errors: { field: [messages] }`; other
 * shapes (a string per field, DRF's bare `{ field: [messages] }`) are tolerated.
 */
export function fieldErrorsOf(body: unknown): Record<string, string[]> | undefined {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const record = body as Record<string, unknown>;
  const source =
    record.errors !== null && typeof record.errors === 'object' && !Array.isArray(record.errors)
      ? (record.errors as Record<string, unknown>)
      : Object.fromEntries(
          Object.entries(record).filter(([k]) => !['detail', 'code', 'errors'].includes(k)),
        );
  const out: Record<string, string[]> = {};
  for (const [field, value] of Object.entries(source).slice(0, 50)) {
    const messages = (Array.isArray(value) ? value : [value])
      .filter((m): m is string => typeof m === 'string')
      .slice(0, 5)
      .map((m) => cap(m, 200));
    if (messages.length > 0) out[cap(field, 80)] = messages;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

function cap(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}…`;
}
