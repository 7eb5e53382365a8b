/**
 * Reads back what the document tests need from a PDF: page sizes, the text of each page and
 * the filled rectangles (barcode bars). pdf-lib parses the file; content streams are inflated
 * with zlib and their operators read with a small tokenizer. Only what these documents write
 * is understood (hex-string Tj text, `re` rectangles), which is enough to check them.
 */
import { inflateSync } from 'node:zlib';
import { PDFArray, PDFDocument, PDFName, type PDFPage, PDFRawStream } from 'pdf-lib';
import { expect } from 'vitest';

export interface InspectedPage {
  width: number;
  height: number;
  /** Each Tj string of the page, decoded as Latin-1 (WinAnsi for the text we draw). */
  texts: string[];
  /** Every `re` operand set: [x, y, width, height] in points. */
  rects: Array<[number, number, number, number]>;
}

function streamBytes(stream: PDFRawStream): Uint8Array {
  const filter = stream.dict.get(PDFName.of('Filter'));
  const raw = stream.getContents();
  return filter === PDFName.of('FlateDecode') ? inflateSync(raw) : raw;
}

function contentOf(page: PDFPage): string {
  const contents = page.node.Contents();
  const streams: PDFRawStream[] = [];
  const add = (obj: unknown) => {
    if (obj instanceof PDFRawStream) streams.push(obj);
  };
  if (contents instanceof PDFArray) {
    for (let i = 0; i < contents.size(); i++) add(contents.lookup(i));
  } else {
    add(contents);
  }
  return streams.map((s) => Buffer.from(streamBytes(s)).toString('latin1')).join('\n');
}

export async function inspectPdf(bytes: Uint8Array): Promise<InspectedPage[]> {
  const doc = await PDFDocument.load(bytes);
  return doc.getPages().map((page) => {
    const { width, height } = page.getSize();
    const content = contentOf(page);
    const texts = [...content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)].map((m) =>
      Buffer.from(m[1] ?? '', 'hex').toString('latin1'),
    );
    const rects = [...content.matchAll(/(-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) re/g)].map(
      (m) =>
        [Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4])] as [
          number,
          number,
          number,
          number,
        ],
    );
    return { width, height, texts, rects };
  });
}

/** The page's text as one string, lines joined with spaces. */
export function pageText(page: InspectedPage): string {
  return page.texts.join(' ');
}

/** Every one of `expected` stands in the text (a missing one is named by the failure). */
export function expectTextHolds(text: string, expected: readonly string[]): void {
  for (const words of expected) expect(text).toContain(words);
}

/** The one 4x6 in page (288 x 432 pt) a label PDF must hold, read back. */
export async function oneLabelPage(bytes: Uint8Array): Promise<InspectedPage> {
  const pages = await inspectPdf(bytes);
  expect(pages).toHaveLength(1);
  expect([pages[0]!.width, pages[0]!.height]).toEqual([288, 432]);
  return pages[0]!;
}
