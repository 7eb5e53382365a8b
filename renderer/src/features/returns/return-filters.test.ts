import { describe, expect, it } from 'vitest';
import {
  activeReturnFilterCount,
  cleanCountry,
  DEFAULT_RETURN_FILTERS,
  returnFiltersFromSettings,
  returnFiltersKey,
  returnFiltersToSettings,
  toReturnBridgeFilters,
} from './return-filters';
import { readReturnsViewSettings, writeReturnsViewSettings } from './returns-view-settings';

describe('return filters', () => {
  it('start on the open returns, the clerk’s worklist', () => {
    expect(returnFiltersFromSettings(undefined)).toEqual(DEFAULT_RETURN_FILTERS);
    expect(toReturnBridgeFilters(DEFAULT_RETURN_FILTERS)).toEqual({ status: 'open' });
  });

  it('survive the settings file unchanged', () => {
    const filters = {
      status: 'closed' as const,
      reason: 'damaged' as const,
      carrier: 'carrier_b',
      channel: 'Shopify',
      country: 'DE',
      q: 'RMA-2026',
      review: 'unreviewed' as const,
      olderThanDays: 21,
    };
    const stored = JSON.parse(JSON.stringify(returnFiltersToSettings(filters)));
    expect(returnFiltersFromSettings(stored)).toEqual(filters);
  });

  it('keep "any status" apart from a missing status', () => {
    expect(returnFiltersFromSettings({ status: '' }).status).toBe('');
    expect(returnFiltersFromSettings({}).status).toBe('open');
  });

  it('drop damaged values one by one', () => {
    const read = returnFiltersFromSettings({
      status: 'LOST',
      reason: 'bored',
      carrier: 42,
      channel: '  Amazon  ',
      country: 'Germany',
      q: 'x'.repeat(500),
      olderThanDays: -3,
    });
    expect(read).toEqual({
      status: 'open',
      reason: '',
      carrier: '',
      channel: 'Amazon',
      country: '',
      q: 'x'.repeat(200),
      review: 'any',
      olderThanDays: 0,
    });
  });

  it('send only what is set, in the bridge’s shape', () => {
    expect(
      toReturnBridgeFilters({
        status: '',
        reason: 'quality',
        carrier: ' ',
        channel: 'eBay',
        country: 'gb',
        q: ' jacket ',
        review: 'reviewed',
        olderThanDays: 14,
      }),
    ).toEqual({ reason: 'quality', channel: 'eBay', country: 'GB', q: 'jacket' });
  });

  it('keep the review filter out of the API’s filters, but in the key and the count', () => {
    const reviewed = { ...DEFAULT_RETURN_FILTERS, review: 'reviewed' as const };
    expect(toReturnBridgeFilters(reviewed)).toEqual({ status: 'open' });
    expect(returnFiltersKey(reviewed)).not.toBe(returnFiltersKey(DEFAULT_RETURN_FILTERS));
    expect(activeReturnFilterCount(reviewed)).toBe(2);
    expect(returnFiltersFromSettings({ review: 'maybe' }).review).toBe('any');
  });

  it('key the same filters the same way whatever the spacing', () => {
    const a = { ...DEFAULT_RETURN_FILTERS, q: 'shoe', channel: 'Etsy' };
    const b = { ...DEFAULT_RETURN_FILTERS, channel: ' Etsy ', q: 'shoe ' };
    expect(returnFiltersKey(a)).toBe(returnFiltersKey(b));
    expect(returnFiltersKey(a)).not.toBe(returnFiltersKey(DEFAULT_RETURN_FILTERS));
    expect(activeReturnFilterCount(a)).toBe(3);
  });

  it('read a country as the API wants it', () => {
    expect(cleanCountry(' us ')).toBe('US');
    expect(cleanCountry('USA')).toBe('');
    expect(cleanCountry('1A')).toBe('');
  });
});

describe('returns view settings', () => {
  it('keep the page size the pager offers, else the default', () => {
    expect(readReturnsViewSettings({ pageSize: 100 }).pageSize).toBe(100);
    expect(readReturnsViewSettings({ pageSize: 7 }).pageSize).toBe(50);
    expect(readReturnsViewSettings('broken').filters).toEqual(DEFAULT_RETURN_FILTERS);
    const value = {
      filters: { ...DEFAULT_RETURN_FILTERS, reason: 'other' as const },
      pageSize: 25,
    };
    expect(readReturnsViewSettings(writeReturnsViewSettings(value))).toEqual(value);
  });
});
