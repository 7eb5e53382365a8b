/** One label in the file format a carrier (or a return) asks for. */
import { PDFDocument } from 'pdf-lib';
import { type LabelContent, layoutLabel } from './label-layout';
import { drawLabelPage } from './label-pdf';
import { rasterizeLabel } from './label-raster';
import { layoutToZpl } from './label-zpl';
import { pdfFonts } from './pdf-fonts';
import { bitmapToGif, bitmapToPng } from './raster-encode';

export type LabelFormat = 'PDF' | 'PNG' | 'GIF' | 'ZPL';

export async function labelFile(
  content: LabelContent,
  format: LabelFormat,
  title: string,
): Promise<Buffer> {
  const layout = layoutLabel(content);
  switch (format) {
    case 'PNG':
      return bitmapToPng(rasterizeLabel(layout));
    case 'GIF':
      return bitmapToGif(rasterizeLabel(layout));
    case 'ZPL':
      return Buffer.from(layoutToZpl(layout), 'utf8');
    default: {
      // No automatic dates: the same label gives the same bytes.
      const doc = await PDFDocument.create({ updateMetadata: false });
      doc.setTitle(title);
      doc.setProducer('Packbench sandbox');
      drawLabelPage(doc, await pdfFonts(doc), layout);
      const bytes = await doc.save();
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    }
  }
}
