/**
 * What each operation promises to answer, checked at run time: the documented content types
 * per status, and JSON bodies validated against the OpenAPI schema with Ajv.
 *
 * The check is tolerant on purpose (spec: "clients must ignore response fields they do not
 * recognise"; fields and values are added over time). It catches what would break the
 * console (a missing required field, a wrong type, null where no null is allowed) and lets
 * through what would only be cosmetic: unknown fields, and values outside documented bounds
 * (formats, patterns, lengths, ranges, enums — a new order status must not hide a whole page
 * of orders). The document comes from the generated module, not a file read, so this works
 * bundled and packaged.
 */
import { Ajv, type ValidateFunction } from 'ajv';
import { openApiDocument } from '../../../shared/api/openapi-document.gen';
import { openApiToJsonSchema } from '../../../shared/api/openapi-json-schema';
import type { operations } from '../../../shared/api/schema.gen';

export type OperationId = keyof operations;

type Json = Record<string, unknown>;

/** Constraint keywords dropped for reading (see the file comment). */
const RELAXED = new Set([
  'format',
  'pattern',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
  'enum',
]);
/** Keywords whose value is a schema, a list of schemas, or a map of them. */
const ONE_SCHEMA = ['items', 'not', 'additionalProperties'];
const SCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf'];
const SCHEMA_MAPS = ['properties', 'patternProperties'];
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];
const DOC_ID = 'openapi';

export interface ResponseContract {
  /** The media types documented for this status, or undefined when the status is not documented. */
  contentTypes(operationId: OperationId, status: number): string[] | undefined;
  /** Why `body` does not fit the documented JSON schema (empty when it does). */
  problems(operationId: OperationId, status: number, body: unknown): string[];
}

let shared: ResponseContract | undefined;

/** The contract for shared/api/openapi.yaml, built once per process. */
export function responseContract(): ResponseContract {
  shared ??= buildContract(openApiDocument);
  return shared;
}

export function buildContract(document: Readonly<Json>): ResponseContract {
  const doc = relaxDocument(openApiToJsonSchema(document) as Json);
  const ajv = new Ajv({ strict: false, validateFormats: false, allErrors: false });
  ajv.addSchema(doc, DOC_ID);
  const operationsById = new Map<string, string>();
  for (const [path, item] of Object.entries((doc.paths ?? {}) as Json)) {
    for (const method of METHODS) {
      const op = (item as Json)[method] as Json | undefined;
      if (typeof op?.operationId === 'string') {
        operationsById.set(op.operationId, `/paths/${esc(path)}/${method}`);
      }
    }
  }
  const validators = new Map<string, ValidateFunction>();

  const response = (operationId: string, status: number): [Json, string] | undefined => {
    const opPointer = operationsById.get(operationId);
    if (!opPointer) return undefined;
    const responses = (at(doc, opPointer)?.responses ?? {}) as Json;
    const key = [String(status), `${Math.floor(status / 100)}XX`, 'default'].find(
      (k) => k in responses,
    );
    if (key === undefined) return undefined;
    return deref(doc, responses[key], `${opPointer}/responses/${esc(key)}`);
  };

  return {
    contentTypes(operationId, status) {
      const found = response(operationId, status);
      if (!found) return undefined;
      return Object.keys((found[0].content ?? {}) as Json);
    },
    problems(operationId, status, body) {
      const found = response(operationId, status);
      if (!found) return [`HTTP ${status} is not a documented answer`];
      const [node, pointer] = found;
      const content = (node.content ?? {}) as Json;
      const jsonType = Object.keys(content).find(isJsonMediaType);
      if (jsonType === undefined) return [];
      const [media, mediaPointer] = deref(
        doc,
        content[jsonType],
        `${pointer}/content/${esc(jsonType)}`,
      );
      if (!media.schema) return [];
      const schemaPointer = `${mediaPointer}/schema`;
      let validate = validators.get(schemaPointer);
      if (!validate) {
        validate = ajv.compile({ $ref: `${DOC_ID}#${schemaPointer}` });
        validators.set(schemaPointer, validate);
      }
      if (validate(body)) return [];
      return (validate.errors ?? []).map(
        (e) =>
          `${e.instancePath === '' ? '(the answer)' : e.instancePath} ${e.message ?? e.keyword}`,
      );
    },
  };
}

export function isJsonMediaType(mediaType: string): boolean {
  const type = mediaType.split(';')[0]?.trim().toLowerCase() ?? '';
  return type === 'application/json' || type.endsWith('+json');
}

/** A copy of the document with every schema relaxed for reading. */
function relaxDocument(doc: Json): Json {
  const walk = (node: unknown, key?: string): unknown => {
    if (Array.isArray(node)) return node.map((n) => walk(n));
    if (node === null || typeof node !== 'object') return node;
    if (key === 'schema') return relaxSchema(node);
    const out: Json = {};
    for (const [k, v] of Object.entries(node as Json)) out[k] = walk(v, k);
    return out;
  };
  const out = walk(doc) as Json;
  const components = out.components as Json | undefined;
  const schemas = components?.schemas as Json | undefined;
  if (components && schemas) {
    components.schemas = Object.fromEntries(
      Object.entries(schemas).map(([name, schema]) => [name, relaxSchema(schema)]),
    );
  }
  return out;
}

/** Drops the constraint keywords of one schema and its sub-schemas, never a property named like one. */
function relaxSchema(schema: unknown): unknown {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) return schema;
  const out: Json = {};
  for (const [k, v] of Object.entries(schema as Json)) {
    if (RELAXED.has(k)) continue;
    if (ONE_SCHEMA.includes(k)) out[k] = relaxSchema(v);
    else if (SCHEMA_LISTS.includes(k) && Array.isArray(v)) out[k] = v.map(relaxSchema);
    else if (SCHEMA_MAPS.includes(k) && v !== null && typeof v === 'object') {
      out[k] = Object.fromEntries(Object.entries(v as Json).map(([p, s]) => [p, relaxSchema(s)]));
    } else out[k] = v;
  }
  return out;
}

function at(doc: Json, pointer: string): Json | undefined {
  return pointer
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((n, k) => (n as Json | undefined)?.[k], doc) as Json | undefined;
}

/** Follows local `$ref`s; returns the object and its JSON pointer. */
function deref(doc: Json, node: unknown, pointer: string): [Json, string] {
  let current = node as Json;
  let where = pointer;
  for (let hops = 0; typeof current?.$ref === 'string' && hops < 20; hops++) {
    where = (current.$ref as string).slice(1);
    current = at(doc, where) ?? {};
  }
  return [current ?? {}, where];
}

function esc(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}
