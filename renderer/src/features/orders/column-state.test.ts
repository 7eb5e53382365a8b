import { describe, expect, it } from 'vitest';
import {
  columnStateFromSettings,
  columnStateToSettings,
  defaultColumnState,
  MAX_COLUMN_WIDTH,
  MIN_COLUMN_WIDTH,
  moveColumn,
  ORDER_COLUMNS,
  resizeColumn,
  setHidden,
  toColumnOrder,
  toColumnVisibility,
} from './column-state';

describe('column state', () => {
  it('round-trips through the settings file', () => {
    let s = defaultColumnState();
    s = setHidden(s, 'channel', true);
    s = setHidden(s, 'tracking', false);
    s = moveColumn(s, 'total', -1);
    s = resizeColumn(s, 'customer', 250);
    const stored = JSON.parse(JSON.stringify(columnStateToSettings(s)));
    expect(columnStateFromSettings(stored)).toEqual(s);
  });

  it('repairs what another version wrote', () => {
    const read = columnStateFromSettings({
      order: ['total', 'gone', 'order', 'total'],
      hidden: ['order', 'date', 'nope'],
      sizes: { customer: 5, date: 10_000, gone: 100, total: 'wide' },
    });
    expect(read.order.slice(0, 2)).toEqual(['total', 'order']);
    expect(read.order).toHaveLength(ORDER_COLUMNS.length);
    expect(new Set(read.order).size).toBe(ORDER_COLUMNS.length);
    // The order number cannot be hidden.
    expect(read.hidden).toEqual(['date']);
    expect(read.sizes.customer).toBe(MIN_COLUMN_WIDTH);
    expect(read.sizes.date).toBe(MAX_COLUMN_WIDTH);
    expect(read.sizes.total).toBe(defaultColumnState().sizes.total);
    expect(columnStateFromSettings('junk')).toEqual(defaultColumnState());
  });

  it('moves among the visible columns, stepping over hidden ones', () => {
    let s = defaultColumnState();
    // total, items (hidden), tracking (hidden)…: moving total right skips the hidden ones.
    s = moveColumn(s, 'attention', 1);
    const visible = s.order.filter((id) => !s.hidden.includes(id));
    expect(visible.indexOf('attention')).toBe(visible.indexOf('total') + 1);
    const first = defaultColumnState();
    expect(moveColumn(first, 'order', -1)).toBe(first);
  });

  it('feeds TanStack Table: selection column first, explicit visibility', () => {
    const s = setHidden(defaultColumnState(), 'channel', true);
    expect(toColumnOrder(s, 'select')[0]).toBe('select');
    const visibility = toColumnVisibility(s);
    expect(visibility.channel).toBe(false);
    expect(visibility.order).toBe(true);
  });
});
