import { describe, expect, it } from 'vitest';
import { isScanPage } from './scan-dock';

describe('where scanning is on', () => {
  it('is on the Orders list and an order’s detail, not on Create order', () => {
    expect(isScanPage('/orders')).toBe(true);
    expect(isScanPage('/orders/1042')).toBe(true);
    expect(isScanPage('/orders/new')).toBe(false);
    expect(isScanPage('/settings')).toBe(false);
  });
});
