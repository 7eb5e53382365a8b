/**
 * The errors the dispatcher itself answers with, and the checks on every error before it
 * leaves the main process. Everything here treats its input as hostile: method names and
 * argument keys come from the renderer (capped before they are echoed), and error text from
 * handlers may hold a secret (scanned, and replaced by a generic error when it does).
 */

import type { BridgeError, BridgeErrorCode } from '@shared/contract/bridge-error';
import type { z } from 'zod';

/** Every code a BridgeError may carry; the Record type makes the compiler keep it complete. */
const CODES: Record<BridgeErrorCode, true> = {
  invalid_arguments: true,
  invalid_input: true,
  unauthorized: true,
  forbidden: true,
  not_found: true,
  rate_limited: true,
  server_error: true,
  network: true,
  timeout: true,
  bad_response: true,
  outcome_unknown: true,
  cancelled: true,
  insecure_url: true,
  no_connection: true,
  no_key: true,
  keychain_unavailable: true,
  settings_unreadable: true,
  file_error: true,
  print_refused: true,
  render_failed: true,
  internal: true,
};
export const BRIDGE_ERROR_CODES = Object.freeze(Object.keys(CODES) as BridgeErrorCode[]);

export function isBridgeErrorCode(code: unknown): code is BridgeErrorCode {
  return typeof code === 'string' && Object.hasOwn(CODES, code);
}

export const INTERNAL_MESSAGE =
  'Something went wrong inside Packbench. The details were written to the log.';
export const CANCELLED_MESSAGE = 'Cancelled.';

export const internalError = (): BridgeError => ({ code: 'internal', message: INTERNAL_MESSAGE });
export const cancelledError = (): BridgeError => ({
  code: 'cancelled',
  message: CANCELLED_MESSAGE,
});

/** Shortens renderer-supplied text before it is echoed back or logged. */
export function cap(text: string, max = 60): string {
  return text.length <= max ? text : `${text.slice(0, max)}…`;
}

export function unknownMethodError(method: unknown): BridgeError {
  const shown =
    typeof method === 'string' ? JSON.stringify(cap(method)) : `(a ${describeType(method)})`;
  return { code: 'invalid_arguments', message: `Unknown bridge method ${shown}.` };
}

const MAX_FIELDS = 20;
const MAX_MESSAGES_PER_FIELD = 5;
const MAX_MESSAGE = 200;
const MAX_SUMMARY = 400;

/**
 * Turns zod's issues into field errors (`filters.date_after` → messages) and one sentence a
 * person can read. The sentence never names the bridge method (an internal name): a message
 * written as a sentence (the contract's own, e.g. "An order number is a whole number from 1
 * up, not 0.") stands alone; a terse one gets its field's path in front.
 */
export function invalidArgumentsError(issues: readonly z.core.$ZodIssue[]): BridgeError {
  const fields = new Map<string, string[]>();
  const general: string[] = [];
  const add = (path: string, message: string) => {
    const text = cap(message, MAX_MESSAGE);
    if (path === '') {
      if (general.length < MAX_MESSAGES_PER_FIELD) general.push(text);
      return;
    }
    const list = fields.get(path) ?? [];
    if (!fields.has(path)) {
      if (fields.size >= MAX_FIELDS) return;
      fields.set(path, list);
    }
    if (list.length < MAX_MESSAGES_PER_FIELD) list.push(text);
  };
  collect(issues, [], add);

  const messages = [
    ...general.map((m) => ({ path: '', m })),
    ...[...fields].flatMap(([path, list]) => list.map((m) => ({ path, m }))),
  ];
  const standAlone = messages.length > 0 && messages.every(({ m }) => isSentence(m));
  const parts = messages.map(({ path, m }) => (isSentence(m) || path === '' ? m : `${path}: ${m}`));
  const error: BridgeError = {
    code: 'invalid_arguments',
    message: cap(
      standAlone
        ? parts.join(' ')
        : `This request was not valid: ${parts.map((p) => p.replace(/\.$/, '')).join('; ') || 'the arguments do not match'}.`,
      MAX_SUMMARY,
    ),
  };
  // Object.fromEntries defines own properties, so a key named "__proto__" stays a plain key.
  if (fields.size > 0) error.fieldErrors = Object.fromEntries(fields);
  return error;
}

/** A message that reads as a sentence on its own: a capital first, a full stop last. */
function isSentence(message: string): boolean {
  return /^[\p{Lu}“"]/u.test(message) && /[.…]$/.test(message);
}

function collect(
  issues: readonly z.core.$ZodIssue[],
  prefix: readonly PropertyKey[],
  add: (path: string, message: string) => void,
): void {
  for (const issue of issues) {
    const path = [...prefix, ...issue.path];
    if (issue.code === 'unrecognized_keys') {
      // Named per key, so the renderer can point at the field it should not have sent.
      for (const key of issue.keys.slice(0, MAX_FIELDS)) {
        add(joinPath([...path, key]), `“${cap(String(key), 40)}” is not a field of this request.`);
      }
    } else if (issue.code === 'invalid_union' && issue.errors.length > 0) {
      // Report the alternative that came closest (fewest issues) rather than "Invalid input".
      const closest = [...issue.errors].sort((a, b) => a.length - b.length)[0] ?? [];
      if (closest.length > 0) collect(closest, path, add);
      else add(joinPath(path), issue.message);
    } else {
      add(joinPath(path), issue.message);
    }
  }
}

function joinPath(path: readonly PropertyKey[]): string {
  return path
    .slice(0, 10)
    .map((part) => cap(String(part), 40))
    .join('.');
}

/**
 * A copy of a handler's BridgeError with only the contract's fields, well typed. A handler
 * that built something else (an unknown code, a non-string message) has a bug: internal.
 */
export function cleanError(error: BridgeError): BridgeError {
  if (!isBridgeErrorCode(error.code) || typeof error.message !== 'string') return internalError();
  const out: BridgeError = { code: error.code, message: error.message };
  if (typeof error.status === 'number' && Number.isFinite(error.status)) out.status = error.status;
  if (typeof error.retryAfter === 'number' && Number.isFinite(error.retryAfter)) {
    out.retryAfter = error.retryAfter;
  }
  if (error.fieldErrors && typeof error.fieldErrors === 'object') {
    const entries = Object.entries(error.fieldErrors)
      .filter(([, messages]) => Array.isArray(messages))
      .map(([field, messages]) => [field, messages.map(String)] as const);
    if (entries.length > 0) out.fieldErrors = Object.fromEntries(entries);
  }
  return out;
}

/** Secrets shorter than this are ignored, as `redact` does (they would match everywhere). */
const MIN_SECRET_LENGTH = 4;

export function containsSecret(text: string, secrets: readonly string[]): boolean {
  return secrets.some(
    (secret) =>
      typeof secret === 'string' && secret.length >= MIN_SECRET_LENGTH && text.includes(secret),
  );
}

/** Best-effort text of anything thrown, for the log; never throws itself. */
export function describeThrown(thrown: unknown): string {
  try {
    if (thrown instanceof Error) return thrown.stack ?? `${thrown.name}: ${thrown.message}`;
    if (typeof thrown === 'string') return thrown;
    return `${describeType(thrown)} thrown: ${String(thrown)}`;
  } catch {
    return `${describeType(thrown)} thrown (not printable)`;
  }
}

function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}
