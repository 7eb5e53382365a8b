/**
 * A PNG or GIF shipping label placed on a one-page 4x6 in PDF at its true size, so a PDF
 * printer prints it at 100 %. Carrier label images are rendered for 203 dpi thermal printers:
 * 812 x 1218 px is exactly 4 x 6 in. Scaling a label up to "fill" would stretch barcodes
 * past what scanners accept, so images are only ever shrunk, never enlarged.
 */

import { sniffLabelFormat } from '@shared/label-format';
import { degrees, PDFDocument } from 'pdf-lib';
import { gifToPng } from './gif-to-png.js';
import { unprintable } from './unprintable.js';

export const LABEL_PAGE_WIDTH_PT = 288; // 4 in
export const LABEL_PAGE_HEIGHT_PT = 432; // 6 in
export const LABEL_DPI = 203;
const PT_PER_PX = 72 / LABEL_DPI;

export type LabelImageType = 'image/png' | 'image/gif';

export interface LabelPlacement {
  /** Drawn size of the image before rotation, in points. */
  width: number;
  height: number;
  /** Lower-left corner passed to pdf-lib (the rotation pivot when rotated). */
  x: number;
  y: number;
  rotated: boolean;
  /** 1 when drawn at true 203 dpi size; below 1 when shrunk to fit. */
  scale: number;
}

/** How a w x h px image sits on the 4x6 page. Exported so the geometry is tested on its own. */
export function placeLabel(widthPx: number, heightPx: number): LabelPlacement {
  const w = widthPx * PT_PER_PX;
  const h = heightPx * PT_PER_PX;
  const fitScale = (bw: number, bh: number) =>
    Math.min(1, LABEL_PAGE_WIDTH_PT / bw, LABEL_PAGE_HEIGHT_PT / bh);
  const upright = fitScale(w, h);
  // A landscape image is turned only when that lets it print larger (typically a 6x4 label
  // that would otherwise be shrunk to two thirds); a small one that fits either way stays.
  const rotated = widthPx > heightPx && fitScale(h, w) > upright;
  const scale = rotated ? fitScale(h, w) : upright;
  const dw = w * scale;
  const dh = h * scale;
  if (!rotated) {
    return {
      width: dw,
      height: dh,
      x: (LABEL_PAGE_WIDTH_PT - dw) / 2,
      y: (LABEL_PAGE_HEIGHT_PT - dh) / 2,
      rotated,
      scale,
    };
  }
  // pdf-lib rotates counter-clockwise about (x, y): the image then covers
  // [x - dh, x] horizontally and [y, y + dw] vertically.
  const left = (LABEL_PAGE_WIDTH_PT - dh) / 2;
  const bottom = (LABEL_PAGE_HEIGHT_PT - dw) / 2;
  return { width: dw, height: dh, x: left + dh, y: bottom, rotated, scale };
}

export async function imageLabelToPdf(
  bytes: Uint8Array,
  type: LabelImageType,
): Promise<Uint8Array> {
  const detected = sniffLabelFormat(bytes);
  const expected = type === 'image/png' ? 'png' : 'gif';
  if (detected !== expected) {
    throw unprintable(
      `The label is not a ${expected.toUpperCase()} image (it looks like ${
        detected === 'unknown' ? 'unrecognised data' : detected.toUpperCase()
      })`,
    );
  }
  const png = expected === 'gif' ? gifToPng(bytes) : bytes;
  const doc = await PDFDocument.create();
  let image: Awaited<ReturnType<PDFDocument['embedPng']>>;
  try {
    image = await doc.embedPng(png);
  } catch (error) {
    throw unprintable(`The PNG label could not be read (${(error as Error).message})`);
  }
  const page = doc.addPage([LABEL_PAGE_WIDTH_PT, LABEL_PAGE_HEIGHT_PT]);
  const p = placeLabel(image.width, image.height);
  page.drawImage(image, {
    x: p.x,
    y: p.y,
    width: p.width,
    height: p.height,
    rotate: degrees(p.rotated ? 90 : 0),
  });
  return doc.save();
}
