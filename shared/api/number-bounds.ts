/**
 * The number-bounds reading of the API description: each schema cut down to what finds a
 * number no row can mean (usable-numbers.ts), so Ajv checks it in the code it generates for
 * the row, not a walk over every value of every row (issue 34: the walk was a fifth of the CPU
 * of a 500-order page beyond its parse).
 *
 * - A field typed `integer` or `number` gets `minimum`/`maximum` of ±(2^53 − 1).
 * - A value the description leaves free-form ("Any JSON value", an object or list whose shape
 *   is not shown) gets the `x-usable-numbers` keyword: every number within it is looked at.
 * - Nothing else is checked: not types, not required fields (the tolerant row schema does
 *   that where a caller reads rows), and not fields the description does not name.
 *
 * Its own document (same pointers as the description, so `$ref`s and callers' pointers hold),
 * so both readings of a page ("rows" and "select all"'s "ids") and the shipments stream run
 * the very same check, and leave out the same rows for it.
 */
import { USABLE_MAX, USABLE_MIN } from './usable-numbers';

type Json = Record<string, unknown>;

/** The keyword marking a free-form value (its validator: hasUnusable). */
export const FREE_FORM_NUMBERS = 'x-usable-numbers';

const isObject = (v: unknown): v is Json =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/** Keywords that give a value a shape (a schema without any of them takes any JSON value). */
const SHAPING = [
  'type',
  '$ref',
  'properties',
  'items',
  'additionalProperties',
  'patternProperties',
  'allOf',
  'anyOf',
  'oneOf',
  'not',
  'enum',
  'const',
];

/** One schema cut down to its number bounds (see the file comment); `{}` when it has none. */
export function numberBoundsSchema(schema: unknown): Json {
  if (!isObject(schema)) return {};
  if (typeof schema.$ref === 'string') return { $ref: schema.$ref };
  const out: Json = {};
  const types = typeof schema.type === 'string' ? [schema.type] : schema.type;
  const typed = Array.isArray(types);
  if (typed && (types.includes('integer') || types.includes('number'))) {
    out.minimum = USABLE_MIN;
    out.maximum = USABLE_MAX;
  }
  if (freeForm(schema, typed ? (types as unknown[]) : undefined)) out[FREE_FORM_NUMBERS] = true;
  if (isObject(schema.properties)) {
    const properties: Json = {};
    // Every property kept, even with nothing to check: callers point into these schemas
    // (a page's `results/items`), and Ajv generates no code for an empty one.
    for (const [name, sub] of Object.entries(schema.properties)) {
      properties[name] = numberBoundsSchema(sub);
    }
    out.properties = properties;
  }
  if (schema.items !== undefined) out.items = numberBoundsSchema(schema.items);
  if (isObject(schema.additionalProperties)) {
    out.additionalProperties = numberBoundsSchema(schema.additionalProperties);
  }
  if (Array.isArray(schema.allOf)) out.allOf = schema.allOf.map(numberBoundsSchema);
  const branches = [schema.anyOf, schema.oneOf].find(Array.isArray);
  if (branches) {
    // A nullable composed schema is `anyOf: [{type: "null"}, …]` (openapi-json-schema.ts):
    // null stays a branch of its own, or the bounds of the other would be skipped for it.
    const cut = branches.map((b) => (isNullOnly(b) ? { type: 'null' } : numberBoundsSchema(b)));
    // A branch with nothing to check passes anything, and so would the whole `anyOf`.
    if (cut.every((b, i) => isNullOnly(branches[i]) || Object.keys(b).length > 0)) out.anyOf = cut;
  }
  return out;
}

/**
 * Free-form: no keyword gives it a shape, or it is an object or list whose fields or items
 * are not described (`type: object` alone, `additionalProperties: {}`).
 */
function freeForm(schema: Json, types: unknown[] | undefined): boolean {
  if (!SHAPING.some((k) => k in schema)) return true;
  if (!types || COMPOSED.some((k) => k in schema)) return false;
  if (types.includes('object') && !isObject(schema.additionalProperties)) {
    return !('properties' in schema || 'patternProperties' in schema);
  }
  return types.includes('array') && schema.items === undefined;
}

const COMPOSED = ['$ref', 'allOf', 'anyOf', 'oneOf', 'not'];

function isNullOnly(schema: unknown): boolean {
  return isObject(schema) && schema.type === 'null' && Object.keys(schema).length === 1;
}
