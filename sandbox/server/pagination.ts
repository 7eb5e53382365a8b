/**
 * Page-number pagination as the spec describes it: pages from 1, `count` = total, absolute
 * `next`/`previous` URLs that keep every filter, 404 past the end, a page size above the
 * maximum clamped rather than refused. Numbers are the sandbox's choice (spec: "not shown").
 */
import { ApiError } from './api-error';

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 500;

export interface PageRequest {
  page: number;
  pageSize: number;
}

export interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

/** Reads page and page_size; an unusable page_size falls back to the default (as DRF does). */
export function readPageRequest(query: Record<string, unknown>): PageRequest {
  const rawSize = first(query.page_size);
  const size = rawSize === undefined ? Number.NaN : Number(rawSize);
  const pageSize =
    Number.isInteger(size) && size > 0 ? Math.min(size, MAX_PAGE_SIZE) : DEFAULT_PAGE_SIZE;
  const rawPage = first(query.page) ?? '1';
  const page = /^\d+$/.test(rawPage) ? Number(rawPage) : Number.NaN;
  if (!Number.isSafeInteger(page) || page < 1) throw invalidPage();
  return { page, pageSize };
}

/** Slices one page out of `total` items; `load` materialises only that slice. */
export function paginate<T>(
  total: number,
  request: PageRequest,
  pageUrl: (page: number) => string,
  load: (start: number, end: number) => T[],
): Page<T> {
  const lastPage = Math.max(1, Math.ceil(total / request.pageSize));
  if (request.page > lastPage) throw invalidPage();
  const start = (request.page - 1) * request.pageSize;
  const end = Math.min(total, start + request.pageSize);
  return {
    count: total,
    next: request.page < lastPage ? pageUrl(request.page + 1) : null,
    previous: request.page > 1 ? pageUrl(request.page - 1) : null,
    results: load(start, end),
  };
}

/** The absolute URL of the same request with `page` replaced. */
export function pageUrlFor(absoluteUrl: URL): (page: number) => string {
  return (page) => {
    const url = new URL(absoluteUrl);
    url.searchParams.set('page', String(page));
    return url.toString();
  };
}

function invalidPage(): ApiError {
  return new ApiError(404, 'not_found', 'Invalid page.');
}

function first(value: unknown): string | undefined {
  if (Array.isArray(value)) return first(value[0]);
  return typeof value === 'string' ? value : undefined;
}
