/**
 * The variants are only useful if the API could really send them: each one of every schema in
 * the document is checked with Ajv against the strict schema (formats, patterns and enums kept),
 * and the variants are checked to differ the way their labels say.
 */
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '../../../shared/api/openapi-document.gen';
import { openApiToJsonSchema } from '../../../shared/api/openapi-json-schema';
import {
  pageOf,
  type SchemaName,
  schemaSample,
  schemaVariants,
  UNKNOWN_FIELD,
} from './schema-variants';

// ajv-formats is CommonJS; its default export arrives wrapped under ESM.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ??
  addFormatsModule) as (ajv: Ajv) => void;

const ajv = new Ajv({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema(openApiToJsonSchema(openApiDocument) as object, 'openapi');
const names = Object.keys(
  (openApiDocument as { components: { schemas: object } }).components.schemas,
) as SchemaName[];

describe('schemaVariants', () => {
  it.each(names)('every variant of %s is valid against its schema', (name) => {
    const validate = ajv.getSchema(`openapi#/components/schemas/${name}`);
    if (!validate) throw new Error(`no schema ${name}`);
    for (const variant of schemaVariants(name)) {
      const ok = validate(variant.value);
      expect(ok ? [] : validate.errors, `${name}: ${variant.label}`).toEqual([]);
    }
  });

  it('differ as labelled: optional fields gone, nullables null, arrays empty, extras added', () => {
    const [full, required, nulls, empty, unknown] = schemaVariants('StockLevel').map(
      (v) => v.value as Record<string, unknown>,
    );
    expect(full?.recall).toBe('voluntary');
    expect(nulls?.recall).toBeNull();
    expect(unknown?.[UNKNOWN_FIELD]).toBeDefined();
    const detail = schemaVariants('ProductStock').map((v) => v.value as { levels: unknown[] });
    expect(detail[0]?.levels.length).toBe(2);
    expect(detail[3]?.levels).toEqual([]);
    const location = schemaSample('Location', 'required') as Record<string, unknown>;
    expect(location.is_active).toBeUndefined();
    expect(Object.keys(required ?? {}).length).toBeGreaterThan(0);
    expect(empty).toBeDefined();
  });

  it('the check itself refuses what the API could not send', () => {
    const validate = ajv.getSchema('openapi#/components/schemas/StockLevel');
    const level = { ...(schemaSample('StockLevel') as Record<string, unknown>) };
    delete level.sku;
    expect(validate?.(level)).toBe(false);
    expect(validate?.({ ...level, sku: 'S', recall: 'sometimes' })).toBe(false);
  });

  it('wraps items in a paginated envelope', () => {
    expect(pageOf([1, 2], 40)).toEqual({ count: 40, next: null, previous: null, results: [1, 2] });
  });
});
