import { describe, expect, it } from 'vitest';
import {
  applyScan,
  type Counts,
  countUnit,
  isComplete,
  lineForCode,
  linesOf,
  remaining,
  withProducts,
} from './pack-model';

const items = [
  { sku: 'BAR-0108', name: 'Barista kettle', qty: 2, gtin: '4014170001084', product_id: 108 },
  { sku: 'tea-0007', name: 'Green tea', qty: 1 },
  { sku: 'BAR-0108', qty: 1 },
  { sku: 'ZERO-1', qty: 0 },
  'not an item',
];

describe('the lines to pack', () => {
  it('merge repeated SKUs, skip nothing-to-pack and odd entries, keep the item’s product', () => {
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
