/** Paging edge cases against a fake page source that misbehaves in the ways lists do. */
import { describe, expect, it } from 'vitest';
import { BridgeFailure } from '../failure';
import { fetchAll, type Page, type PageFetcher } from './paginate';

type Item = { id: number };

interface SourceOptions {
  /** The server's maximum page size (it clamps larger requests). */
  max?: number;
  /** Called before each page is answered; may change `items` (the list moving). */
  before?(page: number, items: Item[]): void;
  /** Overrides `next` (e.g. a server that never says null). */
  next?(page: number, last: boolean): string | null;
  /** Overrides `count`. */
  count?(page: number, items: Item[]): number;
}

function source(initial: number, options: SourceOptions = {}) {
  const items: Item[] = Array.from({ length: initial }, (_, i) => ({ id: initial - i }));
  const asked: number[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const fetchPage: PageFetcher<Item> = async (page, pageSize, signal) => {
    asked.push(page);
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    try {
      // An answer a turn later, as over a socket (no clock: turns, not milliseconds).
      await new Promise((r) => setImmediate(r));
      if (signal.aborted) throw new BridgeFailure('cancelled', 'Cancelled.');
      options.before?.(page, items);
      const size = Math.min(pageSize, options.max ?? 10);
      const start = (page - 1) * size;
      if (page < 1 || (start >= items.length && page > 1)) {
        throw new BridgeFailure('not_found', 'Invalid page.', { status: 404 });
      }
      const results = items.slice(start, start + size);
      const last = start + size >= items.length;
      const answer: Page<Item> = {
        count: options.count?.(page, items) ?? items.length,
        next: options.next ? options.next(page, last) : last ? null : `x?page=${page + 1}`,
        results,
      };
      return answer;
    } finally {
      inFlight -= 1;
    }
  };
  return { fetchPage, asked, items, maxInFlight: () => maxInFlight };
}

const byId = { idOf: (item: Item) => item.id };

describe('fetchAll', () => {
  it('pages until next is null, at the size the server allows, with progress', async () => {
    const s = source(25, { max: 10 });
    const progress: [number, number][] = [];
    const result = await fetchAll(s.fetchPage, {
      ...byId,
      pageSize: 1000,
      onProgress: (done, total) => progress.push([done, total]),
    });
    expect(result.items.map((i) => i.id)).toEqual(Array.from({ length: 25 }, (_, i) => 25 - i));
    expect(result).toMatchObject({ count: 25, pages: 3, duplicates: 0 });
    expect(progress).toEqual([
      [10, 25],
      [20, 25],
      [25, 25],
    ]);
    expect(s.asked).toEqual([1, 2, 3]);
  });

  it('never loops forever on a `next` that is never null', async () => {
    const s = source(25, { max: 10, next: (page) => `x?page=${page + 1}` });
    const result = await fetchAll(s.fetchPage, { ...byId, lookahead: 1 });
    // ceil(25 / 10) + 2 = 5 pages at most; pages 4 and 5 are past the end (404) → stop.
    expect(Math.max(...s.asked)).toBeLessThanOrEqual(5);
    expect(result.items).toHaveLength(25);
  });

  it('stops at the bound even when every page is full and says there is more', async () => {
    let served = 0;
    const endless: PageFetcher<Item> = async (page) => ({
      count: 30,
      next: 'x?page=again',
      results: Array.from({ length: 10 }, (_, i) => ({ id: page * 100 + i + served++ * 0 })),
    });
    const result = await fetchAll(endless, { ...byId, lookahead: 2 });
    expect(result.pages).toBe(5); // ceil(30 / 10) + 2
  });

  it('drops duplicates when orders arrive at the top while paging (newest first)', async () => {
    let nextId = 1000;
    const s = source(30, {
      max: 10,
      before: (page, items) => {
        // Two new orders before each later page: everything shifts down by two.
        if (page > 1) items.unshift({ id: nextId++ }, { id: nextId++ });
      },
    });
    const result = await fetchAll(s.fetchPage, { ...byId, lookahead: 1 });
    const ids = result.items.map((i) => i.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(result.duplicates).toBeGreaterThan(0);
    // Every order that existed at the start is there.
    for (let id = 1; id <= 30; id++) expect(ids).toContain(id);
  });

  it('ends cleanly on a 404 past the end after items were deleted meanwhile', async () => {
    const s = source(30, {
      max: 10,
      before: (page, items) => {
        if (page === 2) items.splice(0, 25); // most of the list removed: page 2 is gone
      },
    });
    const result = await fetchAll(s.fetchPage, { ...byId, lookahead: 1 });
    expect(result.items).toHaveLength(10);
    expect(s.asked).toEqual([1, 2]);
  });

  it('copes with a count that changes from page to page', async () => {
    const s = source(25, { max: 10, count: (page) => (page === 1 ? 25 : 12) });
    const result = await fetchAll(s.fetchPage, { ...byId });
    expect(result.items).toHaveLength(25);
    expect(result.count).toBe(12);
  });

  it('lets a 404 on the first page through (it is not "past the end")', async () => {
    const missing: PageFetcher<Item> = async () => {
      throw new BridgeFailure('not_found', 'Not found.', { status: 404 });
    };
    await expect(fetchAll(missing, byId)).rejects.toMatchObject({ error: { code: 'not_found' } });
  });

  it('lets other failures through, dropping the pages asked for ahead', async () => {
    const s = source(100, { max: 10 });
    const failing: PageFetcher<Item> = async (page, size, signal) => {
      if (page === 3) throw new BridgeFailure('server_error', 'Boom.', { status: 503 });
      return s.fetchPage(page, size, signal);
    };
    await expect(fetchAll(failing, byId)).rejects.toMatchObject({
      error: { code: 'server_error' },
    });
  });

  it('stops when cancelled, and aborts the pages in flight', async () => {
    const abort = new AbortController();
    const signals: AbortSignal[] = [];
    const s = source(100, { max: 10 });
    const watched: PageFetcher<Item> = (page, size, signal) => {
      signals.push(signal);
      if (page === 2) abort.abort();
      return s.fetchPage(page, size, signal);
    };
    await expect(fetchAll(watched, { ...byId, signal: abort.signal })).rejects.toMatchObject({
      error: { code: 'cancelled' },
    });
    expect(signals.every((sig) => sig.aborted)).toBe(true);
    expect(s.asked.length).toBeLessThan(10);
  });

  it('asks for up to `lookahead` pages at once, and no page twice', async () => {
    const s = source(95, { max: 10 });
    const result = await fetchAll(s.fetchPage, { ...byId, lookahead: 4 });
    expect(result.items).toHaveLength(95);
    expect(s.maxInFlight()).toBe(4);
    expect([...s.asked].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('stops on an empty page, and on a one-page list', async () => {
    const empty: PageFetcher<Item> = async (page) => ({
      count: 50,
      next: 'x',
      results: page === 1 ? [{ id: 1 }] : [],
    });
    expect((await fetchAll(empty, { ...byId, lookahead: 1 })).pages).toBe(2);
    const one = source(3);
    expect((await fetchAll(one.fetchPage, byId)).items).toHaveLength(3);
    expect(one.asked).toEqual([1]);
  });

  it('keeps only what `select` picks', async () => {
    const s = source(12, { max: 5 });
    const result = await fetchAll(s.fetchPage, { ...byId, select: (item) => item.id * 2 });
    expect(result.items.slice(0, 3)).toEqual([24, 22, 20]);
  });
});
