/**
 * A paged list's paging, as the Pager takes it: the page number (back to 1 when `resetKey`
 * changes: a new filter or page size), the page size the view keeps, and how it keeps a new
 * one. The view reads `page` for its query and spreads the rest into the ListFrame's pager.
 */
import { type PagerProps, usePageNumber } from './pager';

export type Paging = Pick<PagerProps, 'page' | 'pageSize' | 'onPage' | 'onPageSize'>;

export function usePaging(
  resetKey: string,
  pageSize: number,
  onPageSize: (size: number) => void,
): Paging {
  const [page, onPage] = usePageNumber(resetKey);
  return { page, pageSize, onPage, onPageSize };
}
