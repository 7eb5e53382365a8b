import { describe, expect, it } from 'vitest';
import { openApiValidator, problemLines } from './openapi-validator';
import { minimalOrder } from './test-support/minimal-order';

const order = (extra: Record<string, unknown> = {}) =>
  minimalOrder({ id: 7, created_at: '2026-05-01T10:00:00Z', ...extra });

describe('the one OpenAPI validator', () => {
  it('is built once per reading', () => {
    expect(openApiValidator('strict')).toBe(openApiValidator('strict'));
    expect(openApiValidator('tolerant')).toBe(openApiValidator('tolerant'));
    const v = openApiValidator('tolerant');
    expect(v.response('orders_retrieve', 200)).toBe(v.response('orders_retrieve', 200));
  });

  it('knows every operation by its id: method and path template', () => {
    const v = openApiValidator('tolerant');
    expect(v.operation('orders_retrieve')).toMatchObject({
      method: 'get',
      path: '/api/orders/{id}/',
      pathParams: ['id'],
    });
    expect(v.operation('orders_create')).toMatchObject({ method: 'post', path: '/api/orders/' });
    expect(v.operation('shipping_v1_shipments_label_retrieve')?.pathParams).toEqual([
      'shipment_id',
    ]);
    expect(v.operations().length).toBe(25);
    expect(v.operation('nothing')).toBeUndefined();
  });

  it('reads tolerantly: new values and bounds pass, wrong types and missing fields do not', () => {
    const validate = openApiValidator('tolerant').response('orders_retrieve', 200);
    expect(validate?.(order({ status: 'lost_in_space', country: 'GBR', extra: 1 }))).toBe(true);
    expect(validate?.(order({ weight_kg: null }))).toBe(false);
    expect(problemLines(validate?.errors)).toEqual(['/weight_kg must be number']);
    const { city: _, ...withoutCity } = order();
    expect(validate?.(withoutCity)).toBe(false);
  });

  it('checks strictly: every bound, every error', () => {
    const validate = openApiValidator('strict').response('orders_retrieve', 200);
    expect(validate?.(order({ status: 'lost_in_space', country: 'GBR' }))).toBe(false);
    expect(validate?.errors?.length).toBe(2);
  });

  it('splits a paged answer into its envelope and its rows', () => {
    const page = openApiValidator('tolerant').page('orders_list', 200);
    expect(page).toBeDefined();
    const bad = { count: 2, next: null, previous: null, results: [order(), { id: 'x' }] };
    expect(page?.envelope(bad)).toBe(true);
    expect(page?.row(bad.results[0])).toBe(true);
    expect(page?.row(bad.results[1])).toBe(false);
    expect(page?.envelope({ count: '2', results: [] })).toBe(false);
    expect(page?.envelope({ count: 2 })).toBe(false);
    expect(openApiValidator('tolerant').page('orders_retrieve', 200)).toBeUndefined();
    expect(openApiValidator('tolerant').page('shipping_v1_shipments_list', 200)).toBeUndefined();
  });

  it('gives request bodies and components by name', () => {
    const strict = openApiValidator('strict');
    const body = { recipient_name: 'A', address1: 'B', city: 'C', postal_code: 'D', country: 'GB' };
    expect(strict.request('orders_create')?.(body)).toBe(true);
    expect(strict.request('orders_retrieve')).toBeUndefined();
    expect(strict.schema('OrderRequest')).toBe(strict.request('orders_create'));
    expect(() => strict.schema('Nope')).toThrow(/no schema/);
  });
});
