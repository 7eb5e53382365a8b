import { describe, expect, it } from 'vitest';
import { returnLabelFile } from './return-label';
import { sampleReturn } from './test-fixtures';
import { expectTextHolds, oneLabelPage, pageText } from './test-pdf-inspect';
import { gifHeader, readPng, scanRow } from './test-raster-inspect';

describe('returnLabelFile', () => {
  it('PDF: a 4x6 return label from the customer to the returns desk, RMA prominent', async () => {
    const page = await oneLabelPage(await returnLabelFile(sampleReturn(), 'application/pdf'));
    const text = pageText(page);
    expectTextHolds(text, ['RETURN', 'Øre Sørensen', 'DENMARK', 'RETURN TO', 'Packbench Returns']);
    expect(text).toContain('RMA NUMBER RMA-2026-000501');
    expect(text).toContain('TRACKING NUMBER');
    expect(page.texts).toContain('CC0099887766DK');
    expect(page.rects.filter(([, , , h]) => h > 50).length).toBeGreaterThan(20);
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
