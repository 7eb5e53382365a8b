import { describe, expect, it } from 'vitest';
import type { PulledMark } from '../../../../shared/contract/action-values';
import type { InventoryExceptions } from '../../../../shared/contract/values';
import { boardLink, boardRows, countKey, countRequests, walkCounts } from './exceptions-board';
import { inventoryFiltersFromSearch } from './inventory-filters';

const NOW = Date.parse('2026-11-24T10:00:00Z');
const AMS = { id: 1, code: 'WH-AMS-01', name: 'Amsterdam' };
const LEJ = { id: 2, code: 'WH-LEJ-01', name: 'Leipzig' };

type Row = InventoryExceptions['rows'][number];
const row = (productId: number, location: typeof AMS, extra: Partial<Row> = {}) =>
  ({ product_id: productId, location, recall: null, earliest_expiry: null, ...extra }) as Row;
const batch = (state: string, onHand = 5) => ({
  batch: { id: 1, batch_code: `B-${state}`, recall_state: state },
  on_hand: onHand,
  committed: 0,
  available: onHand,
});

// Product 7 is under a mandatory recall held at Amsterdam only; Leipzig holds a clean batch.
const found = {
  rows: [
    row(7, AMS, { recall: 'mandatory' }),
    row(7, LEJ, { recall: 'mandatory' }),
    row(8, LEJ, { recall: 'voluntary', earliest_expiry: '2026-11-01T00:00:00Z' }),
    row(9, AMS, { earliest_expiry: '2026-11-23T00:00:00Z' }),
    // Dated today: the API says it expires in 0 days, so not expired.
    row(10, AMS, { earliest_expiry: '2026-11-24T00:00:00Z' }),
  ],
  recalled: [
    {
      product: { id: 7 },
      levels: [
        { location: AMS, batch_breakdown: [batch('mandatory')] },
        { location: LEJ, batch_breakdown: [batch('none'), batch('mandatory', 0)] },
      ],
    },
    { product: { id: 8 }, levels: [{ location: LEJ, batch_breakdown: [batch('voluntary')] }] },
  ],
  scanned: 100,
  requests: 3,
  at: '2026-11-24T10:00:00Z',
} as unknown as InventoryExceptions;

