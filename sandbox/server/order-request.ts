/** Validation of `POST /api/orders/` bodies against the OrderRequest schema. */
import type { OrderRequest } from '../data/types';
import { invalid } from './api-error';
import { fieldErrors, openApiDocument, schemaValidator } from './openapi-doc';

let validate: ReturnType<typeof schemaValidator> | undefined;
let writable: string[] | undefined;

/** Returns the request with only its writable fields, or throws a 400 naming each bad field. */
export function parseOrderRequest(body: unknown): OrderRequest {
  validate ??= schemaValidator('OrderRequest');
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw invalid({ non_field_errors: ['The body must be a JSON object.'] });
  }
  if (!validate(body)) throw invalid(fieldErrors(validate.errors ?? []));
  writable ??= Object.keys(orderRequestSchema().properties ?? {});
  // Unknown and read-only fields are ignored, as the real service does.
  const clean: Record<string, unknown> = {};
  for (const key of writable) {
    if (key in body) clean[key] = (body as Record<string, unknown>)[key];
  }
  return clean as OrderRequest;
}

function orderRequestSchema(): { properties?: Record<string, unknown> } {
  const components = openApiDocument().components as {
    schemas: Record<string, { properties?: Record<string, unknown> }>;
  };
  const schema = components.schemas.OrderRequest;
  if (!schema) throw new Error('OrderRequest is missing from shared/api/openapi.yaml');
  return schema;
}
