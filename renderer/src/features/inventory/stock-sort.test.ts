import { describe, expect, it } from 'vitest';
import { sortName, stockSortFromSearch, withStockSort } from './stock-sort';

describe('the stock list’s sort in its address', () => {
  it('reads and writes the column and the direction beside the filters', () => {
    const search = withStockSort('location=3&low=1', { column: 'available', desc: true });
    expect(search).toBe('location=3&low=1&sort=available&desc=1');
    expect(stockSortFromSearch(search)).toEqual({ column: 'available', desc: true });
    expect(withStockSort(search, { column: 'expiry', desc: false })).toBe(
      'location=3&low=1&sort=expiry',
    );
    expect(withStockSort(search, null)).toBe('location=3&low=1');
  });

  it('ignores a column it cannot sort by', () => {
    expect(stockSortFromSearch('sort=status&desc=1')).toBeNull();
    expect(stockSortFromSearch('sort=__proto__')).toBeNull();
    expect(stockSortFromSearch('location=all')).toBeNull();
  });

  it('names the sort as a person reads it', () => {
    expect(sortName({ column: 'available', desc: false })).toBe('available, lowest first');
    expect(sortName({ column: 'expiry', desc: false })).toBe('earliest expiry, soonest first');
    expect(sortName({ column: 'product', desc: true })).toBe('product, Z to A');
  });
});
