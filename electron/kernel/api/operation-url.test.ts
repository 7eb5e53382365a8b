/**
 * The address of a call comes from its operation id alone: method and path template from the
 * OpenAPI description, ids encoded as one segment each, and nothing that could send the key to
 * another path.
 */

import { openApiValidator } from '@shared/api/openapi-validator';
import { describe, expect, it } from 'vitest';
import { BridgeFailure } from '../failure';
import type { ApiClient } from './api-client';
import { operationUrl, pathSegment } from './operation-url';

const op = (id: string) => {
  const found = openApiValidator('tolerant').operation(id);
  if (!found) throw new Error(id);
  return found;
};
const shipment = (shipment_id: string) =>
  operationUrl('https://api.example.com/fulfillment/', op('shipping_v1_shipments_retrieve'), {
    path: { shipment_id },
  });

describe('operation addresses', () => {
  it('fills the template of the operation named, under the base path', () => {
    expect(
      operationUrl('https://api.example.com', op('orders_document_download'), {
        path: { id: 1042, kind: 'packing_slip' },
      }).href,
    ).toBe('https://api.example.com/api/orders/1042/documents/packing_slip/');
    expect(shipment('S1').pathname).toBe('/fulfillment/api/shipping/v1/shipments/S1/');
  });

  it('encodes every id as exactly one segment', () => {
    expect(shipment('a/b c#d?e%f').pathname).toBe(
      '/fulfillment/api/shipping/v1/shipments/a%2Fb%20c%23d%3Fe%25f/',
    );
    // Percent-encoded dots stay text: the server decodes them once, to the id itself.
    expect(shipment('%2e%2e').pathname).toBe('/fulfillment/api/shipping/v1/shipments/%252e%252e/');
    expect(shipment('...').pathname).toBe('/fulfillment/api/shipping/v1/shipments/.../');
    expect(shipment('a/../b').pathname).toBe('/fulfillment/api/shipping/v1/shipments/a%2F..%2Fb/');
  });

  it.each(['.', '..', '', 'x\ud800', '\udc00y'])('refuses %j with a typed, plain error', (id) => {
    const error = (() => {
      try {
        shipment(id);
        return undefined;
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(BridgeFailure);
    const failure = error as BridgeFailure;
    expect(failure.error.code).toBe('invalid_arguments');
    expect(failure.message).toMatch(/^Packbench cannot ask the service for the shipment id/);
    expect(failure.error.fieldErrors).toHaveProperty('shipment_id');
  });

  it('writes the query from primitives, leaving out what is not set', () => {
    const url = operationUrl('http://127.0.0.1:8787', op('inventory_list'), {
      query: { q: 'a&b=c', low_stock: true, location: 3, page: undefined },
    });
    expect(url.search).toBe('?q=a%26b%3Dc&low_stock=true&location=3');
    expect(() =>
      operationUrl('http://127.0.0.1:8787', op('inventory_list'), { query: { q: '\ud800' } }),
    ).toThrow(BridgeFailure);
  });

  it('pathSegment keeps the characters a segment may hold as they are', () => {
    expect(pathSegment('id', 1042)).toBe('1042');
    expect(pathSegment('id', "A-_.!~*'()")).toBe("A-_.!~*'()");
  });

  it('lets no call pair an operation with another path (checked by the compiler)', () => {
    const typeOnly = (api: ApiClient) => {
      // @ts-expect-error orders_retrieve takes `id`, not `shipment_id`
      void api.json('orders_retrieve', { path: { shipment_id: 'x' } }, { priority: 'interactive' });
      // @ts-expect-error a binary operation cannot be read as JSON
      void api.json('orders_export_retrieve', {}, { priority: 'interactive' });
      // @ts-expect-error a create needs its body
      void api.json('orders_create', {}, { priority: 'interactive' });
    };
    expect(typeOnly).toBeTypeOf('function');
  });
});
