import { describe, expect, it } from 'vitest';
import { isPastExpiry, startOfUtcDay } from './stock-expiry';

describe('isPastExpiry', () => {
  const now = Date.parse('2026-11-24T06:52:00Z');
  it('counts a date before today (UTC) as expired', () => {
    expect(isPastExpiry('2026-11-23T00:00:00Z', now)).toBe(true);
    expect(isPastExpiry('2026-10-01T00:00:00.000Z', now)).toBe(true);
  });
  it('does not count today, the API’s "expires in 0 days", nor later', () => {
    expect(isPastExpiry('2026-11-24T00:00:00Z', now)).toBe(false);
    expect(isPastExpiry('2026-11-30T00:00:00Z', now)).toBe(false);
  });
  it('reads no date, or an unreadable one, as not expired', () => {
    expect(isPastExpiry(null, now)).toBe(false);
    expect(isPastExpiry('soon', now)).toBe(false);
  });
  it('starts the day at UTC midnight', () => {
    expect(new Date(startOfUtcDay(now)).toISOString()).toBe('2026-11-24T00:00:00.000Z');
  });
});
