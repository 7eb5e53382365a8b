import { describe, expect, it } from 'vitest';
import { zplLabelSize } from './zpl-label-size';

describe('zplLabelSize', () => {
  it('reads ^PW and ^LL in dots (any case, the largest of several labels) and converts to mm', () => {
    expect(zplLabelSize('^XA^PW812^LL1218^XZ')).toEqual({
      ok: true,
      size: {
        widthDots: 812,
        heightDots: 1218,
        widthMm: 101.5,
        heightMm: 152.25,
        dotsPerMm: 8,
        labels: 1,
      },
    });
    const two = zplLabelSize('^XA^pw600^LL400,N^XZ\n^xa^PW812^ll300^XZ');
    expect(two).toMatchObject({ ok: true, size: { widthDots: 812, heightDots: 400, labels: 2 } });
  });

  it('falls back to 4x6 in at 203 dpi, ignoring zero and missing values', () => {
    expect(zplLabelSize('^XA^PW0^LL^FDx^FS^XZ')).toMatchObject({
      ok: true,
      size: { widthDots: 812, heightDots: 1218, dotsPerMm: 8 },
    });
  });

  it('refuses texts without a label, with too many, or too large to draw', () => {
    expect(zplLabelSize('^FDx^FS')).toEqual({
      ok: false,
      reason: 'There is no label in this ZPL (no ^XA…^XZ).',
    });
    expect(zplLabelSize('^XA^XZ'.repeat(20))).toMatchObject({ ok: true });
    expect(zplLabelSize('^XA^XZ'.repeat(21))).toEqual({
      ok: false,
      reason: 'This ZPL holds 21 labels; the preview draws at most 20.',
    });
    expect(zplLabelSize('^XA^PW2400^LL3600^XZ')).toMatchObject({ ok: true });
    expect(zplLabelSize('^XA^PW812^LL3601^XZ')).toEqual({
      ok: false,
      reason: 'This label is 812 x 3601 dots; the preview draws labels up to 2400 x 3600.',
    });
  });
});
