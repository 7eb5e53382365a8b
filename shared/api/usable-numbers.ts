/**
 * Numbers JSON can carry but a row cannot mean. `JSON.parse` reads `1e999` as Infinity and
 * `12345678901234567890` as a rounded double, and the API description's `integer` and
 * `number` types do not stop either (Ajv's type check passes Infinity, and a double past
 * 2^53 is still "a whole number"). Such a value is never a real id, count or amount: an id
 * past Number.MAX_SAFE_INTEGER no longer names one order (its neighbours read the same), and
 * Infinity serialises to `null` on the way to the renderer.
 *
 * Pure, and in shared/ because the tolerant validator (openapi-validator.ts) checks them:
 * bounds on every field the description types as a number, and `hasUnusable` over the values
 * it leaves free-form ("Any JSON value"). Fields it does not name are not looked at (the
 * spec: clients ignore response fields they do not recognise).
 */

/** Past these a number is Infinity or a whole number that cannot be exact. */
export const USABLE_MAX = Number.MAX_SAFE_INTEGER;
export const USABLE_MIN = -Number.MAX_SAFE_INTEGER;

/**
 * Beyond ±(2^53 − 1): Infinity, or a whole number that cannot be exact (every double that
 * large is whole). The same numbers `numberWords` names, found with two comparisons.
 */
function unusable(n: number): boolean {
  return n > USABLE_MAX || n < USABLE_MIN;
}

/** Free-form values nest a few levels (an item's own fields); past this nothing is looked at. */
const MAX_DEPTH = 8;

/** Whether `value` holds an unusable number anywhere within MAX_DEPTH levels. */
export function hasUnusable(value: unknown, depth = 0): boolean {
  if (typeof value === 'number') return unusable(value);
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return false;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      if (typeof item === 'number') {
        if (unusable(item)) return true;
      } else if (item !== null && typeof item === 'object' && hasUnusable(item, depth + 1)) {
        return true;
      }
    }
    return false;
  }
  for (const key in value) {
    const item = (value as Record<string, unknown>)[key];
    if (typeof item === 'number') {
      if (unusable(item)) return true;
    } else if (item !== null && typeof item === 'object' && hasUnusable(item, depth + 1)) {
      return true;
    }
  }
  return false;
}

/**
 * The first unusable number within `value`, in words ("items.0.qty is too large to read as a
 * number"), its fields named from `path` (the value's own place in the row, '' for the row).
 * Only called once a check has failed: the common case builds no path.
 */
export function unusableNumberProblem(value: unknown, path: string, depth = 0): string | undefined {
  if (typeof value === 'number') return numberWords(value, path);
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return undefined;
  const entries: [string, unknown][] = Array.isArray(value)
    ? value.map((item, i) => [String(i), item])
    : Object.entries(value);
  for (const [key, item] of entries) {
    const found = unusableNumberProblem(item, path ? `${path}.${key}` : key, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** What is wrong with `n` at `path`, in words; undefined when it is usable. */
export function numberWords(n: number, path: string): string | undefined {
  const field = path || 'the row';
  if (!Number.isFinite(n)) return `${field} is too large to read as a number`;
  // A whole number past 2^53 cannot be told from its neighbours: as an id it names no one row.
  if (Number.isInteger(n) && !Number.isSafeInteger(n)) {
    return `${field} is ${n.toExponential(3)}, too large to be exact`;
  }
  return undefined;
}
