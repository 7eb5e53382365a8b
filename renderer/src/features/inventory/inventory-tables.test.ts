import { describe, expect, it } from 'vitest';
import type { Api } from '../../../../shared/contract/values';
import type { BoardRow } from './exceptions-board';
import { boardTable, recallTable, reorderTable } from './inventory-tables';
import type { RecallEntry } from './recall-list';

const AMS = { id: 1, code: 'WH-AMS-01', name: 'Amsterdam' };
const counts = (n: number) => ({
  onHand: n * 100,
  low: n,
  out: n + 1,
  expiring: n + 2,
  expired: n + 3,
  voluntary: n + 4,
  mandatory: n + 5,
});

describe('the supervisor’s tables for CSV', () => {
  it('the board: a row per location and the total, with the chosen days in its header', () => {
    const rows: BoardRow[] = [
      { location: AMS, counts: counts(1) },
      { location: null, counts: counts(2) },
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
    const counting: BoardRow[] = [{ location: AMS, counts: { ...counts(1), expired: null } }];
    expect(boardTable(counting, 30)).toEqual({ notReady: 'The board is still counting.' });
    expect(boardTable([], 30)).toEqual({ notReady: 'The board is still counting.' });
  });

  it('the recall list: the batch, where it is held and its units there', () => {
    const entry: RecallEntry = {
      product: { id: 7, sku: 'TEA-7', name: 'Tea, green' },
      batch: { id: 3, code: 'TEA-3', expiresAt: '2027-01-01T00:00:00Z', daysUntilExpiry: 38 },
      state: 'mandatory',
      location: AMS,
      onHand: 5,
      committed: 2,
      available: 3,
    };
    const table = recallTable([entry]);
    expect(table.header).toHaveLength(table.rows[0]!.length);
    expect(table.rows).toEqual([
      [
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
      ],
    ]);
  });

  it('the reorder list: how far below the point, and where the point comes from', () => {
    const level = (extra: Partial<Api['StockLevel']>) =>
      ({
        location: AMS,
        product_id: 9,
        sku: 'SOAP-9',
        name: 'Soap',
        available: 0,
        on_hand: 4,
        reorder_point: 10,
        reorder_point_source: 'auto',
        ...extra,
      }) as Api['StockLevel'];
    const table = reorderTable([level({}), level({ available: 10, reorder_point_source: '' })]);
    expect(table.header).toContain('below_point_by');
    expect(table.rows).toEqual([
      ['WH-AMS-01', 'Amsterdam', 9, 'SOAP-9', 'Soap', 0, 4, 10, 'auto', 10],
      ['WH-AMS-01', 'Amsterdam', 9, 'SOAP-9', 'Soap', 10, 4, 10, 'not set', 0],
    ]);
  });
});
