/**
 * The check every list-filter test makes against the sandbox over HTTP: the filtered list
 * holds exactly the rows a predicate keeps from the unfiltered data, each once, sorted by id,
 * and its `count` agrees. Shared by the order and return filter suites.
 */
import { expect } from 'vitest';
import { type Client, fetchAll, type Paginated } from './sandbox-fixture';

const numeric = (a: number, b: number) => a - b;

type Field = string | null | undefined;

/** Whether any of `fields` holds `needle`, whatever its case (as the API's `q` reads). */
export const holdsText = (fields: Field[], needle: string) =>
  fields.some((v) => typeof v === 'string' && v.toLowerCase().includes(needle.toLowerCase()));

/** What a list's `q` reads of a row: the fields the spec names, and all it may match on. */
export interface SearchFields<T> {
  named: (row: T) => Field[];
  broad: (row: T) => Field[];
}

/**
 * `listPath`: the list's address up to its query ("/api/orders/?page_size=500&"); `noun`: a
 * row, singular, for the messages ("order"); `all`: the unfiltered rows, read by the suite;
 * `search`: what the list's `q` reads, for expectSearch.
 */
export function filterCheck<T extends { id: number }>(
  api: Client,
  listPath: string,
  noun: string,
  all: () => readonly T[],
  search?: SearchFields<T>,
) {
  /** Every page of the list for `query`: the ids, sorted, and the count the first page gave. */
  async function listIds(query: string): Promise<{ count: number; ids: number[] }> {
    const path = `${listPath}${query}`;
    const first = await api.get<Paginated<T>>(path);
    expect(first.status, query).toBe(200);
    const ids = (await fetchAll<T>(api, path)).map((row) => row.id);
    expect(new Set(ids).size, `${query}: no ${noun} twice`).toBe(ids.length);
    return { count: first.body.count, ids: ids.sort(numeric) };
  }

  /** The ids of the rows `test` keeps, sorted. */
  const idsWhere = (test: (row: T) => boolean) =>
    all()
      .filter(test)
      .map((row) => row.id)
      .sort(numeric);

  /** The filtered list holds exactly the rows `test` keeps; `count` agrees. */
  async function expectFilter(
    query: string,
    test: (row: T) => boolean,
    { nonEmpty = true, notAll = true } = {},
  ): Promise<number[]> {
    const expected = idsWhere(test);
    if (nonEmpty)
      expect(expected.length, `${query}: the data has such ${noun}s`).toBeGreaterThan(0);
    if (notAll)
      expect(expected.length, `${query}: the filter leaves some out`).toBeLessThan(all().length);
    const got = await listIds(query);
    expect(got.ids, query).toEqual(expected);
    expect(got.count, `${query}: count`).toBe(expected.length);
    return expected;
  }

  /** The first row `test` keeps; the data must hold one. */
  function pick(test: (row: T) => boolean): T {
    const found = all().find(test);
    expect(found).toBeDefined();
    return found as T;
  }

  /**
   * `q=needle` finds the row the text was taken from, every row whose named fields hold the
   * text, and only rows whose fields hold it, read broadly; `count` agrees. Returns the ids.
   */
  async function expectSearch(needle: string, from: T): Promise<number[]> {
    if (!search) throw new Error('filterCheck was given no search fields');
    const { named, broad } = search;
    const got = await listIds(`q=${encodeURIComponent(needle)}`);
    expect(got.ids, `q=${needle} finds ${noun} ${from.id}`).toContain(from.id);
    for (const id of idsWhere((row) => holdsText(named(row), needle))) {
      expect(got.ids, `q=${needle} must find ${id}`).toContain(id);
    }
    const may = new Set(idsWhere((row) => holdsText(broad(row), needle)));
    for (const id of got.ids) {
      expect(may.has(id), `q=${needle} found ${id} without the text`).toBe(true);
    }
    expect(got.count).toBe(got.ids.length);
    return got.ids;
  }

  return { listIds, idsWhere, expectFilter, pick, expectSearch };
}
