/**
 * Draws a laid-out label as a 1-bit image at 203 dpi (812 x 1218 px), the way a thermal
 * printer sees it: black or white, no grey. Bars are whole pixels wide (modules of 1-4 dots),
 * so the barcode is exact. Text uses bwip-js's built-in OCR-B glyphs (the font it prints
 * barcode captions with), which cover ASCII only, so text is transliterated to ASCII first.
 */
import bwipjs from 'bwip-js/node';
import { barsOf } from './code128';
import { fitText } from './fit-text';
import {
  type Align,
  CAPTION_GAP,
  LABEL_HEIGHT,
  LABEL_WIDTH,
  type LabelLayout,
} from './label-layout';
import { toAscii } from './text-sanitize';

/** One byte per pixel: 1 = black (ink), 0 = white. */
export interface Bitmap {
  width: number;
  height: number;
  ink: Uint8Array;
}

const FONT = bwipjs.FontLib.lookup('OCR-B');
/** OCR-B is wide; a slightly condensed cell fits longer address lines. */
const CONDENSE = 0.85;
/** Where the baseline sits below the top of a line of text, as a share of the font size. */
const ASCENT = 0.8;
/** Glyph coverage (0-255) from which a pixel is inked. */
const THRESHOLD = 110;

export function rasterizeLabel(layout: LabelLayout): Bitmap {
  const bitmap: Bitmap = {
    width: LABEL_WIDTH,
    height: LABEL_HEIGHT,
    ink: new Uint8Array(LABEL_WIDTH * LABEL_HEIGHT),
  };
  for (const item of layout.items) {
    if (item.type === 'rule') {
      fillRect(bitmap, item.x, item.y, item.width, item.height);
    } else if (item.type === 'barcode') {
      const k = item.moduleDots;
      const x0 = item.x + Math.floor((item.width - item.symbol.modules * k) / 2);
      for (const [start, width] of barsOf(item.symbol)) {
        fillRect(bitmap, x0 + start * k, item.y, width * k, item.height);
      }
      drawLine(bitmap, item.symbol.data, {
        x: item.x,
        y: item.y + item.height + CAPTION_GAP,
        size: item.captionSize,
        maxWidth: item.width,
        align: 'center',
      });
    } else {
      drawLine(bitmap, item.text, item);
    }
  }
  return bitmap;
}

interface Line {
  x: number;
  y: number;
  size: number;
  maxWidth: number;
  bold?: boolean;
  align?: Align;
}

function drawLine(bitmap: Bitmap, text: string, line: Line): void {
  const clean = toAscii(text);
  const bold = line.bold ?? false;
  const measure = (t: string, s: number) => textWidth(t, Math.round(s), bold);
  const fitted = fitText(clean, line.size, line.maxWidth, measure, '...');
  const size = Math.round(fitted.size);
  let x = line.x;
  if (line.align === 'center') x += Math.floor((line.maxWidth - measure(fitted.text, size)) / 2);
  drawText(bitmap, fitted.text, x, line.y + Math.round(size * ASCENT), size, bold);
}

function glyph(ch: number, size: number) {
  return bwipjs.FontLib.getglyph(FONT, ch, Math.round(size * CONDENSE), size);
}

/** Faux bold: the glyph stamped again 1-2 px to the right. */
function boldOffset(size: number): number {
  return size >= 40 ? 2 : 1;
}

function textWidth(text: string, size: number, bold: boolean): number {
  let width = 0;
  for (let i = 0; i < text.length; i++) width += glyph(text.charCodeAt(i), size).advance;
  return width + (bold ? boldOffset(size) : 0);
}

function drawText(
  bitmap: Bitmap,
  text: string,
  x: number,
  baseline: number,
  size: number,
  bold: boolean,
) {
  const strikes = bold ? boldOffset(size) + 1 : 1;
  let pen = x;
  for (let i = 0; i < text.length; i++) {
    const g = glyph(text.charCodeAt(i), size);
    const top = baseline - g.top;
    for (let row = 0; row < g.height; row++) {
      for (let col = 0; col < g.width; col++) {
        if ((g.bytes[g.offset + row * g.width + col] ?? 0) < THRESHOLD) continue;
        for (let s = 0; s < strikes; s++) setPixel(bitmap, pen + g.left + col + s, top + row);
      }
    }
    pen += g.advance;
  }
}

function setPixel(bitmap: Bitmap, x: number, y: number): void {
  if (x < 0 || y < 0 || x >= bitmap.width || y >= bitmap.height) return;
  bitmap.ink[y * bitmap.width + x] = 1;
}

function fillRect(bitmap: Bitmap, x: number, y: number, width: number, height: number): void {
  const x0 = Math.max(0, Math.round(x));
  const x1 = Math.min(bitmap.width, Math.round(x + width));
  const y0 = Math.max(0, Math.round(y));
  const y1 = Math.min(bitmap.height, Math.round(y + height));
  for (let row = y0; row < y1; row++)
    bitmap.ink.fill(1, row * bitmap.width + x0, row * bitmap.width + x1);
}
