/**
 * A test page for checking a route from Settings → Printing: a PDF at the route's paper size
 * (a 4x6 in label, A4 or Letter) with a frame 1/4 in inside the edge, so a person can see at
 * once whether the printer scaled it; or a ZPL label for a label printer.
 */

import type { PrintMedia } from '@shared/contract/printing-settings';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';

const SIZES_PT: Record<Exclude<PrintMedia, 'default'>, [number, number]> = {
  '4x6in': [288, 432],
  A4: [595.28, 841.89],
  Letter: [612, 792],
};

export async function testPagePdf(media: PrintMedia, printerName: string): Promise<Uint8Array> {
  const [width, height] = SIZES_PT[media === 'default' ? 'A4' : media];
  const doc = await PDFDocument.create();
  doc.setTitle('Packbench test page');
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([width, height]);
  const inset = 18; // 1/4 in
  page.drawRectangle({
    x: inset,
    y: inset,
    width: width - 2 * inset,
    height: height - 2 * inset,
    borderColor: rgb(0, 0, 0),
    borderWidth: 1,
  });
  const lines = [
    'Packbench test page',
    `Printer: ${printerName}`,
    `Paper: ${media === 'default' ? 'printer default (drawn as A4)' : media}`,
    'The frame is 1/4 in inside the edge.',
    'If it is not, the printer scaled the page.',
  ];
  lines.forEach((line, i) => {
    // WinAnsi (the standard font's encoding) cannot draw every character of a queue name.
    const safe = line.replace(/[^\x20-\x7e]/g, '?');
    page.drawText(safe, { x: inset * 2, y: height - inset * 3 - i * 16, size: 11, font });
  });
  return doc.save();
}

/** A 4x6 in ZPL label at 203 dpi with a frame and a Code 128 barcode. */
export function testLabelZpl(printerName: string): Uint8Array {
  const name = printerName.replace(/[^\x20-\x7e]/g, '?').replace(/[\^~]/g, ' ');
  const zpl = [
    '^XA',
    '^PW812^LL1218',
    '^FO50,50^GB712,1118,3^FS',
    '^FO90,100^A0N,50,50^FDPackbench test label^FS',
    `^FO90,180^A0N,30,30^FD${name.slice(0, 40)}^FS`,
    '^FO90,260^BY3^BCN,160,Y,N,N^FDPACKBENCH-TEST^FS',
    '^XZ',
    '',
  ].join('\n');
  return new TextEncoder().encode(zpl);
}
