/**
 * The OpenAPI description as the sandbox uses it: create requests are validated against the
 * same schema the console's types are generated from (so the bounds live in one place), with
 * the one OpenAPI validator (shared/api/openapi-validator.ts) in its strict reading.
 */
import type { ErrorObject, ValidateFunction } from 'ajv';
import { openApiDocument as generated } from '../../shared/api/openapi-document.gen';
import { openApiToJsonSchema } from '../../shared/api/openapi-json-schema';
import { openApiValidator } from '../../shared/api/openapi-validator';

let doc: Record<string, unknown> | undefined;
/** The document with OpenAPI's `nullable` rewritten as JSON Schema. */
export function openApiDocument(): Record<string, unknown> {
  doc ??= openApiToJsonSchema(generated) as Record<string, unknown>;
  return doc;
}

/** `#/components/schemas/<name>`, compiled once (strict: every bound, every error). */
export function schemaValidator(name: string): ValidateFunction {
  return openApiValidator('strict').schema(name);
}

/** Ajv errors as field → messages, in words a person can act on. */
export function fieldErrors(errors: readonly ErrorObject[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const e of errors) {
    const path = e.instancePath.split('/').filter(Boolean);
    if (e.keyword === 'required') path.push(String(e.params.missingProperty));
    const field = path.join('.') || 'non_field_errors';
    const message = explain(e);
    if (!out[field]?.includes(message)) out[field] = [...(out[field] ?? []), message];
  }
  return out;
}

function explain(e: ErrorObject): string {
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'required':
      return 'This field is required.';
    case 'maxLength':
      return `Ensure this field has no more than ${String(p.limit)} characters.`;
    case 'minLength':
      return p.limit === 1
        ? 'This field may not be blank.'
        : `Ensure this field has at least ${String(p.limit)} characters.`;
    case 'enum':
      return `Not a valid choice; use one of: ${(p.allowedValues as unknown[]).map(String).join(', ')}.`;
    case 'pattern':
      return 'Not in the expected format (a decimal is a string such as "12.50").';
    case 'type':
      return `Must be ${article(String(p.type))}.`;
    case 'format':
      return `Must be a valid ${String(p.format)}.`;
    case 'minimum':
    case 'maximum':
      return `Must be ${e.keyword === 'minimum' ? 'at least' : 'at most'} ${String(p.limit)}.`;
    default:
      return e.message ?? 'Invalid value.';
  }
}

function article(type: string): string {
  const words = type.split(',').map((t) => (t === 'integer' ? 'a whole number' : `a ${t}`));
  return words.join(' or ');
}
