import { describe, expect, it } from 'vitest';
import { orderFilters } from '../../../../shared/contract/arg-schemas';
import {
  activeFilterCount,
  dateRangeProblem,
  EMPTY_FILTERS,
  filtersFromSettings,
  filtersKey,
  filtersToSettings,
  type OrderViewFilters,
  toBridgeFilters,
  withoutStage,
} from './order-filters';

const full: OrderViewFilters = {
  stage: 'labels',
  channel: ['Shopify', 'eBay'],
  exclude_channel: ['Amazon'],
  payment_status: ['paid'],
  fulfillment_status: ['unfulfilled', 'partial'],
  address_status: ['needs_review'],
  attention: ['address', 'failed'],
  date_after: '2026-09-01',
  date_before: '2026-09-30',
  q: '  #9042 ',
};

describe('order filters', () => {
  it('round-trips through the settings file', () => {
    const stored = JSON.parse(JSON.stringify(filtersToSettings(full)));
    expect(filtersFromSettings(stored)).toEqual(full);
    expect(filtersFromSettings(filtersToSettings(EMPTY_FILTERS))).toEqual(EMPTY_FILTERS);
  });

  it('writes every key, so a merge patch clears what was removed', () => {
    const stored = filtersToSettings({ ...EMPTY_FILTERS, stage: null });
    expect(Object.keys(stored).sort()).toEqual(Object.keys(full).sort());
    // null would remove the key in a merge patch, and a missing stage means the default tab.
    expect(stored.stage).toBe('all');
    expect(stored.date_after).toBeNull();
    expect(filtersFromSettings(stored).stage).toBeNull();
    const { date_after: _removed, ...afterPatch } = stored;
    expect(filtersFromSettings(afterPatch).date_after).toBeNull();
  });

  it('repairs damaged settings value by value', () => {
    const read = filtersFromSettings({
      stage: 'nope',
      channel: ['Shopify', 3, '', 'Shopify', 'x'.repeat(81)],
      attention: ['hold', 'bogus'],
      date_after: '2026-13-45',
      date_before: 'yesterday',
      q: 42,
      payment_status: 'paid',
    });
    expect(read).toEqual({ ...EMPTY_FILTERS, channel: ['Shopify'], attention: ['hold'] });
    expect(filtersFromSettings(null)).toEqual(EMPTY_FILTERS);
    expect(filtersFromSettings(['a'])).toEqual(EMPTY_FILTERS);
  });

  it('"any" attention stands alone', () => {
    expect(filtersFromSettings({ attention: ['hold', 'any'] }).attention).toEqual(['any']);
    expect(toBridgeFilters({ ...EMPTY_FILTERS, attention: ['address', 'any'] }).attention).toEqual([
      'any',
    ]);
  });

  it('becomes the bridge shape: empties left out, search trimmed, valid per the contract', () => {
    const bridge = toBridgeFilters(full);
    // Every filter set in `full` goes over as it is, but the search, which is trimmed.
    expect(bridge).toEqual({ ...full, q: '#9042' });
    expect(orderFilters.safeParse(bridge).success).toBe(true);
    expect(toBridgeFilters({ ...EMPTY_FILTERS, stage: null, q: '   ' })).toEqual({});
    expect(orderFilters.safeParse(toBridgeFilters(EMPTY_FILTERS)).success).toBe(true);
  });

  it('keys ignore value order and the stage tab counts without the stage', () => {
    const a = filtersKey({ ...full, channel: ['eBay', 'Shopify'] });
    expect(a).toBe(filtersKey(full));
    expect(filtersKey(withoutStage(full))).not.toBe(filtersKey(full));
    expect(toBridgeFilters(withoutStage(full)).stage).toBeUndefined();
  });

  it('counts the filters besides the stage and spots an empty date range', () => {
    expect(activeFilterCount(EMPTY_FILTERS)).toBe(0);
    expect(activeFilterCount(full)).toBe(9);
    expect(dateRangeProblem(full)).toBeNull();
    expect(dateRangeProblem({ ...full, date_after: '2026-10-01' })).toMatch(/after/);
  });
});