describe('the exceptions board', () => {
  it('asks for low, out and expiring at each location and over all of them', () => {
    const asked = countRequests([1, 2], 14);
    expect(asked).toHaveLength(9);
    expect(asked.find((r) => r.measure === 'expiring' && r.locationId === 2)?.filters).toEqual({
      location: 2,
      expiring_within_days: 14,
    });
    expect(asked.find((r) => r.measure === 'low' && r.locationId === null)?.filters).toEqual({
      low_stock: true,
    });
  });

  it('counts a recall only at the location holding the recalled batch with stock', () => {
    const counts = walkCounts(found, NOW);
    expect(counts.get(1)?.onShelf).toEqual({ expired: 1, voluntary: 0, mandatory: 1 });
    expect(counts.get(2)?.onShelf).toEqual({ expired: 1, voluntary: 1, mandatory: 0 });
    expect(counts.get(1)?.held).toEqual(counts.get(1)?.onShelf);
  });

  it('falls back to the product-wide recall when the product stock was not read', () => {
    const partial = { ...found, recalled: [] } as InventoryExceptions;
    expect(walkCounts(partial, NOW).get(2)?.onShelf).toEqual({
      expired: 1,
      voluntary: 1,
      mandatory: 1,
    });
  });

  it('counts what is still on the shelf once batches are marked pulled, and what was held', () => {
    const mark = (batchId: number, locationId: number, quantity: number) =>
      ({
        productId: 0,
        sku: '',
        locationId,
        binId: 4,
        binCode: 'A-01',
        batchId,
        batchCode: '',
        quantity,
        pulledAt: '2026-11-24T09:00:00Z',
        pulledBy: 'Ana',
      }) as PulledMark;
    // Product 9's expired batch 21 at Amsterdam, read by the walk with its bins.
    const withExpired = {
      ...found,
      expired: [
        {
          product: { id: 9 },
          levels: [
            {
              location: AMS,
              bin_breakdown: [],
              batch_breakdown: [
                {
                  batch: { id: 21, batch_code: 'OLD', expires_at: '2026-11-23T00:00:00Z' },
                  on_hand: 4,
                },
              ],
            },
          ],
        },
      ],
    } as unknown as InventoryExceptions;
    // Part of the mandatory batch pulled: still on the shelf.
    const part = walkCounts(withExpired, NOW, [mark(1, 1, 2)]).get(1);
    expect(part?.onShelf.mandatory).toBe(1);
    // All of it, and all of the expired batch: off the shelf, still counted as held.
    const all = walkCounts(withExpired, NOW, [mark(1, 1, 5), mark(21, 1, 4)]).get(1);
    expect(all?.held).toEqual({ expired: 1, voluntary: 0, mandatory: 1 });
    expect(all?.onShelf).toEqual({ expired: 0, voluntary: 0, mandatory: 0 });
    // A mark at another location leaves Amsterdam's count alone.
    expect(walkCounts(withExpired, NOW, [mark(1, 2, 5)]).get(1)?.onShelf.mandatory).toBe(1);
    // Without the expired batches read (a walk kept before), nothing says it left the shelf.
    expect(walkCounts(found, NOW, [mark(21, 1, 4)]).get(1)?.onShelf.expired).toBe(1);

    const rows = boardRows({
      locations: [AMS, LEJ],
      count: () => undefined,
      found: withExpired,
      marks: [mark(1, 1, 5)],
      now: NOW,
    });
    expect(rows[0]?.counts.mandatory).toBe(0);
    expect(rows[0]?.held?.mandatory).toBe(1);
    expect(rows[2]?.counts.mandatory).toBe(0);
    expect(rows[2]?.held?.mandatory).toBe(1);
    expect(rows[2]?.counts.expired).toBe(2);
  });

  it('builds a row per location and a total, unknown counts as null, never a false zero', () => {
    const counts: Record<string, number> = {
      [countKey('low', 1)]: 4,
      [countKey('low', 2)]: 3,
      [countKey('low', null)]: 7,
      [countKey('out', 1)]: 0,
    };
    const rows = boardRows({
      locations: [AMS, LEJ],
      totals: {
        results: [
          { location_id: 1, units_on_hand: 500, sku_count: 3, last_movement_at: null },
          { location_id: 2, units_on_hand: 20, sku_count: 2, last_movement_at: null },
        ],
      },
      count: (key) => counts[key],
      found,
      now: NOW,
    });
    expect(rows.map((r) => r.location?.code ?? 'total')).toEqual([
      'WH-AMS-01',
      'WH-LEJ-01',
      'total',
    ]);
    expect(rows[0]?.counts).toEqual({
      onHand: 500,
      low: 4,
      out: 0,
      expiring: null,
      expired: 1,
      voluntary: 0,
      mandatory: 1,
    });
    expect(rows[2]?.counts).toEqual({
      onHand: 520,
      low: 7,
      out: null,
      expiring: null,
      expired: 2,
      voluntary: 1,
      mandatory: 1,
    });
    const before = boardRows({ locations: [AMS], count: () => undefined, now: NOW });
    expect(before[0]?.counts.expired).toBeNull();
    expect(before[1]?.counts.onHand).toBeNull();
  });

  it('links each count to the list holding exactly those rows', () => {
    expect(inventoryFiltersFromSearch(boardLink('low', 3, 30).split('?')[1] ?? '')).toEqual({
      location: 3,
      lowStock: true,
      outOfStock: false,
      expiringWithinDays: null,
      q: '',
    });
    expect(boardLink('expiring', null, 14)).toBe('/inventory?location=all&expiring=14');
    expect(boardLink('onHand', null, 14)).toBe('/inventory?location=all');
    expect(boardLink('expired', 2, 14)).toBe('/inventory/expired?location=2');
    expect(boardLink('mandatory', null, 14)).toBe(
      '/inventory/recalls?location=all&state=mandatory',
    );
  });
});
