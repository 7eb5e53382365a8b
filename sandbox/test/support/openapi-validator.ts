/**
 * Checks responses and request bodies against shared/api/openapi.yaml with a real JSON Schema
 * validator (Ajv 8 + ajv-formats).
 *
 * OpenAPI 3.0 schemas are not quite JSON Schema, so the document is converted first:
 * - `nullable: true` becomes `type: [T, "null"]` (and adds null to an `enum`); on a schema
 *   without a single type (e.g. `type: object` + `allOf: [$ref]`) it becomes
 *   `anyOf: [{type: "null"}, <schema>]`, since the `$ref`'d schema would otherwise refuse null.
 * - `readOnly`, `example`, `description` and the other OpenAPI annotations are left alone
 *   (Ajv runs with `strict: false`).
 * The whole converted document is registered under the id `openapi`, and each schema is
 * compiled by JSON pointer into it, so every `#/components/...` reference resolves.
 */
import { readFileSync } from 'node:fs';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { parse } from 'yaml';
import { openApiToJsonSchema } from '../../../shared/api/openapi-json-schema';

export { openApiToJsonSchema };

const OPENAPI_URL = new URL('../../../shared/api/openapi.yaml', import.meta.url);
const DOC_ID = 'openapi';

export interface ApiValidator {
  /**
   * Throws an Error listing every schema violation (path + message) when the body does not
   * match the documented response of that operation and status. Also checks the content type
   * is one the operation documents for that status.
   */
  assertResponse(
    operationId: string,
    status: number,
    contentType: string | null,
    body: unknown,
  ): void;
  /** Validates a request body against the operation's request schema; returns the errors (empty when valid). */
  requestErrors(operationId: string, body: unknown): string[];
}

type Json = Record<string, unknown>;

interface Operation {
  method: string;
  path: string;
  /** JSON pointer of the operation object in the document. */
  pointer: string;
  node: Json;
}

let cached: ApiValidator | undefined;

/** The validator for shared/api/openapi.yaml, built once per process. */
export function loadApiValidator(): ApiValidator {
  cached ??= createApiValidator(parse(readFileSync(OPENAPI_URL, 'utf8')) as Json);
  return cached;
}

/** Builds a validator for an OpenAPI 3.0 document (exported for tests of the helper itself). */
export function createApiValidator(document: Json): ApiValidator {
  const doc = openApiToJsonSchema(document) as Json;
  const ajv = new Ajv({ strict: false, allErrors: true });
  // ajv-formats is CommonJS; its default export arrives wrapped under ESM.
  const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ??
    addFormatsModule) as (a: Ajv) => void;
  addFormats(ajv);
  ajv.addSchema(doc, DOC_ID);

  const operations = indexOperations(doc);
  const validators = new Map<string, ValidateFunction>();
  const validatorAt = (pointer: string): ValidateFunction => {
    let v = validators.get(pointer);
    if (!v) {
      v = ajv.compile({ $ref: `${DOC_ID}#${pointer}` });
      validators.set(pointer, v);
    }
    return v;
  };
  const operation = (operationId: string): Operation => {
    const op = operations.get(operationId);
    if (!op) throw new Error(`OpenAPI: no operation "${operationId}"`);
    return op;
  };

  return {
    assertResponse(operationId, status, contentType, body) {
      const op = operation(operationId);
      const where = `${operationId} (${op.method.toUpperCase()} ${op.path}) ${status}`;
      const responses = (op.node.responses ?? {}) as Json;
      const key = [String(status), `${Math.floor(status / 100)}XX`, 'default'].find(
        (k) => k in responses,
      );
      if (key === undefined) {
        throw new Error(
          `${where}: status ${status} is not documented (documented: ${Object.keys(responses).join(', ')})`,
        );
      }
      const [response, responsePointer] = deref(
        doc,
        responses[key],
        `${op.pointer}/responses/${esc(key)}`,
      );
      const content = response.content as Json | undefined;
      if (!content || Object.keys(content).length === 0) return;
      const mediaType = contentType?.split(';')[0]?.trim().toLowerCase() ?? '';
      const documented = Object.keys(content);
      const match = documented.find((m) => mediaTypeMatches(m, mediaType));
      if (match === undefined) {
        throw new Error(
          `${where}: content type "${contentType ?? '(none)'}" is not documented (documented: ${documented.join(', ')})`,
        );
      }
      if (!isJsonMediaType(match)) return; // binary / CSV: the content type is all we check
      const [media, mediaPointer] = deref(
        doc,
        content[match],
        `${responsePointer}/content/${esc(match)}`,
      );
      if (!media.schema) return;
      const validate = validatorAt(`${mediaPointer}/schema`);
      if (!validate(body)) {
        throw new Error(
          `${where}: the body does not match the schema:\n${formatErrors(validate.errors)}`,
        );
      }
    },

    requestErrors(operationId, body) {
      const op = operation(operationId);
      if (!op.node.requestBody) return [`${operationId}: the operation takes no request body`];
      const [requestBody, rbPointer] = deref(doc, op.node.requestBody, `${op.pointer}/requestBody`);
      const content = (requestBody.content ?? {}) as Json;
      const match = Object.keys(content).find(isJsonMediaType);
      if (match === undefined) return [`${operationId}: no JSON request body is documented`];
      const [, mediaPointer] = deref(doc, content[match], `${rbPointer}/content/${esc(match)}`);
      const validate = validatorAt(`${mediaPointer}/schema`);
      return validate(body) ? [] : errorLines(validate.errors);
    },
  };
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

