/**
 * `Retry-After` as the spec and HTTP allow it: delta-seconds ("12") or an HTTP-date
 * ("Wed, 21 Oct 2026 07:28:00 GMT"). The spec promises seconds; a proxy or a future version
 * may send a date, and a value we cannot read must still make the queue wait a little.
 */

/** Used when the answer gives no usable wait: long enough for a token bucket to refill a bit. */
export const DEFAULT_RETRY_AFTER_SECONDS = 1;
/** A server asking for more than this is more likely wrong than right; the user can retry. */
export const MAX_RETRY_AFTER_SECONDS = 300;

/**
 * Seconds to wait, clamped to [0, max]; `undefined` when the header is missing or unreadable
 * (the caller then tries the body's `retry_after`, then the default).
 */
export function parseRetryAfter(
  value: string | null | undefined,
  nowMs: number,
  maxSeconds = MAX_RETRY_AFTER_SECONDS,
): number | undefined {
  if (value === null || value === undefined) return undefined;
  const text = value.trim();
  if (text === '') return undefined;
  if (/^\d+(\.\d+)?$/.test(text)) return clamp(Number(text), maxSeconds);
  // Every HTTP-date form starts with the day's name; anything else (e.g. "-5") is nonsense.
  if (!/^[A-Za-z]/.test(text)) return undefined;
  // Date.parse reads the IMF-fixdate, RFC 850 and asctime forms HTTP allows.
  const at = Date.parse(text);
  if (Number.isNaN(at)) return undefined;
  return clamp((at - nowMs) / 1000, maxSeconds);
}

/** The wait for a 429: header first, then the body's `retry_after`, then the default. */
export function retryAfterSeconds(
  header: string | null | undefined,
  body: unknown,
  nowMs: number,
): number {
  const fromHeader = parseRetryAfter(header, nowMs);
  if (fromHeader !== undefined) return fromHeader;
  const fromBody =
    body !== null && typeof body === 'object'
      ? (body as { retry_after?: unknown }).retry_after
      : undefined;
  if (typeof fromBody === 'number' && Number.isFinite(fromBody) && fromBody >= 0) {
    return clamp(fromBody, MAX_RETRY_AFTER_SECONDS);
  }
  return DEFAULT_RETRY_AFTER_SECONDS;
}

function clamp(seconds: number, max: number): number {
  if (!Number.isFinite(seconds)) return max;
  return Math.min(max, Math.max(0, seconds));
}
