import { describe, expect, it } from 'vitest';
import { boundedText, savedChoice, savedObject } from './saved-values';

describe('saved values', () => {
  it('takes a stored object, nothing else', () => {
    expect(savedObject({ a: 1 })).toEqual({ a: 1 });
    for (const raw of [undefined, null, [], 'x', 3]) expect(savedObject(raw)).toBeNull();
  });

  it('trims and bounds text, and reads anything else as none', () => {
    expect(boundedText('  DHL  ', 2)).toBe('DH');
    expect(boundedText(42, 10)).toBe('');
  });

  it('keeps a value among the choices, else the fallback', () => {
    expect(savedChoice(100, [25, 50, 100], 50)).toBe(100);
    expect(savedChoice(75, [25, 50, 100], 50)).toBe(50);
    expect(savedChoice('100', [25, 50, 100], 50)).toBe(50);
  });
});
