import { describe, expect, it } from 'vitest';
import { isBlank, restoreDraft } from './order-draft';
import { emptyOrderForm } from './order-form-schema';

describe('the create-order draft', () => {
  it('reads back what was saved', () => {
    const values = { ...emptyOrderForm(), city: 'Leeds', status: 'ready' as const, tags: 'a, b' };
    values.items = [{ sku: 'A', name: '', qty: '2', price: '', weight_kg: '1', vendor: '' }];
    expect(restoreDraft({ values, savedAt: '2026-11-22T10:00:00Z' })).toEqual({
      values,
      savedAt: '2026-11-22T10:00:00Z',
    });
  });

  it('keeps what fits from a damaged or older draft', () => {
    const restored = restoreDraft({
      values: {
        city: 42,
        country: 'DE',
        status: 'lost',
        items: [{ sku: 'X', qty: 3 }, null],
        extra: 1,
      },
    });
    expect(restored?.values.city).toBe('');
    expect(restored?.values.country).toBe('DE');
    expect(restored?.values.status).toBe('');
    expect(restored?.values.items).toEqual([
      { sku: 'X', name: '', qty: '1', price: '', weight_kg: '', vendor: '' },
      { sku: '', name: '', qty: '1', price: '', weight_kg: '', vendor: '' },
    ]);
  });

  it('answers nothing for no draft', () => {
    expect(restoreDraft(undefined)).toBeNull();
    expect(restoreDraft({ values: 'x' })).toBeNull();
  });

  it('tells an untouched form', () => {
    expect(isBlank(emptyOrderForm())).toBe(true);
    expect(isBlank({ ...emptyOrderForm(), city: 'x' })).toBe(false);
  });
});
