import { describe, expect, it } from 'vitest';
import { keyedRows } from '../../test-support/seeded-keys';
import { type RowKey, reverseSorted, sortRows } from './row-sort';

interface Item {
  at: number;
  k: string | number | null;
}

/** The documented order, the plain way: present keys by direction, ties by place, missing last. */
function reference(items: readonly Item[], desc: boolean): number[] {
  const present = items.filter((i) => i.k !== null);
  const missing = items.filter((i) => i.k === null);
  const sign = desc ? -1 : 1;
  present.sort((a, b) => {
    const x = a.k as string | number;
    const y = b.k as string | number;
    return x < y ? -sign : x > y ? sign : a.at - b.at;
  });
  return [...present, ...missing].map((i) => i.at);
}

function items(n: number, distinct: number, kind: 'string' | 'number', seed: number): Item[] {
  return keyedRows(n, distinct, kind, seed);
}

const key: RowKey<Item> = (i) => i.k;
const ats = (xs: readonly Item[]) => xs.map((i) => i.at);

describe('sortRows and reverseSorted', () => {
  // Few and many distinct keys; every key distinct (a tracking number's column).
  for (const distinct of [3, 40, 5000, 1_000_000]) {
    for (const kind of ['string', 'number'] as const) {
      it(`give the documented order: ${distinct} distinct ${kind} keys, both ways`, () => {
        const list = items(3000, distinct, kind, distinct + kind.length);
        for (const desc of [false, true]) {
          const sorted = sortRows(list, key, desc);
          expect(ats(sorted)).toEqual(reference(list, desc));
          // The other direction read back from this one, with no comparisons.
          expect(ats(reverseSorted(sorted, key))).toEqual(reference(list, !desc));
        }
      });
    }
  }

  it('gives the documented order for edge values: zeros, infinities, capitals, accents', () => {
    const edges: Item[] = [0, -0, 1e-9, -Infinity, Infinity, 2 ** 53, -2.5, 0].map((k, at) => ({
      at,
      k,
    }));
    // Code-unit order, not locale: capitals before small letters, an astral character last.
    const text: Item[] = ['b', 'B', '\u{1F4E6}', 'a', 'Z', '', 'a\u0301', 'á'].map((k, at) => ({
      at,
      k,
    }));
    for (const list of [edges, text]) {
      for (const desc of [false, true]) {
        const sorted = sortRows(list, key, desc);
        expect(ats(sorted)).toEqual(reference(list, desc));
        expect(ats(reverseSorted(sorted, key))).toEqual(reference(list, !desc));
      }
    }
  });

  it('gives the documented order for keys already in order either way, ties and gaps included', () => {
    const rising: Item[] = [1, 1, 2, null, 3, 3, 3, 9].map((k, at) => ({ at, k }));
    const falling: Item[] = ['z', 'y', 'y', null, 'b', 'a', 'a', null].map((k, at) => ({
      at,
      k,
    }));
    for (const list of [rising, falling]) {
      for (const desc of [false, true]) {
        expect(ats(sortRows(list, key, desc))).toEqual(reference(list, desc));
      }
    }
  });

  it('keeps every row once, missing keys last, when a column mixes numbers and strings', () => {
    // No order between a number and a string is documented (the app's columns never mix);
    // the fallback must still lose nothing and keep the missing keys last.
    const mixed: Item[] = [7, 'b', 3, null, 'a', 7, -1, 'b'].map((k, at) => ({ at, k }));
    for (const desc of [false, true]) {
      const sorted = ats(sortRows(mixed, key, desc));
      expect([...sorted].sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
      expect(sorted.at(-1)).toBe(3);
    }
  });

  it('keeps a list with no keys, or no rows, as it was', () => {
    const none = [0, 1, 2].map((at) => ({ at, k: null }));
    expect(ats(sortRows(none, key, true))).toEqual([0, 1, 2]);
    expect(ats(reverseSorted(none, key))).toEqual([0, 1, 2]);
    expect(sortRows([], key, false)).toEqual([]);
    expect(reverseSorted([], key)).toEqual([]);
  });

  it('does not change the list it is given', () => {
    const list = items(200, 10, 'string', 7);
    const before = ats(list);
    sortRows(list, key, true);
    expect(ats(list)).toEqual(before);
  });
});
