import { inflateSync } from 'node:zlib';
import { sniffLabelFormat } from '@shared/label-format';
import omggif from 'omggif';
import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  type PDFNumber,
  type PDFPage,
  type PDFRawStream,
} from 'pdf-lib';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { imageLabelToPdf, placeLabel } from './image-label-to-pdf.js';

function makePng(width: number, height: number): Uint8Array {
  const png = new PNG({ width, height });
  for (let i = 0; i < png.data.length; i += 4) {
    const dark = (i / 4) % 7 === 0;
    png.data[i] = png.data[i + 1] = png.data[i + 2] = dark ? 0 : 255;
    png.data[i + 3] = 255;
  }
  return new Uint8Array(PNG.sync.write(png));
}

function makeGif(width: number, height: number): Uint8Array {
  const buf = new Uint8Array(width * height + 4096);
  const writer = new omggif.GifWriter(buf, width, height, { palette: [0x000000, 0xffffff] });
  const pixels = Array.from({ length: width * height }, (_, i) => (i % 3 === 0 ? 0 : 1));
  writer.addFrame(0, 0, width, height, pixels);
  return buf.slice(0, writer.end());
}

function decodeStream(stream: PDFRawStream): string {
  const filter = stream.dict.get(PDFName.of('Filter'));
  const raw = stream.getContents();
  return Buffer.from(filter ? inflateSync(raw) : raw).toString('latin1');
}

/** The page's operators and its one image XObject's pixel size. */
function inspect(page: PDFPage): { content: string; imageW: number; imageH: number } {
  const contents = page.node.Contents();
  const streams =
    contents instanceof PDFArray
      ? contents.asArray().map((r) => page.doc.context.lookup(r) as PDFRawStream)
      : [contents as unknown as PDFRawStream];
  const content = streams.map(decodeStream).join('\n');
  const xobjects = page.node.Resources()!.lookup(PDFName.of('XObject'), PDFDict);
  const [, ref] = xobjects.entries()[0]!;
  const image = page.doc.context.lookup(ref) as PDFRawStream;
  const num = (k: string) => (image.dict.get(PDFName.of(k)) as PDFNumber).asNumber();
  return { content, imageW: num('Width'), imageH: num('Height') };
}

/** Every `a b c d e f cm` matrix on the page, in order, rounded to 1/1000 pt. */
function matrices(content: string): number[][] {
  return [...content.matchAll(/((?:-?[\d.e-]+ ){6})cm/g)].map((m) =>
    m[1]!
      .trim()
      .split(' ')
      .map((n) => Math.round(Number(n) * 1000) / 1000 + 0),
  );
}

async function renderOne(bytes: Uint8Array, type: 'image/png' | 'image/gif') {
  const doc = await PDFDocument.load(await imageLabelToPdf(bytes, type));
  expect(doc.getPageCount()).toBe(1);
  const page = doc.getPage(0);
  return { page, ...inspect(page) };
}

describe('the label sniffer (shared/label-format.ts) on real images', () => {
  it('recognises what pngjs, omggif and pdf-lib write', async () => {
    expect(sniffLabelFormat(makePng(2, 2))).toBe('png');
    expect(sniffLabelFormat(makeGif(2, 2))).toBe('gif');
    expect(sniffLabelFormat(await imageLabelToPdf(makePng(2, 2), 'image/png'))).toBe('pdf');
  });
});

describe('placeLabel', () => {
  it('puts an 812x1218 px label exactly on the page', () => {
    expect(placeLabel(812, 1218)).toEqual({
      width: 288,
      height: 432,
      x: 0,
      y: 0,
      rotated: false,
      scale: 1,
    });
  });

  it('keeps a small label at true size, centred, never enlarged', () => {
    const p = placeLabel(406, 609); // 2 x 3 in
    expect(p.scale).toBe(1);
    expect(p.width).toBeCloseTo(144);
    expect(p.height).toBeCloseTo(216);
    expect(p.x).toBeCloseTo(72);
    expect(p.y).toBeCloseTo(108);
  });

  it('turns a 6x4 landscape label so it prints full size', () => {
    const p = placeLabel(1218, 812);
    expect(p).toMatchObject({ rotated: true, scale: 1 });
    expect(p.width).toBeCloseTo(432);
    expect(p.height).toBeCloseTo(288);
    // Rotated 90° about (x, y): covers [x - 288, x] x [y, y + 432], i.e. the whole page.
    expect(p.x).toBeCloseTo(288);
    expect(p.y).toBeCloseTo(0);
  });

  it('shrinks an oversized label to fit, keeping its aspect ratio', () => {
    const p = placeLabel(1624, 1624); // 8 x 8 in
    expect(p.rotated).toBe(false);
    expect(p.width).toBeCloseTo(288);
    expect(p.height).toBeCloseTo(288);
    expect(p.y).toBeCloseTo(72);
  });

  it('leaves a small landscape label upright when it fits either way', () => {
    expect(placeLabel(300, 200).rotated).toBe(false);
  });
});

describe('imageLabelToPdf', () => {
  // A GIF label is converted and placed the same way as a PNG.
  it.each([
    ['PNG', makePng, 'image/png'],
    ['GIF', makeGif, 'image/gif'],
  ] as const)(
    'makes a 4x6 in page with an 812x1218 %s drawn edge to edge',
    async (_, make, type) => {
      const { page, content, imageW, imageH } = await renderOne(make(812, 1218), type);
      expect(page.getSize()).toEqual({ width: 288, height: 432 });
      expect([imageW, imageH]).toEqual([812, 1218]);
      expect(content).toMatch(/\b288 0 0 432 0 0 cm\b/);
    },
  );

  it('draws a smaller PNG at 72/203 pt per pixel, centred', async () => {
    const { content, imageW } = await renderOne(makePng(406, 609), 'image/png');
    expect(imageW).toBe(406);
    // translate to the centred corner, no rotation, then scale to 144 x 216 pt (2 x 3 in).
    expect(matrices(content).slice(0, 3)).toEqual([
      [1, 0, 0, 1, 72, 108],
      [1, 0, 0, 1, 0, 0],
      [144, 0, 0, 216, 0, 0],
    ]);
  });

  it('rotates a 6x4 landscape image onto the portrait page', async () => {
    const { content } = await renderOne(makePng(1218, 812), 'image/png');
    // pivot at (288, 0), a 90° turn, then the 432 x 288 pt drawn size: the whole page.
    expect(matrices(content).slice(0, 3)).toEqual([
      [1, 0, 0, 1, 288, 0],
      [0, 1, -1, 0, 0, 0],
      [432, 0, 0, 288, 0, 0],
    ]);
  });

  it('refuses garbage and mismatched types with a clear message', async () => {
    const junk = new TextEncoder().encode('<html>502 Bad Gateway</html>');
    await expect(imageLabelToPdf(junk, 'image/png')).rejects.toThrow(
      'The label is not a PNG image (it looks like unrecognised data); nothing was sent to a printer.',
    );
    await expect(imageLabelToPdf(makePng(4, 4), 'image/gif')).rejects.toThrow(
      'not a GIF image (it looks like PNG)',
    );
    const truncatedGif = makeGif(40, 40).slice(0, 20);
    await expect(imageLabelToPdf(truncatedGif, 'image/gif')).rejects.toThrow(/GIF label/);
    const truncatedPng = makePng(40, 40).slice(0, 40);
    await expect(imageLabelToPdf(truncatedPng, 'image/png')).rejects.toThrow(/PNG label/);
  });
});
