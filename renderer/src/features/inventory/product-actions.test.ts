import { describe, expect, it } from 'vitest';
import { productActions } from './product-actions';
import type { ProductStock } from './stock-facts';

const NOW = Date.parse('2026-11-24T10:00:00Z');
const batch = (
  id: number,
  code: string,
  expires: string | null,
  days: number | null,
  recall = '',
) => ({
  id,
  batch_code: code,
  produced_at: null,
  expires_at: expires,
  days_until_expiry: days,
  recall_state: recall,
});
const level = (
  id: number,
  code: string,
  available: number,
  reorder: number | null,
  batches: { batch: ReturnType<typeof batch>; on_hand: number }[],
) => ({
  location: { id, code, name: code },
  on_hand_total: available,
  committed_total: 0,
  reserved_total: 0,
  available_total: available,
  reorder_point: reorder,
  reorder_point_source: reorder === null ? '' : 'manual',
  bin_breakdown: [],
  batch_breakdown: batches.map((b) => ({ ...b, committed: 0, available: b.on_hand })),
});

const stock = {
  product: { id: 7, sku: 'TEA-0007', gtin: null, name: 'Green tea', recall: 'mandatory' },
  levels: [
    level(1, 'WH-AMS', 40, 50, [
      { batch: batch(1, 'L-OLD', '2026-10-24T00:00:00Z', -31), on_hand: 5 },
      { batch: batch(2, 'L-SOON', '2026-11-28T00:00:00Z', 4), on_hand: 12 },
      { batch: batch(3, 'L-LATER', '2027-06-01T00:00:00Z', 189), on_hand: 23 },
    ]),
    level(2, 'WH-BER', 30, 10, [
      { batch: batch(4, 'L-RECALL', '2027-01-01T00:00:00Z', 38, 'mandatory'), on_hand: 30 },
      { batch: batch(5, 'L-TODAY', '2026-11-24T00:00:00Z', 0), on_hand: 0 },
    ]),
  ],
  movements_recent: [],
} as unknown as ProductStock;

describe('what needs action on a product', () => {
  it('lists recalls where held, expired and expiring batches where held, and reorder points', () => {
    expect(productActions(stock, NOW).map((a) => [a.kind, a.location, a.batch ?? null])).toEqual([
      ['mandatory', 'WH-BER', 'L-RECALL'],
      ['expired', 'WH-AMS', 'L-OLD'],
      ['expiring', 'WH-AMS', 'L-SOON'],
      ['reorder', 'WH-AMS', null],
    ]);
  });

  it('follows the horizon, and leaves out batches with nothing on hand', () => {
    const within3 = productActions(stock, NOW, 3).map((a) => a.batch);
    expect(within3).not.toContain('L-SOON');
    expect(within3).not.toContain('L-TODAY');
  });
});