function indexOperations(doc: Json): Map<string, Operation> {
  const out = new Map<string, Operation>();
  for (const [path, item] of Object.entries((doc.paths ?? {}) as Json)) {
    for (const method of METHODS) {
      const node = (item as Json)[method] as Json | undefined;
      if (!node || typeof node.operationId !== 'string') continue;
      out.set(node.operationId, { method, path, node, pointer: `/paths/${esc(path)}/${method}` });
    }
  }
  return out;
}

/** Follows local `$ref`s; returns the object and its JSON pointer in the document. */
function deref(doc: Json, node: unknown, pointer: string): [Json, string] {
  let current = node as Json;
  let at = pointer;
  for (let hops = 0; typeof current?.$ref === 'string'; hops++) {
    if (hops > 20) throw new Error(`OpenAPI: $ref loop at ${pointer}`);
    const ref = current.$ref as string;
    if (!ref.startsWith('#/')) throw new Error(`OpenAPI: only local $refs are supported (${ref})`);
    at = ref.slice(1);
    current = at
      .split('/')
      .slice(1)
      .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce<unknown>((n, key) => (n as Json | undefined)?.[key], doc) as Json;
    if (current === undefined) throw new Error(`OpenAPI: unresolved $ref ${ref}`);
  }
  return [current, at];
}

function esc(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

function isJsonMediaType(mediaType: string): boolean {
  return mediaType === 'application/json' || /\+json$/.test(mediaType);
}

function mediaTypeMatches(documented: string, actual: string): boolean {
  const d = documented.toLowerCase();
  if (d === actual || d === '*/*') return true;
  if (d.endsWith('/*')) return actual.startsWith(d.slice(0, -1));
  return false;
}

function errorLines(errors: readonly ErrorObject[] | null | undefined): string[] {
  return (errors ?? []).map((e) => {
    const path = e.instancePath === '' ? '(body)' : e.instancePath;
    const extra =
      e.keyword === 'additionalProperties'
        ? ` (${String((e.params as { additionalProperty?: unknown }).additionalProperty)})`
        : e.keyword === 'enum'
          ? ` (${JSON.stringify((e.params as { allowedValues?: unknown }).allowedValues)})`
          : '';
    return `${path} ${e.message ?? e.keyword}${extra}`;
  });
}

function formatErrors(errors: readonly ErrorObject[] | null | undefined): string {
  return errorLines(errors)
    .map((line) => `  - ${line}`)
    .join('\n');
}
