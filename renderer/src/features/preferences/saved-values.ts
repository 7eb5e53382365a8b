/**
 * Reading values back from the settings file, which may be damaged or written by an older
 * version: each reader takes what is valid and drops the rest, value by value.
 */

/** The object stored at a key, or null when there is none (missing, an array, a scalar). */
export function savedObject(raw: unknown): Record<string, unknown> | null {
  return typeof raw === 'object' && raw !== null && !Array.isArray(raw)
    ? (raw as Record<string, unknown>)
    : null;
}

/**
 * Text trimmed and cut to the bridge's limit; '' for anything that is not text (a stored
 * value of another type, nothing).
 */
export const boundedText = (value: unknown, max: number): string =>
  typeof value === 'string' ? value.trim().slice(0, max) : '';

/** A stored value when it is one of the choices (a page size, a sort column), else the fallback. */
export function savedChoice<T>(value: unknown, choices: readonly T[], fallback: T): T {
  return (choices as readonly unknown[]).includes(value) ? (value as T) : fallback;
}
