/**
 * Responses built from the OpenAPI schemas, for tests that prove a view renders anything the API
 * may send without crashing: every field present, required fields only, nullable fields null,
 * arrays empty, and unknown extra fields at every level. Each variant is valid against its schema
 * (schema-variants.test.ts checks that with Ajv), so a crash is the view's fault, not the data's.
 *
 * Hand-written rather than json-schema-faker & co.: those draw random values, while these tests
 * need the same few systematic extremes every run (a random generator seldom hits "every optional
 * field missing" and "every nullable null" at once, and a failing seed is hard to reproduce).
 */
import { openApiDocument } from '../../../shared/api/openapi-document.gen';
import type { components } from '../../../shared/api/schema.gen';

export type SchemaName = keyof components['schemas'];

type Mode = 'full' | 'required' | 'nulls' | 'empty' | 'unknown';

interface Schema {
  $ref?: string;
  type?: string;
  nullable?: boolean;
  enum?: unknown[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  allOf?: Schema[];
  anyOf?: Schema[];
  oneOf?: Schema[];
}

export interface SchemaVariant<T = unknown> {
  label: string;
  /** Typed as the generated type of its schema, which it is valid against (at run time too). */
  value: T;
}

type SchemaType<N extends SchemaName> = components['schemas'][N];

const SCHEMAS = (openApiDocument as { components: { schemas: Record<string, Schema> } }).components
  .schemas;

const MODES: { mode: Mode; label: string }[] = [
  { mode: 'full', label: 'every field present' },
  { mode: 'required', label: 'required fields only' },
  { mode: 'nulls', label: 'nullable fields null' },
  { mode: 'empty', label: 'arrays empty' },
  { mode: 'unknown', label: 'unknown extra fields' },
];

/** Field added to every object in the 'unknown' variant: clients must ignore it. */
export const UNKNOWN_FIELD = 'x_added_later';

/** The five variants of one schema, each valid against it. */
export function schemaVariants<N extends SchemaName>(name: N): SchemaVariant<SchemaType<N>>[] {
  return MODES.map(({ mode, label }) => ({
    label,
    value: sample({ $ref: ref(name) }, mode, 0) as SchemaType<N>,
  }));
}

/** One variant (e.g. to put inside another response). */
export function schemaSample<N extends SchemaName>(name: N, mode: Mode = 'full'): SchemaType<N> {
  return sample({ $ref: ref(name) }, mode, 0) as SchemaType<N>;
}

/** A paginated envelope around `items`, as the list endpoints answer. */
export function pageOf<T>(items: T[], count = items.length) {
  return { count, next: null, previous: null, results: items };
}

function ref(name: string): string {
  return `#/components/schemas/${name}`;
}

function resolve(schema: Schema): Schema {
  let s = schema;
  for (let hops = 0; s.$ref && hops < 20; hops++) {
    const name = s.$ref.replace('#/components/schemas/', '');
    const target = SCHEMAS[name];
    if (!target) throw new Error(`schemaVariants: no schema ${s.$ref}`);
    s = target;
  }
  return s;
}

/** allOf merged into one object schema (the document uses allOf to wrap a $ref). */
function flatten(schema: Schema): Schema {
  const s = resolve(schema);
  if (!s.allOf) return s;
  const parts = s.allOf.map(flatten);
  const merged: Schema = { ...s, allOf: undefined };
  for (const p of parts) {
    merged.type ??= p.type;
    merged.properties = { ...merged.properties, ...p.properties };
    merged.required = [...(merged.required ?? []), ...(p.required ?? [])];
    merged.enum ??= p.enum;
    merged.format ??= p.format;
    merged.pattern ??= p.pattern;
    merged.items ??= p.items;
  }
  return merged;
}

function sample(schema: Schema, mode: Mode, depth: number): unknown {
  const s = flatten(schema);
  if (mode === 'nulls' && s.nullable) return null;
  const choice = s.anyOf ?? s.oneOf;
  if (choice) {
    const options = choice.map(flatten);
    if (mode === 'nulls' && options.some((o) => o.type === 'null')) return null;
    const first = options.find((o) => o.type !== 'null') ?? {};
    return sample(first, mode, depth + 1);
  }
  if (s.enum) return pickEnum(s.enum, mode);
  switch (s.type) {
    case 'string':
      return stringFor(s, mode);
    case 'integer':
      return numberFor(s, 3);
    case 'number':
      return numberFor(s, 2.5);
    case 'boolean':
      return mode !== 'required';
    case 'array':
      return arrayFor(s, mode, depth);
    case 'object':
      return objectFor(s, mode, depth);
    default:
      return s.properties ? objectFor(s, mode, depth) : anyValue(mode);
  }
}

/** "Any JSON value" fields get a different shape per variant: views must not assume one. */
function anyValue(mode: Mode): unknown {
  switch (mode) {
    case 'full':
      return { sample: 'value', count: 2 };
    case 'required':
      return 'a plain string';
    case 'nulls':
      return null;
    case 'empty':
      return [];
    case 'unknown':
      return [{ [UNKNOWN_FIELD]: true }, 7];
  }
}

function pickEnum(values: unknown[], mode: Mode): unknown {
  const nonNull = values.filter((v) => v !== null);
  if (mode === 'nulls' && values.includes(null)) return null;
  // Blank enum members ('' = "may be blank") are the edge case of the 'empty' variant.
  if (mode === 'empty' && nonNull.includes('')) return '';
  const named = nonNull.filter((v) => v !== '');
  return mode === 'unknown' ? named[named.length - 1] : named[0];
}

const STRING_CANDIDATES = ['12.50', '12', 'AB', 'Sample text', '1', 'A'];

function stringFor(s: Schema, mode: Mode): string {
  switch (s.format) {
    case 'date-time':
      return '2026-03-04T05:06:07Z';
    case 'date':
      return '2026-03-04';
    case 'uri':
      return 'https://example.com/resource/1';
    case 'email':
      return 'someone@example.com';
    case 'uuid':
      return '123e4567-e89b-12d3-a456-426614174000';
  }
  const fits = (v: string) =>
    v.length <= (s.maxLength ?? Number.POSITIVE_INFINITY) &&
    v.length >= (s.minLength ?? 0) &&
    (!s.pattern || new RegExp(s.pattern).test(v));
  if (mode === 'empty' && fits('')) return '';
  const long = mode === 'full' ? 'Sample text that is rather long for its field' : 'Sample';
  const value = [long, ...STRING_CANDIDATES].find(fits);
  if (value !== undefined) return value;
  // A length bound alone: fill to the minimum.
  if (!s.pattern) return 'x'.repeat(Math.max(1, s.minLength ?? 1)).slice(0, s.maxLength ?? 1);
  throw new Error(`schemaVariants: no sample string for pattern ${s.pattern}`);
}

function numberFor(s: Schema, preferred: number): number {
  if (s.minimum !== undefined && preferred < s.minimum) return s.minimum;
  if (s.maximum !== undefined && preferred > s.maximum) return s.maximum;
  return preferred;
}

function arrayFor(s: Schema, mode: Mode, depth: number): unknown[] {
  if (mode === 'empty' || depth > 6 || !s.items) return [];
  const count = mode === 'required' ? 1 : 2;
  return Array.from({ length: count }, () => sample(s.items as Schema, mode, depth + 1));
}

function objectFor(s: Schema, mode: Mode, depth: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const required = new Set(s.required ?? []);
  for (const [key, prop] of Object.entries(s.properties ?? {})) {
    if (mode === 'required' && !required.has(key)) continue;
    if (depth > 6 && !required.has(key)) continue;
    out[key] = sample(prop, mode, depth + 1);
  }
  if (typeof s.additionalProperties === 'object') {
    // A map: its keys are data, so "unknown" means one more entry of the same shape.
    if (mode !== 'empty') out.first_key = sample(s.additionalProperties, mode, depth + 1);
    if (mode === 'unknown') out[UNKNOWN_FIELD] = sample(s.additionalProperties, mode, depth + 1);
  } else if (mode === 'unknown') {
    out[UNKNOWN_FIELD] = { nested: [1, 'two', null] };
  }
  return out;
}
