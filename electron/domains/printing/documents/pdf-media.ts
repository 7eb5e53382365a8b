/**
 * What a PDF is before it is printed: how many pages, and the paper it was made for when every
 * page agrees (a 4x6 in label, A4 or Letter). A route set to the printer's "default" paper
 * would otherwise put a US packing slip (Letter) on the printer's A4 default, cropped, since
 * Packbench never lets CUPS scale (see lp-args.ts); so "default" means "the document's own
 * size" wherever the document says what it is. A PDF with no pages, or whose pages cannot be
 * read, is refused here (UnprintableDocument), never passed on to a printer.
 */

import type { PrintMedia } from '@shared/contract/printing-settings';
import { ParseSpeeds, PDFDocument } from 'pdf-lib';
import { unprintable } from './unprintable';

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

export interface PdfFacts {
  pages: number;
  /** The one paper size of all pages; undefined when they differ or are unusual. */
  media: PrintMedia | undefined;
}

type PageSizes = { width: number; height: number }[];

/**
 * Page sizes by the bytes' identity: a document fetched ahead (the pack screen's slip) is
 * read while the person packs, so its print does not parse it again (pdf-lib's first parse
 * of a run also pays for its warm-up).
 */
const readAhead = new WeakMap<Uint8Array, Promise<PageSizes | null>>();

function pageSizes(bytes: Uint8Array): Promise<PageSizes | null> {
  const known = readAhead.get(bytes);
  if (known) return known;
  const read = PDFDocument.load(bytes, {
    updateMetadata: false,
    ignoreEncryption: true,
    // Fastest: parse in one go rather than yielding every 100 objects (the default), which
    // only spreads the same work over more event-loop turns.
    parseSpeed: ParseSpeeds.Fastest,
  })
    // A page tree that breaks while read (getPages) is as unreadable as one that breaks loading.
    .then((doc) => doc.getPages().map((page) => page.getSize()))
    .catch(() => null);
  readAhead.set(bytes, read);
  return read;
}

/** Reads a PDF that is about to be printed, so inspectPdf of the same bytes answers at once. */
export function readPdfAhead(bytes: Uint8Array): void {
  void pageSizes(bytes);
}

/** Reads the PDF's page tree; throws UnprintableDocument when it has no pages or cannot be read. */
export async function inspectPdf(bytes: Uint8Array, what = 'The document'): Promise<PdfFacts> {
  const sizes = await pageSizes(bytes);
  // pdf-lib's own words ("Expected instance of PDFArray…") help no one at a pack station.
  if (!sizes) throw unprintable(`${what} is not a readable PDF`);
  if (sizes.length === 0) throw unprintable(`${what} has no pages`);
  let media: PrintMedia | undefined;
  for (const [i, { width, height }] of sizes.entries()) {
    const size = mediaOfSize(width, height);
    if (!size || (i > 0 && size !== media)) return { pages: sizes.length, media: undefined };
    media = size;
  }
  return { pages: sizes.length, media };
}

/** The one paper size of all pages, or undefined when they differ, are unusual or unreadable. */
export async function pdfMedia(bytes: Uint8Array): Promise<PrintMedia | undefined> {
  return inspectPdf(bytes).then(
    (facts) => facts.media,
    () => undefined,
  );
}
