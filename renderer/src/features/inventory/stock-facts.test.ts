import { describe, expect, it } from 'vitest';
import {
  expiryText,
  type Movement,
  type ProductStockBatch,
  recallAtLocation,
  sortBatches,
  sortBins,
  sortMovements,
  stockBadges,
} from './stock-facts';

const kinds = (row: Parameters<typeof stockBadges>[0]) => stockBadges(row).map((b) => b.kind);

describe('stock badges', () => {
  it('follows the API’s definitions of low and out of stock', () => {
    expect(kinds({ available: 0, reorder_point: 10 })).toEqual(['out-of-stock']);
    expect(kinds({ available: -4, reorder_point: null })).toEqual(['out-of-stock']);
    expect(kinds({ available: 10, reorder_point: 10 })).toEqual(['low-stock']);
    expect(kinds({ available: 11, reorder_point: 10 })).toEqual([]);
    // No reorder point: never low.
    expect(kinds({ available: 1, reorder_point: null })).toEqual([]);
  });

  it('tells a mandatory recall (first, danger) from a voluntary one (warning)', () => {
    const mandatory = stockBadges({ available: 5, recall: 'mandatory', expiring_soon: true });
    expect(mandatory.map((b) => [b.kind, b.tone])).toEqual([
      ['recall-mandatory', 'danger'],
      ['expiring-soon', 'warn'],
    ]);
    expect(kinds({ available: 5, recall: 'voluntary' })).toEqual(['recall-voluntary']);
  });

  it('tells expired stock from stock expiring soon, with the days both ways', () => {
    const now = Date.parse('2026-11-24T12:00:00Z');
    const expired = stockBadges(
      { available: 5, expiring_soon: false, earliest_expiry: '2026-10-24T09:00:00Z' },
      now,
    );
    expect(expired.map((b) => [b.kind, b.label, b.tone])).toEqual([
      ['expired', 'Expired 31 days ago', 'danger'],
    ]);
    // One batch expired and another expiring soon: both, the days on the expired one.
    const both = stockBadges(
      { available: 5, expiring_soon: true, earliest_expiry: '2026-10-24T09:00:00Z' },
      now,
    );
    expect(both.map((b) => [b.kind, b.label])).toEqual([
      ['expired', 'Expired 31 days ago'],
      ['expiring-soon', 'Expiring soon'],
    ]);
    const soon = stockBadges(
      { available: 5, expiring_soon: true, earliest_expiry: '2026-11-28T18:00:00Z' },
      now,
    );
    expect(soon.map((b) => [b.kind, b.label, b.tone])).toEqual([
      ['expiring-soon', 'Expires in 4 days', 'warn'],
    ]);
    // Dated today is not expired yet (the API says "0 days"); late yesterday is.
    expect(
      stockBadges(
        { available: 5, expiring_soon: true, earliest_expiry: '2026-11-24T00:00:00Z' },
        now,
      )[0]?.label,
    ).toBe('Expires today');
    expect(
      stockBadges({ available: 5, earliest_expiry: '2026-11-23T23:00:00Z' }, now)[0]?.label,
    ).toBe('Expired yesterday');
    expect(stockBadges({ available: 5, expiring_soon: true }, now)[0]?.label).toBe('Expiring soon');
    // Far ahead and not flagged: no badge.
    expect(kinds({ available: 5, earliest_expiry: '2099-01-01T00:00:00Z' })).toEqual([]);
  });

  it('shows a recall at the location holding the recalled batch, quietly elsewhere', () => {
    const stock = {
      levels: [
        {
          location: { id: 1 },
          batch_breakdown: [
            { on_hand: 4, batch: { recall_state: 'none' } },
            { on_hand: 2, batch: { recall_state: 'mandatory' } },
          ],
        },
        { location: { id: 2 }, batch_breakdown: [{ on_hand: 9, batch: { recall_state: 'none' } }] },
        // A recalled batch with nothing left here does not make this location recalled.
        {
          location: { id: 3 },
          batch_breakdown: [{ on_hand: 0, batch: { recall_state: 'voluntary' } }],
        },
      ],
    } as Parameters<typeof recallAtLocation>[0];
    expect([1, 2, 3].map((id) => recallAtLocation(stock, id))).toEqual(['mandatory', null, null]);
    const row = { available: 5, recall: 'mandatory' as const };
    expect(kinds(row)).toEqual(['recall-mandatory']);
    expect(stockBadges(row, Date.now(), 'mandatory').map((b) => b.kind)).toEqual([
      'recall-mandatory',
    ]);
    expect(stockBadges(row, Date.now(), null).map((b) => [b.kind, b.tone])).toEqual([
      ['recall-elsewhere', 'info'],
    ]);
  });

  it('computes available from on hand, committed and reserved when it is missing', () => {
    expect(kinds({ on_hand: 5, committed: 3, reserved: 2 })).toEqual(['out-of-stock']);
  });
});

describe('ordering and wording', () => {
  it('orders batches soonest expiry first, undated last', () => {
    const b = (code: string, days: number | null): ProductStockBatch => ({
      batch: { batch_code: code, days_until_expiry: days },
    });
    expect(
      sortBatches([b('late', 90), b('none', null), b('expired', -2), b('soon', 3)]).map(
        (x) => x.batch?.batch_code,
      ),
    ).toEqual(['expired', 'soon', 'late', 'none']);
  });

  it('orders movements newest first, bins before the stock not in a bin', () => {
    const m = (id: number, at?: string): Movement => ({ id, occurred_at: at });
    expect(
      sortMovements([m(1, '2026-01-01T00:00:00Z'), m(2), m(3, '2026-03-01T00:00:00Z')]).map(
        (x) => x.id,
      ),
    ).toEqual([3, 1, 2]);
    expect(
      sortBins([{ bin: null }, { bin: { code: 'B-2' } }, { bin: { code: 'A-1' } }]).map(
        (x) => x.bin?.code ?? 'none',
      ),
    ).toEqual(['A-1', 'B-2', 'none']);
  });

  it('counts the days as the API does, whatever the time of day (issue 32: 7 shown, 8 meant)', () => {
    // An expiry at the start of a UTC day eight days on: 8 from the first second to the last.
    const row = { available: 5, expiring_soon: true, earliest_expiry: '2026-12-05T00:00:00Z' };
    for (const at of ['2026-11-27T00:00:01Z', '2026-11-27T09:30:00Z', '2026-11-27T23:59:59Z']) {
      expect(stockBadges(row, Date.parse(at))[0]?.label).toBe('Expires in 8 days');
    }
  });

  it('says how far away an expiry is, with digit grouping', () => {
    expect(expiryText(-739_946)).toBe(`Expired ${(739_946).toLocaleString()} days ago`);
    expect(expiryText(1_000_000, (n) => n.toLocaleString('en-US'))).toBe(
      'Expires in 1,000,000 days',
    );
    expect(expiryText(12)).toBe('Expires in 12 days');
    expect(expiryText(0)).toBe('Expires today');
    expect(expiryText(-3)).toBe('Expired 3 days ago');
    expect(expiryText(null)).toBeNull();
  });
});

describe('withKeys', () => {
  it('keeps ids as keys and tells repeats apart', async () => {
    const { withKeys } = await import('./unique-keys');
    expect(withKeys([{ id: 3 }, { id: 3 }, {}, { id: 4 }], (x) => x.id).map((k) => k.key)).toEqual([
      '3',
      '3~2',
      '∅',
      '4',
    ]);
  });
});
