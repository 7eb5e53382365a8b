import { describe, expect, it } from 'vitest';
import { FREE_FORM_NUMBERS, numberBoundsSchema } from './number-bounds';
import { openApiValidator } from './openapi-validator';
import { minimalOrder } from './test-support/minimal-order';

const BOUNDS = { minimum: -Number.MAX_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER };
const FREE = { [FREE_FORM_NUMBERS]: true };

describe('a schema cut down to its number bounds', () => {
  it('bounds every field typed as a number, nullable or not, and nothing else', () => {
    expect(
      numberBoundsSchema({
        type: 'object',
        required: ['id'],
        properties: {
          id: { type: 'integer', minimum: 1 },
          weight_kg: { type: ['number', 'null'] },
          city: { type: 'string', maxLength: 80 },
        },
      }),
    ).toEqual({ properties: { id: BOUNDS, weight_kg: BOUNDS, city: {} } });
  });

  it('marks what the description leaves free-form: untyped, an object or list of no shown shape', () => {
    expect(numberBoundsSchema({ description: 'Any JSON value (structure not shown).' })).toEqual(
      FREE,
    );
    expect(numberBoundsSchema({ type: 'object' })).toEqual(FREE);
    expect(numberBoundsSchema({ type: ['array', 'null'] })).toEqual(FREE);
    expect(numberBoundsSchema({ type: 'object', additionalProperties: {} })).toEqual({
      additionalProperties: FREE,
    });
    // A shape given by composition is not free-form: its parts say what to check.
    expect(numberBoundsSchema({ type: 'object', allOf: [{ $ref: '#/x' }] })).toEqual({
      allOf: [{ $ref: '#/x' }],
    });
    expect(numberBoundsSchema({ type: 'string', enum: ['a'] })).toEqual({});
  });

  it('keeps null a branch of its own in a nullable composed schema', () => {
    const nullable = { anyOf: [{ type: 'null' }, { type: 'object', allOf: [{ $ref: '#/x' }] }] };
    expect(numberBoundsSchema(nullable)).toEqual({
      anyOf: [{ type: 'null' }, { allOf: [{ $ref: '#/x' }] }],
    });
    // A branch with nothing to check would pass anything: no `anyOf` at all then.
    expect(numberBoundsSchema({ anyOf: [{ type: 'string' }, { type: 'integer' }] })).toEqual({});
  });

  it('follows lists and references', () => {
    expect(numberBoundsSchema({ type: 'array', items: { type: 'integer' } })).toEqual({
      items: BOUNDS,
    });
    expect(numberBoundsSchema({ $ref: '#/components/schemas/Order', nullable: true })).toEqual({
      $ref: '#/components/schemas/Order',
    });
  });
});

describe("an order's numbers, checked as the description reads", () => {
  const numbers = openApiValidator('tolerant').numbers('Order');
  const order = (extra: Record<string, unknown> = {}) =>
    minimalOrder({ id: 7, created_at: '2026-05-01T10:00:00Z', ...extra });

  it('passes every usable number, up to 2^53 − 1 either way', () => {
    expect(numbers(order({ weight_kg: Number.MAX_SAFE_INTEGER, shop_id: 2 }))).toBe(true);
    expect(numbers(order({ items: [{ sku: 'A', qty: -Number.MAX_SAFE_INTEGER }] }))).toBe(true);
  });

  it('fails a documented field past 2^53 or Infinity, naming where', () => {
    expect(numbers(order({ id: 2 ** 60 }))).toBe(false);
    expect(numbers.errors?.[0]).toMatchObject({ instancePath: '/id', keyword: 'maximum' });
    expect(numbers(order({ weight_kg: -Infinity }))).toBe(false);
    expect(numbers.errors?.[0]).toMatchObject({ instancePath: '/weight_kg', keyword: 'minimum' });
  });

  it('looks inside the values the description leaves free-form', () => {
    expect(numbers(order({ items: [{ sku: 'A', qty: Infinity }] }))).toBe(false);
    expect(numbers.errors?.[0]).toMatchObject({
      instancePath: '/items',
      keyword: FREE_FORM_NUMBERS,
    });
    expect(numbers(order({ carrier_shipment: { deep: [{ n: 2 ** 54 }] } }))).toBe(false);
  });

  it('ignores fields the description does not name, as the spec asks of clients', () => {
    expect(numbers(order({ added_next_year: Infinity, also_new: { n: 2 ** 60 } }))).toBe(true);
  });

  it('does not check types: that is the row schema’s job', () => {
    expect(numbers(order({ id: 'seven', weight_kg: null, items: 'none' }))).toBe(true);
  });
});
