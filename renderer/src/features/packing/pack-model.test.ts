import { describe, expect, it } from 'vitest';
import {
  applyScan,
  type Counts,
  countTyped,
  countUnit,
  isComplete,
  lineForCode,
  linesOf,
  malformedLines,
  quantityOf,
  remaining,
  withProducts,
} from './pack-model';

const items = [
  { sku: 'BAR-0108', name: 'Barista kettle', qty: 2, gtin: '4014170001084', product_id: 108 },
  { sku: 'tea-0007', name: 'Green tea', qty: 1 },
  { sku: 'BAR-0108', qty: 1 },
  'not an item',
];

describe('the lines to pack', () => {
  it('merge repeated SKUs, skip odd entries, keep the item’s product', () => {
    const lines = linesOf(items);
    expect(lines.map((l) => [l.sku, l.qty, l.productId])).toEqual([
      ['BAR-0108', 3, 108],
      ['tea-0007', 1, null],
    ]);
    expect(linesOf(null)).toEqual([]);
    expect(linesOf({ sku: 'X' })).toEqual([]);
  });

  it('take the product and GTIN the lookup found, the item’s own values first', () => {
    const lines = withProducts(
      linesOf(items),
      new Map([
        ['TEA-0007', { productId: 7, gtin: '0012345678905' }],
        ['BAR-0108', { productId: 999, gtin: '1' }],
      ]),
    );
    expect(lines.map((l) => [l.productId, l.gtin])).toEqual([
      [108, '4014170001084'],
      [7, '0012345678905'],
    ]);
  });
});

describe('a scanned code', () => {
  const lines = withProducts(
    linesOf(items),
    new Map([['TEA-0007', { productId: 7, gtin: '0012345678905' }]]),
  );

  it('names a line by SKU in any case or by GTIN at any length', () => {
    expect(lineForCode(lines, ' bar-0108 ')?.sku).toBe('BAR-0108');
    expect(lineForCode(lines, '4014170001084')?.sku).toBe('BAR-0108');
    expect(lineForCode(lines, '12345678905')?.sku).toBe('tea-0007'); // UPC-A of the GTIN-13
    expect(lineForCode(lines, '00012345678905')?.sku).toBe('tea-0007'); // GTIN-14
    expect(lineForCode(lines, '4014170001085')).toBeUndefined();
    expect(lineForCode(lines, 'BAR')).toBeUndefined();
  });

  it('counts one unit, refuses one too many, and says when the order is complete', () => {
    let counts: Counts = {};
    const steps: string[] = [];
    for (const code of ['BAR-0108', 'OTHER-1', '4014170001084', 'bar-0108', 'BAR-0108']) {
      const result = applyScan(lines, counts, code);
      counts = result.counts;
      steps.push(result.verdict.kind);
    }
    expect(steps).toEqual(['counted', 'unknown', 'counted', 'counted', 'over']);
    expect(counts['BAR-0108']).toEqual({ scanned: 3, byHand: 0 });
    expect(remaining(lines, counts)).toBe(1);
    expect(isComplete(lines, counts)).toBe(false);
    const tea = lines[1]!;
    const last = countUnit(lines, counts, tea, true);
    expect(last.verdict).toMatchObject({ kind: 'counted', byHand: true, complete: true });
    expect(last.counts['TEA-0007']).toEqual({ scanned: 0, byHand: 1 });
    expect(isComplete(lines, last.counts)).toBe(true);
  });

  it('an order with nothing to pack is never complete by itself', () => {
    expect(isComplete([], {})).toBe(false);
  });
});

