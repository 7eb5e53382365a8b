import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { mediaOfSize, pdfMedia } from './pdf-media';

async function pdf(...sizes: [number, number][]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (const size of sizes) doc.addPage(size);
  return doc.save();
}

describe('the paper a PDF was made for', () => {
  it('recognises 4x6, A4 and Letter in either orientation, with rounding', () => {
    expect(mediaOfSize(288, 432)).toBe('4x6in');
    expect(mediaOfSize(432, 288)).toBe('4x6in');
    expect(mediaOfSize(595, 842)).toBe('A4');
    expect(mediaOfSize(595.28, 841.89)).toBe('A4');
    expect(mediaOfSize(792, 612)).toBe('Letter');
    expect(mediaOfSize(612, 1008)).toBeUndefined(); // Legal: not a Packbench size
  });

  it('gives the size all pages share, and nothing when they differ', async () => {
    expect(await pdfMedia(await pdf([612, 792], [612, 792]))).toBe('Letter');
    expect(await pdfMedia(await pdf([288, 432]))).toBe('4x6in');
    expect(await pdfMedia(await pdf([288, 432], [595.28, 841.89]))).toBeUndefined();
    expect(await pdfMedia(new TextEncoder().encode('not a pdf'))).toBeUndefined();
  });
});
