/**
 * What the description says of one schema's properties, for code that fills in what a request
 * left out (the sandbox's created orders): read from shared/api/openapi.yaml, so a field the
 * description makes nullable is defaulted without a hand-kept copy of the list.
 */
import { openApiDocument } from './openapi-document.gen';

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** `#/components/schemas/<name>`'s properties, in the document's order. */
function propertiesOf(name: string): [string, Json][] {
  const schemas = (openApiDocument.components as Json | undefined)?.schemas;
  const schema = isObject(schemas) ? schemas[name] : undefined;
  if (!isObject(schema) || !isObject(schema.properties)) {
    throw new Error(`The API description has no object schema named ${name}.`);
  }
  return Object.entries(schema.properties).filter((e): e is [string, Json] => isObject(e[1]));
}

/**
 * The properties of a schema that may be null: those marked `nullable`, and those that take
 * any JSON value (no `type`, `$ref` or composition), which null is one of.
 */
export function nullableProperties(name: string): string[] {
  return propertiesOf(name)
    .filter(([, p]) => {
      if (p.nullable === true) return true;
      return !('type' in p || '$ref' in p || 'allOf' in p || 'oneOf' in p || 'anyOf' in p);
    })
    .map(([key]) => key);
}
