import { describe, expect, it } from 'vitest';
import { walkAgeWords } from './shared-walk';

describe('a shared walk’s age, in words', () => {
  const at = new Date('2026-11-28T10:00:00Z');
  const later = (ms: number) => new Date(at.getTime() + ms);

  it('names the age and the station that counted it', () => {
    expect(walkAgeWords(at, 'Desk 1', later(4 * 60_000 + 59_000), 'Desk 2')).toBe(
      'counted 4 min ago at Desk 1',
    );
    expect(walkAgeWords(at, 'Desk 1', later(30_000), 'Desk 2')).toBe('counted just now at Desk 1');
    expect(walkAgeWords(at, 'Desk 1', later(125 * 60_000), 'Desk 2')).toBe(
      'counted 2 h 5 min ago at Desk 1',
    );
  });

  it('leaves the station out when it is this one, and never says a negative age', () => {
    expect(walkAgeWords(at, 'Desk 2', later(3 * 60_000), 'Desk 2')).toBe('counted 3 min ago');
    expect(walkAgeWords(at, 'Desk 1', later(-90_000), 'Desk 2')).toBe('counted just now at Desk 1');
  });
});
