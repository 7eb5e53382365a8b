import { describe, expect, it } from 'vitest';
import { createFormatters, MISSING, resolveLocale } from './formatters';

describe('resolveLocale', () => {
  it('prefers the saved locale, then the browser, then English', () => {
    expect(resolveLocale('de-DE', ['fr-FR'])).toBe('de-DE');
    expect(resolveLocale(null, ['fr-FR', 'en-US'])).toBe('fr-FR');
    expect(resolveLocale(null, [])).toBe('en');
    expect(resolveLocale('not a locale!', ['nl-NL'])).toBe('nl-NL');
  });
});

/** Intl puts no-break spaces between amount and symbol; compare with plain spaces. */
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('formatters', () => {
  const en = createFormatters('en-US', 'UTC');
  const de = createFormatters('de-DE', 'UTC');

  it('formats money in the order currency, exactly from decimal strings', () => {
    expect(en.money('1234.5', 'EUR')).toBe('€1,234.50');
    expect(plain(de.money('1234.5', 'EUR'))).toBe('1.234,50 €');
    expect(en.money('0.10', 'usd')).toBe('$0.10');
    expect(en.money('12345678901234567.89', 'USD')).toBe('$12,345,678,901,234,567.89');
    expect(en.money(3, 'JPY')).toBe('¥3');
  });

  it('never shows NaN for missing or odd money', () => {
    expect(en.money(null, 'EUR')).toBe(MISSING);
    expect(en.money('', 'EUR')).toBe(MISSING);
    expect(en.money('abc', 'EUR')).toBe('abc');
    expect(en.money('5.00', 'NOTACODE')).toBe('5.00 NOTACODE');
    expect(en.money('5.00', null)).toBe('5.00');
  });

  it('formats dates and date-times in the locale', () => {
    expect(en.date('2026-11-22T15:04:05Z')).toBe('Nov 22, 2026');
    expect(de.date('2026-11-22T15:04:05Z')).toBe('22.11.2026');
    expect(plain(en.dateTime('2026-11-22T15:04:05Z'))).toMatch(/Nov 22, 2026.*3:04 PM/);
  });

  it('keeps a calendar day on its day whatever the time zone', () => {
    const west = createFormatters('en-US', 'America/Los_Angeles');
    expect(west.date('2026-11-22')).toBe('Nov 22, 2026');
    expect(west.dateTime('2026-11-22')).toBe('Nov 22, 2026');
  });

  it('shows a dash for missing or invalid dates', () => {
    expect(en.date(null)).toBe(MISSING);
    expect(en.date('yesterday-ish')).toBe(MISSING);
    expect(en.number(undefined)).toBe(MISSING);
    expect(en.number(2013)).toBe('2,013');
  });
});
