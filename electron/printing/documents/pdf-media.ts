/**
 * The paper a PDF was made for, when every page agrees: a 4x6 in label, A4 or Letter. A route
 * set to the printer's "default" paper would otherwise put a US packing slip (Letter) on the
 * printer's A4 default, cropped, since Packbench never lets CUPS scale (see lp-args.ts); so
 * "default" means "the document's own size" wherever the document says what it is.
 */
import { PDFDocument } from 'pdf-lib';
import type { PrintMedia } from '../../../shared/contract/printing-settings';

const SIZES: [Exclude<PrintMedia, 'default'>, number, number][] = [
  ['4x6in', 288, 432],
  ['A4', 595.28, 841.89],
  ['Letter', 612, 792],
];
/** Generators round A4 differently (595 x 842, 595.28 x 841.89); 3 pt is far from any other size. */
const TOLERANCE_PT = 3;

export function mediaOfSize(width: number, height: number): PrintMedia | undefined {
  const [short, long] = width < height ? [width, height] : [height, width];
  for (const [name, w, h] of SIZES) {
    if (Math.abs(short - w) <= TOLERANCE_PT && Math.abs(long - h) <= TOLERANCE_PT) return name;
  }
  return undefined;
}

/** The one paper size of all pages, or undefined when they differ, are unusual or unreadable. */
export async function pdfMedia(bytes: Uint8Array): Promise<PrintMedia | undefined> {
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(bytes, { updateMetadata: false, ignoreEncryption: true });
  } catch {
    return undefined;
  }
  let found: PrintMedia | undefined;
  for (const page of doc.getPages()) {
    const { width, height } = page.getSize();
    const media = mediaOfSize(width, height);
    if (!media || (found && media !== found)) return undefined;
    found = media;
  }
  return found;
}
