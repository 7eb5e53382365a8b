import { describe, expect, it } from 'vitest';
import { readOrderDocuments } from './order-documents';

const summary = (answer: unknown) =>
  readOrderDocuments(answer).map((d) => [d.kind, d.available, d.reason ?? '']);

describe('readOrderDocuments', () => {
  it('reads the sandbox’s map, a label not bought yet disabled with why', () => {
    const url = (kind: string) => `http://x/api/orders/1/documents/${kind}/`;
    expect(
      summary({
        shipping_label: {
          kind: 'shipping_label',
          title: 'Shipping label',
          url: null,
          available: false,
        },
        packing_slip: {
          kind: 'packing_slip',
          title: 'Packing slip',
          url: url('packing_slip'),
          available: true,
        },
        pick_list: {
          kind: 'pick_list',
          title: 'Pick list',
          url: url('pick_list'),
          available: true,
        },
        commercial_invoice: { title: 'Commercial invoice', url: url('ci'), available: false },
      }),
    ).toEqual([
      ['shipping_label', false, 'No label has been bought for this order yet.'],
      ['packing_slip', true, ''],
      ['pick_list', true, ''],
      ['commercial_invoice', false, 'Not needed: the order does not leave the customs area.'],
    ]);
  });

  it('takes any shape the spec allows: URLs, booleans, nulls, kinds left out', () => {
    expect(
      summary({ shipping_label: 'http://x/label.pdf', packing_slip: true, pick_list: null }),
    ).toEqual([
      ['shipping_label', true, ''],
      ['packing_slip', true, ''],
      ['pick_list', false, 'The API offers no pick list for this order.'],
      [
        'commercial_invoice',
        false,
        'Not needed: the order does not leave the customs area. (The API does not list it.)',
      ],
    ]);
    // Not a map at all: every kind listed, none printable, nothing thrown.
    expect(readOrderDocuments([1, 2]).every((d) => !d.available)).toBe(true);
    expect(summary({ packing_slip: 42 })[1]).toEqual([
      'packing_slip',
      false,
      'The API described this document in a form the console cannot read.',
    ]);
  });
});
