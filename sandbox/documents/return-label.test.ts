import { describe, expect, it } from 'vitest';
import { returnLabelFile } from './return-label';
import { sampleReturn } from './test-fixtures';
import { inspectPdf, pageText } from './test-pdf-inspect';
import { gifHeader, readPng, scanRow } from './test-raster-inspect';

describe('returnLabelFile', () => {
  it('PDF: a 4x6 return label from the customer to the returns desk, RMA prominent', async () => {
    const pages = await inspectPdf(await returnLabelFile(sampleReturn(), 'application/pdf'));
    expect(pages).toHaveLength(1);
    expect([pages[0]!.width, pages[0]!.height]).toEqual([288, 432]);
    const text = pageText(pages[0]!);
    for (const expected of [
      'RETURN',
      'Øre Sørensen',
      'DENMARK',
      'RETURN TO',
      'Packbench Returns',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).toContain('RMA NUMBER RMA-2026-000501');
    expect(text).toContain('TRACKING NUMBER');
    expect(pages[0]!.texts).toContain('CC0099887766DK');
    expect(pages[0]!.rects.filter(([, , , h]) => h > 50).length).toBeGreaterThan(20);
  });

  it('PNG and GIF: 812 x 1218 images with a barcode', async () => {
    const png = readPng(await returnLabelFile(sampleReturn(), 'image/png'));
    expect([png.width, png.height]).toEqual([812, 1218]);
    expect(scanRow(png, 952 + 90).runs.length).toBeGreaterThan(40);
    const gif = await returnLabelFile(sampleReturn(), 'image/gif');
    expect(gifHeader(gif)).toEqual({ signature: 'GIF89a', width: 812, height: 1218 });
  });

  it('octet-stream: ZPL bytes', async () => {
    const zpl = (await returnLabelFile(sampleReturn(), 'application/octet-stream')).toString();
    expect(zpl.startsWith('^XA')).toBe(true);
    expect(zpl.endsWith('^XZ')).toBe(true);
    expect(zpl).toContain('^FDRMA-2026-000501^FS');
    expect(zpl).toMatch(/\^BCN,\d+,Y,N,N\^FH\\\^FDCC0099887766DK\^FS/);
  });

  it('encodes the RMA number when the return has no tracking number yet', async () => {
    const zpl = (
      await returnLabelFile(sampleReturn({ tracking_number: '' }), 'application/octet-stream')
    ).toString();
    expect(zpl).toMatch(/\^BCN,\d+,Y,N,N\^FH\\\^FDRMA-2026-000501\^FS/);
  });
});
