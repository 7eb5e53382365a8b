import { describe, expect, it } from 'vitest';
import { serviceWords } from './service-words';

describe('serviceWords', () => {
  it('says service codes in words', () => {
    expect(serviceWords('next_day')).toBe('Next day');
    expect(serviceWords('EXPRESS_SAVER')).toBe('Express saver');
    expect(serviceWords('two_man_lift')).toBe('Two man lift');
    expect(serviceWords('standard')).toBe('Standard');
  });
  it('gives nothing for no service', () => {
    expect(serviceWords('')).toBeNull();
    expect(serviceWords(null)).toBeNull();
    expect(serviceWords(7)).toBeNull();
  });
});
