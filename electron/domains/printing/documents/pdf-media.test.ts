import { PDFDocument } from 'pdf-lib';
import { describe, expect, it, vi } from 'vitest';
import { inspectPdf, mediaOfSize, pdfMedia, readPdfAhead } from './pdf-media';
import { UnprintableDocument } from './unprintable';

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

describe('a PDF that cannot be printed', () => {
  it('one with no pages is refused, saying so', async () => {
    const doc = await PDFDocument.create();
    const empty = await doc.save({ addDefaultPage: false });
    const error = await inspectPdf(empty, 'The packing slip').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnprintableDocument);
    expect((error as Error).message).toBe(
      'The packing slip has no pages; nothing was sent to a printer.',
    );
    expect(await pdfMedia(empty)).toBeUndefined();
  });

  it('one whose page tree is broken is refused in plain words, not pdf-lib’s', async () => {
    const broken = new TextEncoder().encode(
      '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Count 3 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
    );
    await expect(inspectPdf(broken)).rejects.toThrow(
      'The document is not a readable PDF; nothing was sent to a printer.',
    );
  });

  it('counts pages and finds the paper all of them share', async () => {
    expect(await inspectPdf(await pdf([288, 432], [288, 432], [288, 432]))).toEqual({
      pages: 3,
      media: '4x6in',
    });
    expect(await inspectPdf(await pdf([288, 432], [612, 792]))).toEqual({
      pages: 2,
      media: undefined,
    });
  });
});

it('a PDF read ahead (while the person packs) is not parsed again by its print', async () => {
  const bytes = await pdf([288, 432]);
  const load = vi.spyOn(PDFDocument, 'load');
  try {
    readPdfAhead(bytes);
    expect(await inspectPdf(bytes, 'Label')).toEqual({ pages: 1, media: '4x6in' });
    expect(await inspectPdf(bytes, 'Label')).toEqual({ pages: 1, media: '4x6in' });
    expect(load).toHaveBeenCalledTimes(1);
    // Other bytes with the same content are read for themselves.
    await inspectPdf(bytes.slice(), 'Label');
    expect(load).toHaveBeenCalledTimes(2);
  } finally {
    load.mockRestore();
  }
});
