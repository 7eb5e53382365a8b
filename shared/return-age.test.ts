import { describe, expect, it } from 'vitest';
import { returnAgeDays } from './return-age';

const at = (iso: string) => new Date(iso).getTime();

describe('returnAgeDays', () => {
  it('counts calendar days on the local clock, 0 on the day it was opened', () => {
    const requested = new Date(2026, 10, 20, 23, 30).toISOString();
    expect(returnAgeDays(requested, new Date(2026, 10, 20, 23, 59).getTime())).toBe(0);
    expect(returnAgeDays(requested, new Date(2026, 10, 21, 0, 5).getTime())).toBe(1);
    expect(returnAgeDays(requested, new Date(2026, 11, 20, 12, 0).getTime())).toBe(30);
  });

  it('answers null for a missing or unreadable date, and never a negative age', () => {
    expect(returnAgeDays(null, at('2026-11-28T00:00:00Z'))).toBeNull();
    expect(returnAgeDays('not a date', at('2026-11-28T00:00:00Z'))).toBeNull();
    expect(returnAgeDays('2026-12-01T00:00:00Z', at('2026-11-28T00:00:00Z'))).toBe(0);
  });
});
