import { describe, expect, it } from 'vitest';
import {
  expiredEntries,
  filterRecalls,
  recallEntries,
  recallFilterFromSearch,
  recallFilterToSearch,
} from './recall-list';
import type { ProductStock } from './stock-facts';

const level = (id: number, code: string, batches: [string, string, number][]) => ({
  location: { id, code, name: `Location ${code}` },
  batch_breakdown: batches.map(([batchCode, state, onHand], i) => ({
    batch: { id: i + 1, batch_code: batchCode, recall_state: state, expires_at: null },
    on_hand: onHand,
    committed: 2,
    available: onHand - 2,
  })),
});
const stocks = [
  {
    product: { id: 7, sku: 'TEA-7', name: 'Tea' },
    levels: [
      level(1, 'WH-AMS', [
        ['TEA-1', 'voluntary', 10],
        ['TEA-2', 'none', 40],
      ]),
      level(2, 'WH-LEJ', [
        ['TEA-3', 'mandatory', 5],
        ['TEA-4', 'closed', 9],
        ['TEA-5', 'mandatory', 0],
      ]),
    ],
  },
  {
    product: { id: 8, sku: 'BAR-8', name: 'Bar' },
    levels: [level(1, 'WH-AMS', [['BAR-1', 'mandatory', 3]])],
  },
] as unknown as ProductStock[];

describe('the recall list', () => {
  it('lists each open recalled batch with stock at the location holding it, mandatory first', () => {
    const entries = recallEntries(stocks);
    expect(entries.map((e) => [e.state, e.location.code, e.batch.code, e.product.sku])).toEqual([
      ['mandatory', 'WH-AMS', 'BAR-1', 'BAR-8'],
      ['mandatory', 'WH-LEJ', 'TEA-3', 'TEA-7'],
      ['voluntary', 'WH-AMS', 'TEA-1', 'TEA-7'],
    ]);
    expect(entries[1]).toMatchObject({ onHand: 5, committed: 2, available: 3 });
  });

  it('filters by location and state, from and to its address', () => {
    const entries = recallEntries(stocks);
    const f = recallFilterFromSearch('location=1&state=mandatory');
    expect(f).toEqual({ location: 1, state: 'mandatory' });
    expect(filterRecalls(entries, f).map((e) => e.batch.code)).toEqual(['BAR-1']);
    expect(recallFilterToSearch(f)).toBe('location=1&state=mandatory');
    expect(recallFilterFromSearch('location=all&state=odd')).toEqual({
      location: null,
      state: null,
    });
    expect(filterRecalls(entries, { location: null, state: null })).toHaveLength(3);
  });

  it('lists each batch past its date with stock, the longest expired first, with its bins', () => {
    const dated = (id: number, code: string, expiresAt: string | null, onHand: number) => ({
      batch: { id, batch_code: code, recall_state: 'none', expires_at: expiresAt },
      on_hand: onHand,
      committed: 0,
      available: onHand,
    });
    const held = [
      {
        product: { id: 9, sku: 'JAM-9', name: 'Jam' },
        levels: [
          {
            location: { id: -1, code: 'WH-NEG', name: 'Below zero' },
            bin_breakdown: [
              { bin: { id: 4, code: 'A-01' }, on_hand: 3 },
              { bin: null, on_hand: 1 },
              { bin: { id: 5, code: 'A-02' }, on_hand: 0 },
            ],
            batch_breakdown: [
              dated(1, 'JAM-NEW', '2026-12-30T00:00:00Z', 5),
              dated(2, 'JAM-OLD', '2026-11-01T00:00:00Z', 3),
              dated(3, 'JAM-MID', '2026-11-20T00:00:00Z', 1),
              // Dated today: 0 days until expiry, not expired.
              dated(4, 'JAM-TODAY', '2026-11-24T00:00:00Z', 2),
              dated(5, 'JAM-GONE', '2026-11-02T00:00:00Z', 0),
              dated(6, 'JAM-NODATE', null, 2),
            ],
          },
        ],
      },
    ] as unknown as ProductStock[];
    const entries = expiredEntries(held, Date.parse('2026-11-24T10:00:00Z'));
    expect(entries.map((e) => e.batch.code)).toEqual(['JAM-OLD', 'JAM-MID']);
    expect(entries[0]?.location.id).toBe(-1);
    expect(entries[0]?.bins).toEqual([
      { id: 4, code: 'A-01' },
      { id: null, code: '' },
    ]);
  });
});
