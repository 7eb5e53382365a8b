/**
 * Fonts of a PDF being built. Embedding a standard font is cheap but not free, and every
 * embedding adds objects to the file, so a document embeds each font once and all its pages
 * share them.
 */
import { type PDFDocument, type PDFFont, StandardFonts } from 'pdf-lib';

export interface PdfFonts {
  regular: PDFFont;
  bold: PDFFont;
}

const fontsOf = new WeakMap<PDFDocument, Promise<PdfFonts>>();

/** Helvetica and Helvetica-Bold of `doc`, embedded on first use. */
export function pdfFonts(doc: PDFDocument): Promise<PdfFonts> {
  let fonts = fontsOf.get(doc);
  if (!fonts) {
    fonts = Promise.all([
      doc.embedFont(StandardFonts.Helvetica),
      doc.embedFont(StandardFonts.HelveticaBold),
    ]).then(([regular, bold]) => ({ regular, bold }));
    fontsOf.set(doc, fonts);
  }
  return fonts;
}
