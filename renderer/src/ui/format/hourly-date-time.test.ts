import { describe, expect, it } from 'vitest';
import { hourlyDateTime } from './hourly-date-time';

const MINUTE = 60_000;

/** Every minute of a span, and some seconds within minutes, as Intl itself writes them. */
function sameAsIntl(locale: string, timeZone: string, from: string, minutes: number) {
  const format = new Intl.DateTimeFormat(locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone,
  });
  const fast = hourlyDateTime(format, locale);
  const start = Date.parse(from);
  for (let m = 0; m < minutes; m++) {
    const ms = start + m * MINUTE + (m % 7) * 8_123;
    expect(fast(ms), `${locale} ${timeZone} ${new Date(ms).toISOString()}`).toBe(format.format(ms));
  }
}

describe('hourlyDateTime', () => {
  it('writes what Intl writes, minute by minute, in English 12-hour and German 24-hour time', () => {
    sameAsIntl('en-US', 'America/New_York', '2026-11-28T22:00:00Z', 3 * 60);
    sameAsIntl('de-DE', 'Europe/Berlin', '2026-12-31T21:30:00Z', 3 * 60);
  });

  it('writes other digits as Intl does (Arabic-Indic numerals, Japanese)', () => {
    sameAsIntl('ar-EG', 'Africa/Cairo', '2026-06-01T10:00:00Z', 90);
    sameAsIntl('ja-JP', 'Asia/Tokyo', '2026-06-01T10:00:00Z', 90);
  });

  it('stays right across a daylight-saving change, on the hour and at half past (Lord Howe)', () => {
    // New York falls back at 06:00 UTC on 2026-11-01; Lord Howe moves by half an hour at 15:30 UTC.
    sameAsIntl('en-US', 'America/New_York', '2026-11-01T04:00:00Z', 4 * 60);
    sameAsIntl('en-AU', 'Australia/Lord_Howe', '2026-10-03T14:00:00Z', 3 * 60);
  });

  it('gives Intl its own answer for an instant it cannot write', () => {
    const format = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
    expect(() => hourlyDateTime(format, 'en-US')(Number.NaN)).toThrow(RangeError);
  });
});
