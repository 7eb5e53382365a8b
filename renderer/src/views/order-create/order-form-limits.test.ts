/**
 * The create-order form's bounds are the spec's: every scalar field is a property of
 * OrderRequest in shared/api/openapi.yaml (read from the parsed document), its most characters
 * are the property's maxLength, the fields the form requires are the spec's required ones, and
 * the statuses offered are the property's enum. A spec change that moves a bound fails here
 * instead of a create being refused by the API.
 */
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '../../../../shared/api/openapi-document.gen';
import { SCALAR_FIELDS, STATUSES } from './order-form-fields';

interface Property {
  maxLength?: number;
  enum?: unknown[];
}
const orderRequest = (
  openApiDocument as {
    components: {
      schemas: { OrderRequest: { required: string[]; properties: Record<string, Property> } };
    };
  }
).components.schemas.OrderRequest;

describe("the create-order form's limits against the spec", () => {
  it('has only fields the spec lets a create write', () => {
    const unknown = SCALAR_FIELDS.map((f) => f.name).filter(
      (name) => !Object.hasOwn(orderRequest.properties, name),
    );
    expect(unknown).toEqual([]);
  });

  it.each(SCALAR_FIELDS.map((f) => [f.name, f] as const))(
    '%s: at most as many characters as the spec allows',
    (name, field) => {
      const max = 'max' in field ? field.max : undefined;
      expect(max).toBe(orderRequest.properties[name]?.maxLength);
    },
  );

  it("requires exactly the spec's required fields", () => {
    const required = SCALAR_FIELDS.filter((f) => 'required' in f && f.required).map((f) => f.name);
    expect([...required].sort()).toEqual([...orderRequest.required].sort());
  });

  it("offers the spec's statuses", () => {
    expect([...STATUSES]).toEqual(orderRequest.properties.status?.enum);
  });
});
