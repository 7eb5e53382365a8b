import { describe, expect, it } from 'vitest';
import { nullableProperties } from './schema-properties';

describe('nullableProperties', () => {
  it('lists what the description marks nullable or leaves as any JSON, and nothing required', () => {
    const fields = nullableProperties('OrderRequest');
    // nullable: true
    expect(fields).toContain('external_id');
    expect(fields).toContain('cancelled_at');
    // any JSON value (no type): null is one
    expect(fields).toContain('billing_address');
    // required, not nullable
    for (const required of ['recipient_name', 'address1', 'city', 'postal_code', 'country']) {
      expect(fields).not.toContain(required);
    }
    // typed and not nullable
    expect(fields).not.toContain('weight_kg');
  });

  it('refuses a schema the description does not have', () => {
    expect(() => nullableProperties('NoSuchSchema')).toThrow(/no object schema named NoSuchSchema/);
  });
});
