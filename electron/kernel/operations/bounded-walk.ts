/**
 * Reading every page of a stock list (the exceptions board's walk, the sort, the reorder list,
 * the stock export), bounded and visible (issue 32):
 *
 * - bounded: the first page says how many rows there are and how many the server sends a
 *   page; a list over MAX_WALK_ROWS, or one that would take more than MAX_WALK_PAGES requests
 *   (a server sending 5 rows a page), is refused at once with a sentence giving both numbers,
 *   instead of millions of requests in the background;
 * - visible: after every page, progress with the rows and the pages read of the pages there
 *   are (the renderer works out the time left from the rate);
 * - cancellable: the call's signal stops it between pages (paginate.ts drops pages asked for
 *   ahead).
 *
 * Rows repeated by a list that shifts while it is read are kept once (by `idOf`).
 */
import { iteratePages, type PageFetcher } from '../api/paginate';
import { BridgeFailure } from '../failure';
import type { CallContext } from '../handler-types';

/** The most rows one walk reads (the sorted stock list's bound since issue 13). */
export const MAX_WALK_ROWS = 100_000;
/** The most requests one walk makes: 100,000 rows at the sandbox's and the spec's 1,000 a page is 100. */
export const MAX_WALK_PAGES = 2_000;

export interface WalkOptions<T> {
  /** Asked for on every page; the server may clamp it. */
  pageSize: number;
  signal?: AbortSignal;
  idOf(row: T): string;
  /** What is being read, for progress and the bound's sentence: "stock rows". */
  what: string;
  /** The progress phase: "Reading every stock row". */
  phase: string;
  /** What a person can do about a list over the bound (default: narrow the filters). */
  advice?: string;
  maxRows?: number;
  maxPages?: number;
  progress: CallContext['progress'];
}

export interface WalkResult<T> {
  rows: T[];
  /** The count the last page gave. */
  count: number;
  pages: number;
}

const n = (value: number) => value.toLocaleString('en-US');

/** The sentence for a list past the bound; exported for tests and the views' own words. */
export function walkBoundMessage(
  bound: { rows: number; pages: number; count: number; perPage: number },
  what: string,
  advice: string,
): string {
  if (bound.count > bound.rows) {
    return `There are ${n(bound.count)} ${what}: more than the ${n(bound.rows)} the console reads in one go. ${advice}`;
  }
  const requests = Math.ceil(bound.count / Math.max(1, bound.perPage));
  return `The service sends ${n(bound.perPage)} ${what} a page: reading all ${n(bound.count)} would take ${n(requests)} requests, more than the ${n(bound.pages)} the console makes for one list. ${advice}`;
}

export async function boundedWalk<T>(
  fetchPage: PageFetcher<T>,
  options: WalkOptions<T>,
): Promise<WalkResult<T>> {
  const maxRows = options.maxRows ?? MAX_WALK_ROWS;
  const maxPages = options.maxPages ?? MAX_WALK_PAGES;
  const advice = options.advice ?? 'Narrow the list (a location, a search) and try again.';
  const seen = new Set<string>();
  const rows: T[] = [];
  let count = 0;
  let pages = 0;
  let pagesTotal: number | null = null;
  let perPage = 1;
  const refuse = (c: number): never => {
    throw new BridgeFailure(
      'invalid_input',
      walkBoundMessage({ rows: maxRows, pages: maxPages, count: c, perPage }, options.what, advice),
    );
  };
  options.progress({
    phase: options.phase,
    done: 0,
    total: null,
    pages: { done: 0, total: null },
  });
  for await (const page of iteratePages(fetchPage, {
    pageSize: options.pageSize,
    ...(options.signal ? { signal: options.signal } : {}),
  })) {
    pages = page.page;
    count = page.count;
    if (page.page === 1) {
      perPage = Math.max(1, page.results.length);
      pagesTotal = Math.max(1, Math.ceil(page.count / perPage));
      if (page.count > maxRows || pagesTotal > maxPages) refuse(page.count);
    }
    for (const row of page.results) {
      const id = options.idOf(row);
      if (seen.has(id)) continue;
      seen.add(id);
      rows.push(row);
    }
    // A list that grows while it is read is held to the same bound.
    if (rows.length > maxRows || pages > maxPages) refuse(Math.max(count, rows.length));
    if (pagesTotal !== null) pagesTotal = Math.max(pagesTotal, Math.ceil(count / perPage), pages);
    options.progress({
      phase: options.phase,
      done: rows.length,
      total: Math.max(count, rows.length),
      pages: { done: pages, total: pagesTotal },
    });
  }
  return { rows, count, pages };
}
