/**
 * The one OpenAPI validator: shared/api/openapi.yaml (the generated module, so it works bundled
 * and packaged) turned into Ajv validators, each Ajv built once per process and each schema
 * compiled once. Two readings of the same document:
 *
 * - `strict`: every bound the description states (formats, patterns, lengths, ranges, enums),
 *   every error listed. The sandbox checks create requests with it; the conformance tests check
 *   the sandbox's answers with it.
 * - `tolerant`: what a client may rely on when reading (spec: "clients must ignore response
 *   fields they do not recognise"; fields and values are added over time). Required fields,
 *   types and nullability are checked; formats, patterns, lengths, ranges and enums are not (a
 *   new order status must not hide a page of orders). First error only: it runs on every page.
 *
 * Also the operation table (operation id → method and path template), so a caller names an
 * operation by its id alone.
 */
import { _, Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { FREE_FORM_NUMBERS, numberBoundsSchema } from './number-bounds';
import { openApiDocument } from './openapi-document.gen';
import { openApiToJsonSchema } from './openapi-json-schema';
import { hasUnusable } from './usable-numbers';

export type Reading = 'strict' | 'tolerant';
export type { ErrorObject, ValidateFunction };

type Json = Record<string, unknown>;

export type HttpMethod = 'get' | 'put' | 'post' | 'delete' | 'patch' | 'head' | 'options';
const METHODS: readonly HttpMethod[] = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

export interface OperationInfo {
  id: string;
  method: HttpMethod;
  /** The path template as written, e.g. `/api/orders/{id}/`. */
  path: string;
  /** The names of its `{…}` parameters, in order. */
  pathParams: string[];
  /** JSON pointer of the operation object in the document. */
  pointer: string;
}

/** What the description says of one operation's answer with one status. */
interface AnswerInfo {
  contentTypes: string[];
  /** The pointer of its JSON body's schema; undefined when it is not JSON with a schema. */
  jsonPointer: string | undefined;
}

/** A paged answer checked in two parts: the envelope (rows unchecked) and each row alone. */
export interface PageValidators {
  envelope: ValidateFunction;
  row: ValidateFunction;
  /**
   * A row's numbers alone (number-bounds.ts), run in every reading of the page; only in the
   * tolerant reading (the strict one states its own bounds). Its errors read with
   * `numberBoundsProblem`.
   */
  numbers: ValidateFunction;
}

export interface OpenApiValidator {
  readonly reading: Reading;
  operation(operationId: string): OperationInfo | undefined;
  operations(): readonly OperationInfo[];
  /** The media types documented for this status; undefined when the status is not documented. */
  contentTypes(operationId: string, status: number): string[] | undefined;
  /** The validator of this answer's JSON body; undefined when the answer is not JSON. */
  response(operationId: string, status: number): ValidateFunction | undefined;
  /** For an answer with a `results` array: the envelope's and one row's validators. */
  page(operationId: string, status: number): PageValidators | undefined;
  /** The validator of the operation's JSON request body; undefined when it takes none. */
  request(operationId: string): ValidateFunction | undefined;
  /** The validator of `#/components/schemas/<name>`. */
  schema(name: string): ValidateFunction;
  /** The number-bounds check of `#/components/schemas/<name>` (number-bounds.ts). */
  numbers(name: string): ValidateFunction;
}

/** Constraint keywords the tolerant reading drops (see the file comment). */
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
const DOC_ID = 'openapi';
const BOUNDS_DOC_ID = 'openapi-number-bounds';

const built = new Map<Reading, OpenApiValidator>();

/** The validator of shared/api/openapi.yaml in this reading, built once per process. */
export function openApiValidator(reading: Reading): OpenApiValidator {
  let validator = built.get(reading);
  if (!validator) {
    validator = buildValidator(openApiDocument, reading);
    built.set(reading, validator);
  }
  return validator;
}

/** Builds a validator for any OpenAPI 3.0 document (tests of the helper itself use this). */
export function buildValidator(document: Readonly<Json>, reading: Reading): OpenApiValidator {
  const converted = openApiToJsonSchema(document) as Json;
  const doc = reading === 'tolerant' ? mapSchemas(converted, relaxSchema) : converted;
  const ajv =
    reading === 'strict'
      ? new Ajv({ strict: false, allErrors: true })
      : new Ajv({ strict: false, allErrors: false, validateFormats: false });
  if (reading === 'strict') addFormats(ajv);
  ajv.addSchema(doc, DOC_ID);
  ajv.addKeyword({
    keyword: FREE_FORM_NUMBERS,
    schemaType: 'boolean',
    // Generated code calling hasUnusable directly, not a `validate` keyword: Ajv builds a data
    // context for each call of one of those, which made the whole check of a 500-order page
    // 1.8 ms of CPU against 1.0 ms this way (bench/README.md, issue 34).
    code(cxt) {
      if (cxt.schema !== true) return;
      const check = cxt.gen.scopeValue('func', { ref: hasUnusable });
      cxt.fail(_`${check}(${cxt.data})`);
    },
  });
  // Built on first use: the strict reading (the sandbox's) never asks for it.
  const boundsCompiled = new Map<string, ValidateFunction>();
  let boundsAdded = false;
  const boundsAt = (pointer: string): ValidateFunction => {
    if (!boundsAdded) {
      ajv.addSchema(mapSchemas(converted, numberBoundsSchema), BOUNDS_DOC_ID);
      boundsAdded = true;
    }
    let validate = boundsCompiled.get(pointer);
    if (!validate) {
      validate = ajv.compile({ $ref: `${BOUNDS_DOC_ID}#${pointer}` });
      boundsCompiled.set(pointer, validate);
    }
    return validate;
  };

  const operations = indexOperations(doc);
  const compiled = new Map<string, ValidateFunction>();
  const at = (where: string): ValidateFunction => {
    // Keyed by the schema's own place, so a `$ref` and what it points to share one compile.
    const [, pointer] = deref(doc, pointerGet(doc, where), where);
    let validate = compiled.get(pointer);
    if (!validate) {
      validate = ajv.compile({ $ref: `${DOC_ID}#${pointer}` });
      compiled.set(pointer, validate);
    }
    return validate;
  };
  const pages = new Map<string, PageValidators | null>();

  // What each operation documents per status, looked up once: the API client asks for it on
  // every answer, and the lookup (pointer walks, $ref hops) cost more than checking a small
  // page's envelope (issue 34: CPU per page).
  const answers = new Map<string, AnswerInfo | null>();
  const answerOf = (operationId: string, status: number): AnswerInfo | undefined => {
    const key = `${status} ${operationId}`;
    let info = answers.get(key);
    if (info === undefined) {
      const found = responseOf(operationId, status);
      info = found
        ? {
            contentTypes: Object.keys((found[0].content ?? {}) as Json),
            jsonPointer: jsonSchemaPointer(found),
          }
        : null;
      answers.set(key, info);
    }
    return info ?? undefined;
  };

  /** The response object documented for this status, and its pointer. */
  const responseOf = (operationId: string, status: number): [Json, string] | undefined => {
    const op = operations.get(operationId);
    if (!op) return undefined;
    const responses = (pointerGet(doc, op.pointer)?.responses ?? {}) as Json;
    const key = [String(status), `${Math.floor(status / 100)}XX`, 'default'].find(
      (k) => k in responses,
    );
    if (key === undefined) return undefined;
    return deref(doc, responses[key], `${op.pointer}/responses/${esc(key)}`);
  };

  /** The pointer of the JSON schema of this answer, when it is JSON with a schema. */
  const jsonSchemaPointer = ([node, pointer]: [Json, string]): string | undefined => {
    const content = (node.content ?? {}) as Json;
    const type = Object.keys(content).find(isJsonMediaType);
    if (type === undefined) return undefined;
    const [media, mediaPointer] = deref(doc, content[type], `${pointer}/content/${esc(type)}`);
    return media.schema ? `${mediaPointer}/schema` : undefined;
  };

  return {
    reading,
    operation: (operationId) => operations.get(operationId),
    operations: () => [...operations.values()],
    contentTypes(operationId, status) {
      // A copy: the caller may change what it is given.
      const types = answerOf(operationId, status)?.contentTypes;
      return types ? [...types] : undefined;
    },
    response(operationId, status) {
      const pointer = answerOf(operationId, status)?.jsonPointer;
      return pointer === undefined ? undefined : at(pointer);
    },
    page(operationId, status) {
      const pointer = answerOf(operationId, status)?.jsonPointer;
      if (pointer === undefined) return undefined;
      let cached = pages.get(pointer);
      if (cached === undefined) {
        cached = pageValidators(ajv, doc, pointer, at, boundsAt);
        pages.set(pointer, cached);
      }
      return cached ?? undefined;
    },
    request(operationId) {
      const op = operations.get(operationId);
      const body = op ? pointerGet(doc, op.pointer)?.requestBody : undefined;
      if (!op || body === undefined) return undefined;
      const [requestBody, pointer] = deref(doc, body, `${op.pointer}/requestBody`);
      const content = (requestBody.content ?? {}) as Json;
      const type = Object.keys(content).find(isJsonMediaType);
      if (type === undefined) return undefined;
      const [, mediaPointer] = deref(doc, content[type], `${pointer}/content/${esc(type)}`);
      return at(`${mediaPointer}/schema`);
    },
    schema(name) {
      if (pointerGet(doc, `/components/schemas/${esc(name)}`) === undefined) {
        throw new Error(`OpenAPI: no schema "${name}"`);
      }
      return at(`/components/schemas/${esc(name)}`);
    },
    numbers(name) {
      if (pointerGet(doc, `/components/schemas/${esc(name)}`) === undefined) {
        throw new Error(`OpenAPI: no schema "${name}"`);
      }
      return boundsAt(`/components/schemas/${esc(name)}`);
    },
  };
}

/**
 * The envelope of a paged answer (its `results` only required to be an array) and its row
 * schema, compiled apart so one bad row can be told from a bad page. Null when the answer has
 * no `results` array.
 */
function pageValidators(
  ajv: Ajv,
  doc: Json,
  pointer: string,
  at: (pointer: string) => ValidateFunction,
  boundsAt: (pointer: string) => ValidateFunction,
): PageValidators | null {
  const [schema, schemaPointer] = deref(doc, pointerGet(doc, pointer), pointer);
  const properties = schema.properties as Json | undefined;
  const results = properties?.results as Json | undefined;
  if (results?.type !== 'array' || results.items === undefined) return null;
  const envelope = absoluteRefs({
    ...schema,
    properties: { ...properties, results: { type: 'array' } },
  }) as Json;
  return {
    envelope: ajv.compile(envelope),
    row: at(`${schemaPointer}/properties/results/items`),
    numbers: boundsAt(`${schemaPointer}/properties/results/items`),
  };
}

/** Ajv errors as lines: `/path message`, `(the answer)` for the root. */
export function problemLines(errors: readonly ErrorObject[] | null | undefined): string[] {
  return (errors ?? []).map((e) => {
    const path = e.instancePath === '' ? '(the answer)' : e.instancePath;
    const params = e.params as { additionalProperty?: unknown; allowedValues?: unknown };
    const extra =
      e.keyword === 'additionalProperties'
        ? ` (${String(params.additionalProperty)})`
        : e.keyword === 'enum'
          ? ` (${JSON.stringify(params.allowedValues)})`
          : '';
    return `${path} ${e.message ?? e.keyword}${extra}`;
  });
}

export function isJsonMediaType(mediaType: string): boolean {
  const type = mediaType.split(';')[0]?.trim().toLowerCase() ?? '';
  return type === 'application/json' || type.endsWith('+json');
}

/** Whether an answer's media type fits a documented one (`*\/*` and `type/*` included). */
export function mediaTypeMatches(documented: string, actual: string): boolean {
  const d = documented.toLowerCase();
  if (d === actual || d === '*/*') return true;
  return d.endsWith('/*') && actual.startsWith(d.slice(0, -1));
}

function addFormats(ajv: Ajv): void {
  // ajv-formats is CommonJS; its default export arrives wrapped under ESM.
  const add = ((addFormatsModule as unknown as { default?: unknown }).default ??
    addFormatsModule) as (a: Ajv) => void;
  add(ajv);
}

function indexOperations(doc: Json): Map<string, OperationInfo> {
  const out = new Map<string, OperationInfo>();
  for (const [path, item] of Object.entries((doc.paths ?? {}) as Json)) {
    for (const method of METHODS) {
      const node = (item as Json)[method] as Json | undefined;
      if (typeof node?.operationId !== 'string') continue;
      const pathParams = [...path.matchAll(/\{([^{}]+)\}/g)].map((m) => m[1] as string);
      out.set(node.operationId, {
        id: node.operationId,
        method,
        path,
        pathParams,
        pointer: `/paths/${esc(path)}/${method}`,
      });
    }
  }
  return out;
}

/** A copy of the document with every schema (a `schema` and each named one) mapped by `map`. */
function mapSchemas(doc: Json, map: (schema: unknown) => unknown): Json {
  const walk = (node: unknown, key?: string): unknown => {
    if (Array.isArray(node)) return node.map((n) => walk(n));
    if (node === null || typeof node !== 'object') return node;
    if (key === 'schema') return map(node);
    const out: Json = {};
    for (const [k, v] of Object.entries(node as Json)) out[k] = walk(v, k);
    return out;
  };
  const out = walk(doc) as Json;
  const components = out.components as Json | undefined;
  const schemas = components?.schemas as Json | undefined;
  if (components && schemas) {
    components.schemas = Object.fromEntries(
      Object.entries(schemas).map(([name, schema]) => [name, map(schema)]),
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

/** A copy whose local `$ref`s point into the registered document (for a schema compiled alone). */
function absoluteRefs(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(absoluteRefs);
  if (node === null || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [k, v] of Object.entries(node as Json)) {
    out[k] =
      k === '$ref' && typeof v === 'string' && v.startsWith('#')
        ? `${DOC_ID}${v}`
        : absoluteRefs(v);
  }
  return out;
}

function pointerGet(doc: Json, pointer: string): Json | undefined {
  return pointer
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((n, k) => (n as Json | undefined)?.[k], doc) as Json | undefined;
}

/** Follows local `$ref`s; returns the object and its JSON pointer. */
function deref(doc: Json, node: unknown, pointer: string): [Json, string] {
  let current = node as Json | undefined;
  let where = pointer;
  for (let hops = 0; typeof current?.$ref === 'string'; hops++) {
    const ref = current.$ref as string;
    if (hops > 20 || !ref.startsWith('#/')) throw new Error(`OpenAPI: unusable $ref ${ref}`);
    where = ref.slice(1);
    current = pointerGet(doc, where);
    if (current === undefined) throw new Error(`OpenAPI: unresolved $ref ${ref}`);
  }
  return [current ?? {}, where];
}

function esc(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}
