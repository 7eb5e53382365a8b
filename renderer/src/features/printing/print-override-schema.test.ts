import { describe, expect, it } from 'vitest';
import { overrideFormSchema, toOverride } from './print-override-schema';

describe('print override form', () => {
  it('keeps only what the person changed', () => {
    expect(toOverride({ printerId: '', copies: '', media: '' })).toEqual({});
    expect(toOverride({ printerId: 'cups:Office', copies: ' 3 ', media: 'A4' })).toEqual({
      printerId: 'cups:Office',
      copies: 3,
      media: 'A4',
    });
  });

  it('accepts copies from 1 to 99 only', () => {
    const copies = (c: string) =>
      overrideFormSchema.safeParse({ printerId: '', copies: c, media: '' }).success;
    expect(['', '1', '99'].map(copies)).toEqual([true, true, true]);
    expect(['0', '100', '2.5', '-1', 'two'].map(copies)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});
