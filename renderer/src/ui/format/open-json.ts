/**
 * The one way into the API's open-shaped fields: those the spec gives as "Any JSON value"
 * (typed `unknown` in the generated types: an order's items and tags, a scan's raw event, a
 * return's risk factors…). Every other field is read through its generated type, so renaming
 * it breaks the compile; these are read here, defensively, because any shape may come: each
 * method answers the wanted kind of value or nothing, never throws.
 */

export type JsonObject = Readonly<Record<string, unknown>>;

function text(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value.trim() === '' ? null : value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return null;
}

function object(value: unknown): JsonObject | null {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as JsonObject)
    : null;
}

function list(value: unknown): readonly unknown[] {
  return Array.isArray(value) ? value : [];
}

export const openJson = {
  /** A scalar as text to show (numbers and booleans spelled out), or null. */
  text,
  /** A finite number, or null. */
  number: (value: unknown): number | null =>
    typeof value === 'number' && Number.isFinite(value) ? value : null,
  /** A JSON object's fields, or null for anything else. */
  object,
  /** A JSON array, or an empty one for anything else. */
  list,
  /** The objects in a JSON array (anything else in it skipped). */
  objects: (value: unknown): JsonObject[] =>
    list(value)
      .map(object)
      .filter((o): o is JsonObject => o !== null),
  /** Any JSON value as short readable text: a scalar, a list of scalars, else its JSON. */
  describe(value: unknown): string | null {
    const scalar = text(value);
    if (scalar !== null) return scalar;
    if (value === null || value === undefined) return null;
    if (Array.isArray(value)) {
      if (value.length === 0) return null;
      if (value.every((v) => text(v) !== null)) return value.map((v) => text(v)).join(', ');
    }
    const fields = object(value);
    if (fields && Object.keys(fields).length === 0) return null;
    return JSON.stringify(value);
  },
};
