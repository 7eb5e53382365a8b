/**
 * The stock list's sort, in the view's address beside its filters (`sort=available&desc=1`),
 * so a sorted list can be bookmarked. Any column but the status sorts; the bridge sorts the
 * whole filtered list (the API has no ordering parameter), never only the page on screen.
 */
import { STOCK_SORT_COLUMNS, type StockSort } from '../../../../shared/contract/arg-schemas';

export type { StockSort };

const isColumn = (value: string | null): value is StockSort['column'] =>
  (STOCK_SORT_COLUMNS as readonly string[]).includes(value ?? '');

/** A header's sort as the stock list's, or null for a column it cannot sort by. */
export function stockSortOf(sort: { column: string; desc: boolean }): StockSort | null {
  return isColumn(sort.column) ? { column: sort.column, desc: sort.desc } : null;
}

export function stockSortFromSearch(search: string): StockSort | null {
  const params = new URLSearchParams(search);
  const column = params.get('sort');
  return isColumn(column) ? { column, desc: params.get('desc') === '1' } : null;
}

/** `search` (the filters' part) with the sort added, or without one. */
export function withStockSort(search: string, sort: StockSort | null): string {
  const params = new URLSearchParams(search);
  params.delete('sort');
  params.delete('desc');
  if (sort) {
    params.set('sort', sort.column);
    if (sort.desc) params.set('desc', '1');
  }
  return params.toString();
}

const NAMES: Record<StockSort['column'], string> = {
  product: 'product',
  location: 'location',
  on_hand: 'on hand',
  committed: 'committed',
  reserved: 'reserved',
  available: 'available',
  reorder_point: 'reorder point',
  expiry: 'earliest expiry',
};

/** "available, highest first": how the status line names a sort. */
export function sortName(sort: StockSort): string {
  const text = sort.column === 'product' || sort.column === 'location';
  const way = text
    ? sort.desc
      ? 'Z to A'
      : 'A to Z'
    : sort.column === 'expiry'
      ? sort.desc
        ? 'latest first'
        : 'soonest first'
      : sort.desc
        ? 'highest first'
        : 'lowest first';
  return `${NAMES[sort.column]}, ${way}`;
}
