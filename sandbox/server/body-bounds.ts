/**
 * Bounds on an order create's body beyond what the OpenAPI schema says, so that nothing the
 * sandbox stores can break a later read (issue 17.3). The schema bounds every typed string
 * (maxLength, patterns, formats); it cannot bound:
 *
 * - the spec's `any` fields (`items`, `billing_address`, `tax_lines`, `tags`,
 *   `note_attributes`): a list nested 5,000 deep was stored and then made JSON.stringify
 *   overflow its stack on every read of the order list;
 * - numbers: JSON's `1e999` parses to Infinity, which JSON writes back as `null`;
 * - `note`, the one string the spec gives no maximum.
 *
 * The caps are the sandbox's choices where the spec says `any` (see sandbox/README.md). Each
 * refusal is a 400 naming the field (nested fields as `items.0.name`). Written by hand, not as
 * schema keywords for Ajv: the `any` fields have no schema, JSON Schema has no depth keyword,
 * and the walk must stop at the depth limit instead of recursing through whatever was sent.
 */
import { invalid } from './api-error';

/** Lists and objects an `any` field may nest, the field's own value counting as level 1. */
export const MAX_DEPTH = 8;
/** Elements of a list inside an `any` field, unless the field has its own cap below. */
export const MAX_LIST = 500;
/** Per-field caps on the top-level list: order lines, tags, tax lines, note attributes. */
const FIELD_LIST_CAPS: Readonly<Record<string, number>> = {
  items: 500,
  tags: 250,
  tax_lines: 100,
  note_attributes: 100,
};
export const MAX_KEYS = 100;
export const MAX_KEY_LENGTH = 255;
/** Characters of a string inside an `any` field (an item name, a gift message). */
export const MAX_STRING = 2000;
/** Characters of `note`, which the spec leaves unbounded. */
export const MAX_NOTE = 5000;
/** Largest magnitude of any number in the body: beyond it no order field means anything. */
export const MAX_NUMBER = 1e15;
/** One 400 names at most this many fields: a hostile body must not make a huge error. */
const MAX_REPORTED = 20;

const ANY_FIELDS = ['items', 'billing_address', 'tax_lines', 'tags', 'note_attributes'];
/** Typed numeric fields of OrderRequest (the schema checks their type, not their size). */
const NUMBER_FIELDS = ['weight_kg', 'customer'];

/** Throws a 400 naming every field (up to 20) that breaks a bound; returns when none does. */
export function checkOrderBounds(body: unknown): void {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return;
  const errors = new BoundErrors();
  const fields = body as Record<string, unknown>;
  for (const name of NUMBER_FIELDS) {
    if (name in fields) checkNumber(fields[name], name, errors);
  }
  const note = fields.note;
  if (typeof note === 'string' && note.length > MAX_NOTE) {
    errors.add('note', `Ensure this field has no more than ${MAX_NOTE} characters.`);
  }
  for (const name of ANY_FIELDS) {
    if (name in fields) walk(fields[name], name, 1, FIELD_LIST_CAPS[name] ?? MAX_LIST, errors);
  }
  if (errors.count > 0) throw invalid(errors.fields);
}

class BoundErrors {
  readonly fields: Record<string, string[]> = {};
  count = 0;
  add(field: string, message: string): void {
    if (this.count >= MAX_REPORTED) return;
    this.fields[field] = [...(this.fields[field] ?? []), message];
    this.count++;
  }
  get full(): boolean {
    return this.count >= MAX_REPORTED;
  }
}

function checkNumber(value: unknown, path: string, errors: BoundErrors): void {
  if (typeof value !== 'number') return;
  if (!Number.isFinite(value)) errors.add(path, 'Must be a finite number.');
  else if (Math.abs(value) > MAX_NUMBER) {
    errors.add(path, 'Ensure this value is no larger than 10^15 in magnitude.');
  }
}

/** Recursion stops at MAX_DEPTH + 1, so a value of any depth is walked in bounded stack. */
function walk(
  value: unknown,
  path: string,
  depth: number,
  listCap: number,
  errors: BoundErrors,
): void {
  if (errors.full) return;
  if (typeof value === 'number') {
    checkNumber(value, path, errors);
    return;
  }
  if (typeof value === 'string') {
    if (value.length > MAX_STRING) {
      errors.add(path, `Ensure this field has no more than ${MAX_STRING} characters.`);
    }
    return;
  }
  if (value === null || typeof value !== 'object') return;
  if (depth > MAX_DEPTH) {
    errors.add(path, `Nested too deeply: at most ${MAX_DEPTH} levels of lists and objects.`);
    return;
  }
  if (Array.isArray(value)) {
    if (value.length > listCap) {
      errors.add(path, `Ensure this list has no more than ${listCap} elements.`);
      return;
    }
    for (let i = 0; i < value.length; i++) {
      walk(value[i], `${path}.${i}`, depth + 1, MAX_LIST, errors);
    }
    return;
  }
  const keys = Object.keys(value);
  if (keys.length > MAX_KEYS) {
    errors.add(path, `Ensure this object has no more than ${MAX_KEYS} keys.`);
    return;
  }
  for (const key of keys) {
    if (key.length > MAX_KEY_LENGTH) {
      errors.add(path, `Ensure every key has no more than ${MAX_KEY_LENGTH} characters.`);
      continue;
    }
    walk((value as Record<string, unknown>)[key], `${path}.${key}`, depth + 1, MAX_LIST, errors);
  }
}

/**
 * Values a client sent, for an error message: at most five, strings quoted and cut to 40
 * characters, anything else by its type. `String(value)` of a list nested 5,000 deep
 * overflows the stack, and a message must not grow with what was sent.
 */
export function shownValues(values: readonly unknown[]): string {
  const shown = values.slice(0, 5).map((v) => {
    if (typeof v === 'string') return JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v);
    if (typeof v === 'number' || typeof v === 'boolean' || v === null) return String(v);
    return Array.isArray(v) ? 'a list' : `a ${typeof v}`;
  });
  return values.length > 5 ? `${shown.join(', ')} and ${values.length - 5} more` : shown.join(', ');
}
