import fc from 'fast-check';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { isWinAnsi, toAscii, toWinAnsi } from './text-sanitize';

describe('toWinAnsi', () => {
  it('keeps Latin-1 letters and transliterates the rest of Latin', () => {
    expect(toWinAnsi('Łukasz Żółć')).toBe('Lukasz Zólc');
    expect(toWinAnsi('Øre Sørensen')).toBe('Øre Sørensen');
    expect(toWinAnsi('Đorđe Šćepanović')).toBe('Dorde Šcepanovic');
    expect(toWinAnsi('İstanbul ﬁle')).toBe('Istanbul file');
  });

  it('replaces scripts without a Latin spelling by "?" and flattens line breaks', () => {
    expect(toWinAnsi('東京 🚚')).toBe('?? ?');
    expect(toWinAnsi('a\tb\r\nc')).toBe('a b  c');
  });

  it('only ever returns text Helvetica can encode', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    // Every character isWinAnsi accepts is one pdf-lib's WinAnsi encoding accepts.
    for (let cp = 0x20; cp <= 0x2122; cp++) {
      const ch = String.fromCodePoint(cp);
      if (isWinAnsi(ch)) expect(() => font.encodeText(ch), ch).not.toThrow();
    }
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (s) => {
        font.encodeText(toWinAnsi(s));
        font.widthOfTextAtSize(toWinAnsi(s), 10);
      }),
    );
  });
});

describe('toAscii', () => {
  it('transliterates to printable ASCII', () => {
    expect(toAscii('Øre Sørensen – “Nordic” café')).toBe('Ore Sorensen - "Nordic" cafe');
    expect(toAscii('Straße 5 · 2€')).toBe('Strasse 5 . 2EUR');
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (s) => {
        expect(toAscii(s)).toMatch(/^[\x20-\x7e]*$/);
      }),
    );
  });
});
