import { describe, expect, it } from 'vitest';
import { minimalOrder } from '../../../shared/api/test-support/minimal-order';
import { loadApiValidator, openApiToJsonSchema } from './openapi-validator';

function orderErrors(order: unknown): string {
  try {
    loadApiValidator().assertResponse('orders_retrieve', 200, 'application/json', order);
    return '';
  } catch (err) {
    return (err as Error).message;
  }
}

describe('openapi-validator', () => {
  it('accepts a minimal valid Order with an unknown extra field', () => {
    expect(orderErrors({ ...minimalOrder(), added_later: { anything: true } })).toBe('');
    expect(
      orderErrors({
        ...minimalOrder(),
        total_amount: '-12345678.90',
        status: 'ready',
        phone: null,
      }),
    ).toBe('');
  });

  it('rejects a missing required field', () => {
    const { recipient_name: _, ...order } = minimalOrder();
    expect(orderErrors(order)).toMatch(/must have required property 'recipient_name'/);
  });

  it('rejects a value outside an enum', () => {
    expect(orderErrors({ ...minimalOrder(), status: 'lost' })).toMatch(
      /\/status must be equal to one of/,
    );
  });

  it('rejects a decimal with three fraction digits', () => {
    expect(orderErrors({ ...minimalOrder(), total_amount: '10.125' })).toMatch(
      /\/total_amount must match pattern/,
    );
    expect(orderErrors({ ...minimalOrder(), total_amount: 10.5 })).toMatch(
      /\/total_amount must be string/,
    );
  });

  it('rejects a string over its maximum length', () => {
    expect(orderErrors({ ...minimalOrder(), recipient_name: 'x'.repeat(121) })).toMatch(
      /\/recipient_name must NOT have more than 120 characters/,
    );
  });

  it('lists every violation, not just the first', () => {
    const { city: _, ...order } = minimalOrder();
    const message = orderErrors({
      ...order,
      status: 'lost',
      country: 'GBR',
      created_at: 'yesterday',
    });
    expect(message).toMatch(/'city'/);
    expect(message).toMatch(/\/status/);
    expect(message).toMatch(/\/country/);
    expect(message).toMatch(/\/created_at must match format "date-time"/);
  });

  it('checks nullability, including nullable $refs', () => {
    expect(orderErrors({ ...minimalOrder(), shop_id: 'none' })).toMatch(
      /\/shop_id must be integer/,
    );
    const v = loadApiValidator();
    const address = {
      location_name: 'Home',
      line1: '1 Main St',
      city: 'London',
      postcode: 'N1',
      country_code: 'GB',
    };
    const contact = { address, alternate_address: null };
    const shipment = {
      shipment_id: 'S1',
      carrier: 'carrier_a',
      service_code: 'STD',
      tracking_number: 'T1',
      status: 'completed',
      created_at: '2024-05-01T10:00:00Z',
      ship_from: contact,
      ship_to: { ...contact, alternate_address: address },
      package_count: 0,
    };
    expect(() =>
      v.assertResponse('shipping_v1_shipments_list', 200, 'application/json', [shipment]),
    ).not.toThrow();
    expect(() =>
      v.assertResponse('shipping_v1_shipments_list', 200, 'application/json', [
        { ...shipment, ship_to: { address, alternate_address: { city: 'x' } } },
      ]),
    ).toThrow(/\/0\/ship_to\/alternate_address/);
  });

  it('checks the status and content type', () => {
    const v = loadApiValidator();
    expect(() => v.assertResponse('orders_retrieve', 200, 'text/html', minimalOrder())).toThrow(
      /content type "text\/html" is not documented/,
    );
    expect(() => v.assertResponse('orders_retrieve', 418, 'application/json', {})).toThrow(
      /status 418 is not documented/,
    );
    expect(() =>
      v.assertResponse('orders_retrieve', 200, 'application/json; charset=utf-8', minimalOrder()),
    ).not.toThrow();
    expect(() =>
      v.assertResponse('returns_requests_label_retrieve', 200, 'image/gif', Buffer.from('GIF89a')),
    ).not.toThrow();
    expect(() =>
      v.assertResponse('orders_export_retrieve', 200, 'application/json', 'a,b\r\n'),
    ).toThrow(/not documented/);
    expect(() =>
      v.assertResponse('orders_list', 429, 'application/json', {
        code: 'throttled',
        retry_after: 2,
      }),
    ).not.toThrow();
    expect(() =>
      v.assertResponse('orders_list', 429, 'application/json', {
        code: 'slow_down',
        retry_after: 2,
      }),
    ).toThrow(/\/code/);
  });

  it('validates request bodies', () => {
    const v = loadApiValidator();
    const body = { recipient_name: 'A', address1: 'B', city: 'C', postal_code: 'D', country: 'GB' };
    expect(v.requestErrors('orders_create', body)).toEqual([]);
    expect(v.requestErrors('orders_create', { ...body, country: '' })).toEqual([
      '/country must NOT have fewer than 1 characters',
    ]);
    expect(v.requestErrors('orders_create', { ...body, subtotal_price: '1.234' })).toHaveLength(1);
    expect(
      v.requestErrors('orders_documents_create', { order_ids: [1], kinds: ['receipt'] }),
    ).toHaveLength(1);
    expect(() => v.requestErrors('no_such_operation', {})).toThrow(/no operation/);
  });

  it('rewrites nullable into JSON Schema', () => {
    expect(openApiToJsonSchema({ type: 'string', nullable: true, enum: ['a'] })).toEqual({
      type: ['string', 'null'],
      enum: ['a', null],
    });
    expect(
      openApiToJsonSchema({ type: 'object', nullable: true, allOf: [{ $ref: '#/x' }] }),
    ).toEqual({ anyOf: [{ type: 'null' }, { type: 'object', allOf: [{ $ref: '#/x' }] }] });
  });
});
