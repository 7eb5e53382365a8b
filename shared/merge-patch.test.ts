/**
 * JSON Merge Patch and its composition: one composed patch stores what the patches applied
 * one after another store (the queued view changes a page hands over as it goes away).
 */
import { describe, expect, it } from 'vitest';
import { composeMergePatches, mergePatch } from './merge-patch';

const stored = {
  orders: { tab: 'all', filters: { channel: ['web'], carrier: 'dhl' }, pageSize: 50 },
  returns: { sort: [{ id: 'age', desc: true }] },
};

describe('composeMergePatches', () => {
  const sequences: [string, unknown[]][] = [
    [
      'two filters, one after the other',
      [{ orders: { filters: { channel: ['shop'] } } }, { orders: { filters: { carrier: 'ups' } } }],
    ],
    [
      'a filter set then cleared',
      [{ orders: { filters: { carrier: 'ups' } } }, { orders: { filters: { carrier: null } } }],
    ],
    [
      'a filter cleared then set',
      [{ orders: { filters: { carrier: null } } }, { orders: { filters: { carrier: 'ups' } } }],
    ],
    [
      'an array replaced twice',
      [{ returns: { sort: [{ id: 'rma' }] } }, { returns: { sort: [] } }],
    ],
    [
      'three changes of one view',
      [
        { orders: { tab: 'shipped' } },
        { orders: { pageSize: 25 } },
        { orders: { tab: 'late', filters: { channel: null } } },
      ],
    ],
    ['a view removed', [{ orders: { pageSize: 100 } }, { orders: null }]],
  ];
  it.each(sequences)('%s: stores what the patches one by one store', (_, patches) => {
    const oneByOne = patches.reduce((doc, patch) => mergePatch(doc, patch), stored as unknown);
    const composed = patches.reduce((a, b) => composeMergePatches(a, b));
    expect(mergePatch(stored, composed)).toEqual(oneByOne);
  });

  it('a key removed then set to an object merges (the one case a single patch cannot say)', () => {
    const composed = composeMergePatches({ orders: null }, { orders: { tab: 'late' } });
    expect(composed).toEqual({ orders: { tab: 'late' } });
    expect(mergePatch(stored, composed)).toEqual({
      ...stored,
      orders: { ...stored.orders, tab: 'late' },
    });
  });

  it('never composes a key that would reach Object.prototype', () => {
    const composed = composeMergePatches({ a: 1 }, JSON.parse('{"__proto__": {"polluted": true}}'));
    expect(composed).toEqual({ a: 1 });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
