import { describe, expect, it } from 'vitest';
import { addressLine, chartRows, locationFlags, storageTypeLabel } from './location-facts';

describe('location facts', () => {
  it('joins totals to locations, most units first, bars scaled to the largest', () => {
    const rows = chartRows(
      [
        { location_id: 1, units_on_hand: 50, sku_count: 4, last_movement_at: null },
        { location_id: 2, units_on_hand: 200, sku_count: 2 },
        { location_id: 9, units_on_hand: 0, sku_count: 0 },
        { units_on_hand: 5 },
      ],
      [
        { id: 1, code: 'A', name: 'Alpha' },
        { id: 2, code: 'B', name: 'Beta' },
      ],
    );
    expect(rows.map((r) => [r.code, r.unitsShare, r.skuShare])).toEqual([
      ['B', 1, 0.5],
      ['A', 0.25, 1],
      ['#9', 0, 0],
    ]);
    expect(rows[2]?.name).toBe('Location 9');
  });

  it('words the flags, the enums and the address', () => {
    expect(
      locationFlags({ is_active: false, is_fulfillable: true, is_default: true }).map(
        (f) => f.label,
      ),
    ).toEqual(['Inactive', 'Fulfillable', 'Default']);
    expect(locationFlags({})).toEqual([]);
    expect(storageTypeLabel('cross_dock')).toBe('Cross-dock');
    expect(storageTypeLabel('')).toBeNull();
    expect(
      addressLine({
        address1: 'Kabelweg 37',
        postal_code: '1014 BA',
        city: 'Amsterdam',
        country: 'NL',
      }),
    ).toBe('Kabelweg 37, 1014 BA Amsterdam, NL');
    expect(addressLine({ country: '' })).toBeNull();
  });
});
