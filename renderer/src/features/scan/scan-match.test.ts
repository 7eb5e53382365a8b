import { describe, expect, it } from 'vitest';
import type { Api } from '../../../../shared/contract/values';
import { exactMatches, matchField, trackingNumbersOf } from './scan-match';

type Order = Api['Order'];

function order(id: number, extra: Partial<Record<keyof Order, unknown>> = {}): Order {
  return {
    id,
    shipments: [],
    fulfillments: [],
    storefront_fulfillments: [],
    carrier_shipment: null,
    order_name: `M-${id}`,
    external_id: null,
    storefront_order_id: null,
    ...extra,
  } as unknown as Order;
}

describe('exact-match selection for scans', () => {
  it('matches the order name, case and blanks aside, with or without its #', () => {
    const orders = [order(1, { order_name: '#EU3042' }), order(2, { order_name: '#EU30421' })];
    expect(exactMatches(orders, ' #eu3042 ').map((m) => m.order.id)).toEqual([1]);
    expect(exactMatches(orders, 'EU3042').map((m) => m.field)).toEqual(['order name']);
  });

  it('does not take a search hit that only contains the code', () => {
    const orders = [order(1, { order_name: 'M-10421' }), order(2, { address1: '1042 Main St' })];
    expect(exactMatches(orders, '1042')).toEqual([]);
  });

  it('matches the external id and the storefront order id', () => {
    const orders = [
      order(1, { external_id: 'ERP-975991' }),
      order(2, { storefront_order_id: 5512345678 }),
    ];
    expect(matchField(orders[0]!, 'erp-975991')).toBe('external id');
    expect(matchField(orders[1]!, '5512345678')).toBe('storefront order id');
  });

  it('matches any tracking number: shipments, fulfillments, lists, the live label', () => {
    const o = order(7, {
      shipments: [{ id: 1, tracking_number: 'CD298222647ST' }],
      fulfillments: [{ tracking_number: '', tracking_numbers: ['781777511137', 'X2'] }],
      storefront_fulfillments: [{ tracking_number: 'JJD0001' }],
      carrier_shipment: { tracking_number: '1ZA223NU6100088367' },
    });
    expect(trackingNumbersOf(o)).toEqual([
      'CD298222647ST',
      '781777511137',
      'X2',
      'JJD0001',
      '1ZA223NU6100088367',
    ]);
    for (const code of ['cd298222647st', '781777511137', 'JJD0001', '1ZA223NU6100088367']) {
      expect(matchField(o, code)).toBe('tracking number');
    }
  });

  it('lists several orders sharing a code once each, in the results’ order', () => {
    const a = order(3, { external_id: 'DUP-1' });
    const b = order(4, { order_name: 'DUP-1' });
    expect(exactMatches([a, b, a], 'DUP-1').map((m) => m.order.id)).toEqual([3, 4]);
  });

  it('survives missing or odd optional fields', () => {
    const odd = { id: 9 } as unknown as Order;
    expect(matchField(odd, 'anything')).toBeNull();
    expect(matchField(order(1), '')).toBeNull();
  });
});
