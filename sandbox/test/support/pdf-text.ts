/** Reads a PDF the way a person looks at it: each page's size in points and its text (pdf.js). */
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

export interface PdfPage {
  width: number;
  height: number;
  /** The page's text, pieces joined with spaces. */
  text: string;
}

export async function pdfPages(bytes: Uint8Array): Promise<PdfPage[]> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise;
  const pages: PdfPage[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const page = await pdf.getPage(n);
    const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = page.view;
    const content = await page.getTextContent();
    const text = content.items.map((item) => ('str' in item ? item.str : '')).join(' ');
    pages.push({ width: Math.round(x1 - x0), height: Math.round(y1 - y0), text });
  }
  await pdf.destroy();
  return pages;
}

/** Text with all white space removed, for matching values that a layout may split. */
export const squash = (text: string) => text.replace(/\s+/g, '');
