/**
 * The value at a path of a row, as a validation error names it (`/items/0/qty` split into
 * its segments): what the error messages read to say what a field held.
 */

/** The value at `parts` within `row`; undefined where the path leaves the row's objects. */
export function valueAt(row: unknown, parts: readonly string[]): unknown {
  return parts.reduce<unknown>(
    (node, key) =>
      node !== null && typeof node === 'object'
        ? (node as Record<string, unknown>)[key]
        : undefined,
    row,
  );
}
