import { describe, expect, it } from 'vitest';
import { countries, countryCode, countryLabel } from './countries';

describe('countries by name and code', () => {
  it('finds a country by its code or its name, in English or the person’s language', () => {
    expect(countryCode('DE', 'en')).toBe('DE');
    expect(countryCode(' de ', 'en')).toBe('DE');
    expect(countryCode('Germany', 'en')).toBe('DE');
    expect(countryCode('germany', 'de')).toBe('DE');
    expect(countryCode('Deutschland', 'de')).toBe('DE');
    expect(countryCode('United Kingdom', 'en')).toBe('GB');
    expect(countryCode('Narnia', 'en')).toBe('');
  });

  it('names a code for display, and keeps an unknown code as given', () => {
    expect(countryLabel('de', 'en')).toBe('Germany (DE)');
    expect(countryLabel('XQ', 'en')).toBe('XQ');
    expect(countryLabel(null, 'en')).toBeNull();
  });

  it('lists every ISO country once, sorted by name', () => {
    const list = countries('en');
    expect(list.length).toBeGreaterThan(240);
    expect(new Set(list.map((c) => c.code)).size).toBe(list.length);
    expect(list[0]?.name.localeCompare(list[1]?.name ?? '')).toBeLessThan(0);
  });
});
