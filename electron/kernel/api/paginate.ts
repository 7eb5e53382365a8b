/**
 * Paging through a list as the spec says: page=1, 2, … with the same filters until `next` is
 * null. Made safe against a server (or a list) that misbehaves:
 *
 * - asks for a large page size (the server clamps it to its maximum: spec, Errors 4) and
 *   takes the first page's length as the effective size;
 * - bounded by `count`: never more than ceil(count / size) + 2 pages, so a `next` that never
 *   becomes null cannot loop forever (a count that grows while paging raises the bound, but
 *   never past twice the first count);
 * - a 404 on a later page (items deleted meanwhile, the list got shorter) ends the list
 *   cleanly, as does an empty page;
 * - once `count` is known, up to `lookahead` later pages are asked for at once (the limiter
 *   still spaces them), since one page at a time cannot use the account's rate when a page
 *   takes longer to answer than the spacing; pages are still handed on in order, and a
 *   `next: null` or 404 on the way drops the pages asked for beyond it.
 *
 * `next` URLs are never followed: they come from the server and could point anywhere; the
 * key only goes to the connection's own address, with page numbers we build.
 */
import { BridgeFailure, isBridgeFailure } from '../failure';

export interface Page<T> {
  count: number;
  next?: string | null;
  results: T[];
}

/** Fetches one page; `signal` aborts it (pages asked for ahead may be dropped). */
export type PageFetcher<T> = (
  page: number,
  pageSize: number,
  signal: AbortSignal,
) => Promise<Page<T>>;

export interface PaginateOptions {
  /** Asked for on every page; the server may answer fewer (default 1000). */
  pageSize?: number;
  signal?: AbortSignal;
  /** Pages in flight at once after the first (default 4). */
  lookahead?: number;
}

export interface PageInfo<T> {
  page: number;
  count: number;
  results: T[];
}

export async function* iteratePages<T>(
  fetchPage: PageFetcher<T>,
  options: PaginateOptions = {},
): AsyncGenerator<PageInfo<T>> {
  const pageSize = options.pageSize ?? 1000;
  const outer = options.signal;
  const inner = new AbortController();
  const stopInner = () => inner.abort(outer?.reason);
  outer?.addEventListener('abort', stopInner, { once: true });
  const ahead = new Map<number, Promise<Page<T>>>();
  const ask = (page: number) => {
    const promise = fetchPage(page, pageSize, inner.signal);
    promise.catch(() => {}); // dropped pages must not surface as unhandled rejections
    ahead.set(page, promise);
  };
  try {
    throwIfCancelled(outer);
    const first = await fetchPage(1, pageSize, inner.signal);
    yield { page: 1, count: first.count, results: first.results };
    if (!first.next || first.results.length === 0) return;
    const size = Math.max(1, first.results.length);
    const firstCount = Math.max(first.count, first.results.length);
    let count = firstCount;
    const bound = () => Math.ceil(Math.min(count, 2 * firstCount) / size) + 2;
    const expected = () => Math.ceil(count / size);
    const lookahead = Math.max(1, options.lookahead ?? 4);
    let asked = 1;
    for (let page = 2; page <= bound(); page++) {
      throwIfCancelled(outer);
      // Ask ahead only for pages the count says exist; beyond them, one at a time.
      while (asked < page || (asked < page + lookahead - 1 && asked < expected())) {
        asked += 1;
        if (asked <= bound()) ask(asked);
      }
      let current: Page<T>;
      try {
        current = await (ahead.get(page) as Promise<Page<T>>);
      } catch (error) {
        throwIfCancelled(outer);
        if (isBridgeFailure(error) && error.error.code === 'not_found') return;
        throw error;
      } finally {
        ahead.delete(page);
      }
      count = Math.max(count, current.count);
      yield { page, count: current.count, results: current.results };
      if (!current.next || current.results.length === 0) return;
    }
  } finally {
    outer?.removeEventListener('abort', stopInner);
    // Drop pages asked for beyond the end (or left behind by an error or a cancel).
    if (ahead.size > 0) inner.abort();
  }
}

export interface FetchAllOptions<T, K> extends PaginateOptions {
  /** The identity used to drop duplicates (a list that shifts while paged repeats items). */
  idOf(item: T): string | number;
  /** What to keep of each item (default: the item). Keep little for large lists. */
  select?(item: T): K;
  /** After every page: unique items so far, and the latest count. */
  onProgress?(done: number, total: number): void;
}

export interface FetchAllResult<K> {
  items: K[];
  /** The count the last page reported. */
  count: number;
  pages: number;
  duplicates: number;
}

export async function fetchAll<T, K = T>(
  fetchPage: PageFetcher<T>,
  options: FetchAllOptions<T, K>,
): Promise<FetchAllResult<K>> {
  const seen = new Set<string | number>();
  const items: K[] = [];
  let count = 0;
  let pages = 0;
  let duplicates = 0;
  for await (const page of iteratePages(fetchPage, options)) {
    pages += 1;
    count = page.count;
    for (const item of page.results) {
      const id = options.idOf(item);
      if (seen.has(id)) {
        duplicates += 1;
        continue;
      }
      seen.add(id);
      items.push(options.select ? options.select(item) : (item as unknown as K));
    }
    options.onProgress?.(items.length, Math.max(count, items.length));
  }
  return { items, count, pages, duplicates };
}

function throwIfCancelled(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new BridgeFailure('cancelled', 'Cancelled.');
}
