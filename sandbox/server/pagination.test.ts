import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, paginate, readPageRequest } from './pagination';

const url = (p: number) => `http://x/api/orders/?channel=Etsy&page=${p}`;
const items = (start: number, end: number) =>
  Array.from({ length: end - start }, (_, i) => start + i);

describe('pagination', () => {
  it('defaults, clamps, and falls back on an unusable page size', () => {
    expect(readPageRequest({})).toEqual({ page: 1, pageSize: DEFAULT_PAGE_SIZE });
    expect(readPageRequest({ page_size: '100000' }).pageSize).toBe(MAX_PAGE_SIZE);
    expect(readPageRequest({ page_size: 'abc' }).pageSize).toBe(DEFAULT_PAGE_SIZE);
    expect(readPageRequest({ page_size: '0' }).pageSize).toBe(DEFAULT_PAGE_SIZE);
  });

  it('refuses page 0, negative and non-numeric pages with 404', () => {
    for (const page of ['0', '-1', 'two', '1.5']) {
      expect(() => readPageRequest({ page })).toThrow(ApiError);
    }
  });

  it('links pages and answers 404 past the end', () => {
    const first = paginate(7, { page: 1, pageSize: 3 }, url, items);
    expect(first).toEqual({ count: 7, next: url(2), previous: null, results: [0, 1, 2] });
    const last = paginate(7, { page: 3, pageSize: 3 }, url, items);
    expect(last).toEqual({ count: 7, next: null, previous: url(2), results: [6] });
    expect(() => paginate(7, { page: 4, pageSize: 3 }, url, items)).toThrow(/Invalid page/);
  });

  it('serves an empty first page for an empty list', () => {
    expect(paginate(0, { page: 1, pageSize: 3 }, url, items)).toEqual({
      count: 0,
      next: null,
      previous: null,
      results: [],
    });
    expect(() => paginate(0, { page: 2, pageSize: 3 }, url, items)).toThrow(ApiError);
  });
});
