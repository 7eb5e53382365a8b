import { sniffLabelFormat } from '@shared/label-format';
import fc from 'fast-check';
import { PDFDocument } from 'pdf-lib';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { UnprintableDocument } from '../documents/unprintable';
import { printableLabel } from './label-bytes';

const ascii = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));
// A plain Uint8Array, as the console hands over (Buffer.concat gives a Buffer).
const join = (...parts: Uint8Array[]) => new Uint8Array(Buffer.concat(parts));

/** Labels and near-misses: a signature (or a piece of one), then anything. */
const labelish = fc
  .tuple(
    fc.constantFrom(
      '%PDF-1.7\n',
      '%PD',
      '\uFEFF\n^XA',
      '  ~DG',
      '~dg',
      'GIF8',
      '^XZ',
      'N\nq812\n',
      'hello ^XA',
      '',
    ),
    fc.uint8Array({ maxLength: 48 }),
  )
  .map(([start, rest]) => join(new TextEncoder().encode(start), rest));

describe('printableLabel: the print routing follows the shared sniffer', () => {
  it('sends PDF and ZPL on unchanged and refuses what it cannot recognise', async () => {
    await fc.assert(
      fc.asyncProperty(labelish, async (bytes) => {
        const format = sniffLabelFormat(bytes);
        if (format === 'pdf' || format === 'zpl') {
          expect(await printableLabel(bytes)).toEqual({ format, bytes, source: format });
        } else if (format === 'unknown') {
          // Not the person's choice of printer: the API's label is not a label (bad_response).
          const refused = printableLabel(bytes);
          await expect(refused).rejects.toThrow(UnprintableDocument);
          await expect(refused).rejects.toThrow(/nothing was sent to a printer\.$/);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('puts a PNG label on a one-page PDF', async () => {
    const png = new PNG({ width: 8, height: 12 });
    png.data.fill(255);
    const printable = await printableLabel(new Uint8Array(PNG.sync.write(png)));
    expect(printable.format).toBe('pdf');
    expect(printable.source).toBe('image');
    expect((await PDFDocument.load(printable.bytes)).getPageCount()).toBe(1);
  });

  it('takes ZPL after a byte order mark and a leading tilde command, as the preview does', async () => {
    const zpl = join(Uint8Array.of(0xef, 0xbb, 0xbf), ascii('~SD15\r\n^XA^FDx^FS^XZ'));
    expect((await printableLabel(zpl)).format).toBe('zpl');
  });
});
