import { describe, expect, it } from 'vitest';
import { cleanMargin, suggestedQuantity } from './reorder-suggestion';

describe('suggestedQuantity', () => {
  it('brings available back above the point by the margin, rounded up', () => {
    // Point 10, margin 20 %: aim for 12; 3 available → order 9.
    expect(suggestedQuantity(3, 10, 20)).toBe(9);
    // Point 7, margin 20 %: 8.4 → aim for 9.
    expect(suggestedQuantity(0, 7, 20)).toBe(9);
    // Below zero available (oversold) is made up too.
    expect(suggestedQuantity(-4, 10, 20)).toBe(16);
    expect(suggestedQuantity(10, 10, 50)).toBe(5);
  });

  it('asks for at least one unit above the point, even at 0 % or a point of 0', () => {
    expect(suggestedQuantity(10, 10, 0)).toBe(1);
    expect(suggestedQuantity(0, 0, 20)).toBe(1);
    expect(suggestedQuantity(2, 1, 20)).toBe(0);
  });

  it('suggests nothing without a reorder point', () => {
    expect(suggestedQuantity(0, null, 20)).toBeNull();
    expect(suggestedQuantity(0, undefined, 20)).toBeNull();
  });
});

describe('cleanMargin', () => {
  it('takes whole percents from 0 to 500, typed or kept', () => {
    expect(cleanMargin(20)).toBe(20);
    expect(cleanMargin(' 35 ')).toBe(35);
    expect(cleanMargin(0)).toBe(0);
    expect(cleanMargin(501)).toBeNull();
    expect(cleanMargin(-1)).toBeNull();
    expect(cleanMargin(12.5)).toBeNull();
    expect(cleanMargin('lots')).toBeNull();
    expect(cleanMargin('')).toBeNull();
  });
});
