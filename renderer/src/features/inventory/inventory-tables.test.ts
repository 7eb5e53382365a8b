import { describe, expect, it } from 'vitest';
import type { Api } from '../../../../shared/contract/values';
import { AMS, boardCounts } from '../../test-support/board-counts';
import type { BoardRow } from './exceptions-board';
import { boardTable, purchaseListTable, recallTable, reorderTable } from './inventory-tables';
import type { RecallEntry } from './recall-list';

/** Soap at Amsterdam, none available of the 4 on hand, its reorder point 10; `extra` changes it. */
const soapLevel = (extra: Partial<Api['StockLevel']>) =>
  ({
    location: AMS,
    product_id: 9,
    sku: 'SOAP-9',
    name: 'Soap',
    available: 0,
    on_hand: 4,
    reorder_point: 10,
    ...extra,
  }) as Api['StockLevel'];

describe('the supervisor’s tables for CSV', () => {
  it('the board: a row per location and the total, with the chosen days in its header', () => {
    const rows: BoardRow[] = [
      { location: AMS, counts: boardCounts(1) },
      { location: null, counts: boardCounts(2) },
    ];
    const table = boardTable(rows, 14);
    expect(table).toEqual({
      header: [
        'location_code',
        'location_name',
        'units_on_hand',
        'low_stock',
        'out_of_stock',
        'expiring_within_14_days',
        'expired',
        'voluntary_recall',
        'mandatory_recall',
      ],
      rows: [
        ['WH-AMS-01', 'Amsterdam', 100, 1, 2, 3, 4, 5, 6],
        ['All locations', '', 200, 2, 3, 4, 5, 6, 7],
      ],
    });
  });

  it('the board is not written while a count is still being read', () => {
    const counting: BoardRow[] = [{ location: AMS, counts: { ...boardCounts(1), expired: null } }];
    expect(boardTable(counting, 30)).toEqual({ notReady: 'The board is still counting.' });
    expect(boardTable([], 30)).toEqual({ notReady: 'The board is still counting.' });
  });

  it('the recall list: the batch, where it is held, its bins, what was pulled and what is left', () => {
    const entry: RecallEntry = {
      product: { id: 7, sku: 'TEA-7', name: 'Tea, green' },
      batch: { id: 3, code: 'TEA-3', expiresAt: '2027-01-01T00:00:00Z', daysUntilExpiry: 38 },
      state: 'mandatory',
      location: AMS,
      bins: [
        { id: 11, code: 'A-01' },
        { id: null, code: '' },
      ],
      onHand: 5,
      committed: 2,
      available: 3,
    };
    const mark = (binId: number | null, quantity: number, pulledAt: string, pulledBy: string) => ({
      productId: 7,
      sku: 'TEA-7',
      locationId: AMS.id,
      binId,
      binCode: binId === null ? '' : 'A-01',
      batchId: 3,
      batchCode: 'TEA-3',
      quantity,
      pulledAt,
      pulledBy,
    });
    const base = [
      'mandatory',
      'TEA-3',
      '2027-01-01T00:00:00Z',
      38,
      7,
      'TEA-7',
      'Tea, green',
      'WH-AMS-01',
      'Amsterdam',
      5,
      2,
      3,
      'A-01 no bin',
    ];
    const none = recallTable([entry]);
    expect(none.header.slice(-5)).toEqual(['bins', 'pulled', 'pulled_by', 'pulled_at', 'on_shelf']);
    expect(none.header).toHaveLength(none.rows[0]!.length);
    expect(none.rows).toEqual([[...base, 0, '', '', 5]]);
    // Two bins' marks add up; the latest names who and when; another batch's mark is not counted.
    const marks = [
      mark(11, 2, '2026-11-28T09:00:00.000Z', 'Ana'),
      mark(null, 1, '2026-11-28T10:42:00.000Z', 'Ben'),
      { ...mark(11, 9, '2026-11-28T11:00:00.000Z', 'Cy'), batchId: 4 },
    ];
    expect(recallTable([entry], marks).rows).toEqual([
      [...base, 3, 'Ben', '2026-11-28T10:42:00.000Z', 2],
    ]);
  });

  it('the reorder list: how far below the point, and where the point comes from', () => {
    const level = (extra: Partial<Api['StockLevel']>) =>
      soapLevel({ reorder_point_source: 'auto', ...extra });
    const table = reorderTable([level({}), level({ available: 10, reorder_point_source: '' })]);
    expect(table.header).toContain('below_point_by');
    // The suggestion at the default margin (20 %): back to 12, so 12 and 2.
    expect(table.header.at(-1)).toBe('suggested_quantity');
    expect(table.rows).toEqual([
      ['WH-AMS-01', 'Amsterdam', 9, 'SOAP-9', 'Soap', 0, 4, 10, 'auto', 10, 12],
      ['WH-AMS-01', 'Amsterdam', 9, 'SOAP-9', 'Soap', 10, 4, 10, 'not set', 0, 2],
    ]);
  });

  it('the purchase list: SKU, product, suggested quantity and location, for what needs ordering', () => {
    const table = purchaseListTable(
      [
        soapLevel({}),
        soapLevel({ sku: 'TEA-1', name: 'Tea', available: 8 }),
        soapLevel({ sku: 'NOPT', reorder_point: null }),
      ],
      50,
    );
    expect(table).toEqual({
      header: ['sku', 'product', 'suggested_quantity', 'location'],
      rows: [
        ['SOAP-9', 'Soap', 15, 'WH-AMS-01'],
        ['TEA-1', 'Tea', 7, 'WH-AMS-01'],
      ],
    });
  });
});
