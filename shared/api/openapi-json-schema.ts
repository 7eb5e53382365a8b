/**
 * OpenAPI 3.0 schemas are not quite JSON Schema; this turns a whole OpenAPI document into one
 * Ajv understands. Pure, so both the sandbox's test validator and the main process's response
 * validator use it (it lives in shared/ because the sandbox may import nothing else).
 *
 * - `nullable: true` becomes `type: [T, "null"]` (and adds null to an `enum`); on a schema
 *   without a single type (e.g. `type: object` + `allOf: [$ref]`) it becomes
 *   `anyOf: [{type: "null"}, <schema>]`, since the `$ref`'d schema would otherwise refuse null.
 * - `readOnly`, `example`, `description` and the other OpenAPI annotations are left alone
 *   (Ajv runs with `strict: false`).
 */
type Json = Record<string, unknown>;

/** A deep copy of an OpenAPI 3.0 document whose schemas are JSON Schema. Only `nullable` is rewritten. */
export function openApiToJsonSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(openApiToJsonSchema);
  if (node === null || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [k, v] of Object.entries(node as Json)) out[k] = openApiToJsonSchema(v);
  if (out.nullable !== true) return out;
  delete out.nullable;
  const composed = 'allOf' in out || 'anyOf' in out || 'oneOf' in out || '$ref' in out;
  if (typeof out.type === 'string' && !composed) {
    out.type = [out.type, 'null'];
    if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
    return out;
  }
  if (out.type === undefined && !composed) return out; // untyped: already admits null
  const { description, readOnly, writeOnly, ...schema } = out;
  const wrapped: Json = { anyOf: [{ type: 'null' }, schema] };
  if (description !== undefined) wrapped.description = description;
  if (readOnly !== undefined) wrapped.readOnly = readOnly;
  if (writeOnly !== undefined) wrapped.writeOnly = writeOnly;
  return wrapped;
}
