import { describe, expect, it } from 'vitest';
import { TextIndex } from './text-index';

const rows = [
  { id: 3, search: 'anna smith #1003 berlin' },
  { id: 2, search: 'bob jones 1z999 london' },
  { id: 1, search: 'anna-lena weiss smithfield' },
];

describe('text index', () => {
  it('finds every row containing the needle, once each', () => {
    const index = new TextIndex(rows);
    expect([...index.idsContaining('anna')].sort()).toEqual([1, 3]);
    expect([...index.idsContaining('smith')].sort()).toEqual([1, 3]);
    expect([...index.idsContaining('1z999')]).toEqual([2]);
    expect([...index.idsContaining('nope')]).toEqual([]);
    expect(index.maxId).toBe(3);
  });

  it('never matches across two rows', () => {
    const index = new TextIndex(rows);
    expect(index.idsContaining('berlinbob').size).toBe(0);
    expect(index.idsContaining('berlin\u0000bob').size).toBe(0);
  });

  it('matches at the very start and end of the text', () => {
    const index = new TextIndex(rows);
    expect([...index.idsContaining('anna smith')]).toEqual([3]);
    expect([...index.idsContaining('smithfield')]).toEqual([1]);
  });
});