describe('quantities as the API sends them', () => {
  it('counts a whole number, also one sent as text', () => {
    expect(quantityOf(3)).toEqual({ qty: 3 });
    expect(quantityOf('3')).toEqual({ qty: 3 });
    expect(quantityOf(' 12 ')).toEqual({ qty: 12 });
  });

  it('names everything else, never taking it for 0 or 1', () => {
    expect(quantityOf(0.4)).toEqual({ problem: 'a fraction (0.4)' });
    expect(quantityOf('0.4')).toEqual({ problem: 'a fraction (0.4)' });
    expect(quantityOf(-2)).toEqual({ problem: 'a negative quantity (-2)' });
    expect(quantityOf('-2')).toEqual({ problem: 'a negative quantity (-2)' });
    expect(quantityOf(0)).toEqual({ problem: 'a quantity of 0' });
    expect(quantityOf('0')).toEqual({ problem: 'a quantity of 0' });
    expect(quantityOf('three')).toEqual({ problem: 'not a number ("three")' });
    expect(quantityOf('')).toEqual({ problem: 'not a number ("")' });
    expect(quantityOf(true)).toEqual({ problem: 'not a number' });
    expect(quantityOf(undefined)).toEqual({ problem: 'no quantity given' });
    expect(quantityOf(1e9)).toEqual({ problem: 'an implausible quantity (1000000000)' });
  });

  it('makes a malformed line that counts nothing and blocks completion until overridden', () => {
    const lines = linesOf([
      { sku: 'A-1', qty: '3' },
      { sku: 'B-2', qty: 0.4 },
      { sku: 'A-1', qty: 1 },
    ]);
    expect(lines.map((l) => [l.sku, l.qty, l.problem])).toEqual([
      ['A-1', 4, null],
      ['B-2', 0, 'a fraction (0.4)'],
    ]);
    expect(malformedLines(lines).map((l) => l.sku)).toEqual(['B-2']);
    expect(applyScan(lines, {}, 'B-2').verdict.kind).toBe('malformed');
    let counts: Counts = {};
    for (let i = 0; i < 4; i++) counts = applyScan(lines, counts, 'A-1').counts;
    expect(remaining(lines, counts)).toBe(0);
    expect(isComplete(lines, counts)).toBe(false);
    expect(isComplete(lines, counts, true)).toBe(true);
  });

  it('an order of only malformed lines is not "0 of 0, complete"', () => {
    const lines = linesOf([{ sku: 'B-2', qty: 0.4 }]);
    expect(isComplete(lines, {})).toBe(false);
    expect(isComplete(lines, {}, true)).toBe(true);
  });

  it('one malformed quantity makes its merged line malformed', () => {
    const lines = linesOf([
      { sku: 'A-1', qty: 2 },
      { sku: 'a-1', qty: -1 },
    ]);
    expect(lines).toMatchObject([{ qty: 0, problem: 'a negative quantity (-1)' }]);
  });
});

describe('a number typed after a scan', () => {
  const lines = linesOf([
    { sku: 'CUP-12', qty: 12 },
    { sku: 'LID-1', qty: 1 },
  ]);
  const cup = lines[0]!;

  it('makes the line hold that many in all: one scan and "12" for a line of 12', () => {
    const first = applyScan(lines, {}, 'CUP-12');
    const typed = countTyped(lines, first.counts, cup, 12);
    expect(typed.verdict).toMatchObject({ kind: 'typed', total: 12, added: 11, complete: false });
    expect(typed.counts['CUP-12']).toEqual({ scanned: 1, byHand: 0, typed: 11 });
    expect(remaining(lines, typed.counts)).toBe(1);
    const lid = applyScan(lines, typed.counts, 'LID-1');
    expect(lid.verdict).toMatchObject({ kind: 'counted', complete: true });
  });

  it('fills the line and refuses the rest past its quantity', () => {
    const first = applyScan(lines, {}, 'CUP-12');
    const typed = countTyped(lines, first.counts, cup, 15);
    expect(typed.verdict).toMatchObject({ kind: 'capped', typed: 15, added: 11 });
    expect(remaining(lines, typed.counts)).toBe(1);
  });

  it('counts nothing for a number not above what is counted', () => {
    const first = applyScan(lines, {}, 'CUP-12');
    const typed = countTyped(lines, first.counts, cup, 1);
    expect(typed.verdict).toMatchObject({ kind: 'not-more', typed: 1, done: 1 });
    expect(typed.counts).toBe(first.counts);
  });
});
