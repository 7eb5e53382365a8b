/**
 * Numbers JSON can carry but a row cannot mean. `JSON.parse` reads `1e999` as Infinity and
 * `12345678901234567890` as a rounded double, and the API description's `integer` and
 * `number` types do not stop either (Ajv's type check passes Infinity, and a double past
 * 2^53 is still "a whole number"). Such a value is never a real id, count or amount: an id
 * past Number.MAX_SAFE_INTEGER no longer names one order (its neighbours read the same), and
 * Infinity serialises to `null` on the way to the renderer. So a row holding one is a
 * malformed row, named like the others, in both readings of a page: the page and "select
 * all" then agree on which rows exist.
 */

/** The first unusable number in `row`, in words ("id is too large to read as a number"). */
export function numberProblem(row: unknown): string | undefined {
  // Every row of every page is looked at: the common case (none) builds no path, and only a
  // row holding one is walked again to name the field.
  return hasUnusable(row, 0) ? walk(row, '', 0) : undefined;
}

/**
 * Beyond ±(2^53 − 1): Infinity, or a whole number that cannot be exact (every double that
 * large is whole). The same numbers problemOf names, found with two comparisons.
 */
function unusable(n: number): boolean {
  return n > Number.MAX_SAFE_INTEGER || n < -Number.MAX_SAFE_INTEGER;
}

function hasUnusable(value: unknown, depth: number): boolean {
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

/** Rows nest a few levels (order → shipments → meta); past this depth nothing is looked at. */
const MAX_DEPTH = 8;

function walk(value: unknown, path: string, depth: number): string | undefined {
  if (typeof value === 'number') return problemOf(value, path);
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const item = value[i];
      // Strings and nulls are the common case: skip the call.
      if (item === null || typeof item === 'string' || typeof item === 'boolean') continue;
      const found = walk(item, path ? `${path}.${i}` : String(i), depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  for (const key in value) {
    const item = (value as Record<string, unknown>)[key];
    if (item === null || typeof item === 'string' || typeof item === 'boolean') continue;
    const found = walk(item, path ? `${path}.${key}` : key, depth + 1);
    if (found) return found;
  }
  return undefined;
}

function problemOf(n: number, path: string): string | undefined {
  const field = path || 'the row';
  if (!Number.isFinite(n)) return `${field} is too large to read as a number`;
  // A whole number past 2^53 cannot be told from its neighbours: as an id it names no one row.
  if (Number.isInteger(n) && !Number.isSafeInteger(n)) {
    return `${field} is ${n.toExponential(3)}, too large to be exact`;
  }
  return undefined;
}
