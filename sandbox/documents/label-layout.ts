/**
 * One 4x6 inch label, laid out once and drawn by every format (PDF, PNG/GIF, ZPL), so that a
 * label looks the same whichever format the carrier asked for. Coordinates are printer dots
 * at 203 dpi (the common thermal label printer), origin top left: 812 x 1218 dots is exactly
 * 4 x 6 in, and a PDF page of 288 x 432 pt.
 */
import { type Code128, code128, QUIET_ZONE_MODULES } from './code128';

export const LABEL_DPI = 203;
export const LABEL_WIDTH = 812;
export const LABEL_HEIGHT = 1218;
/** Wider bars than this only waste label width; 4 dots is 0.5 mm. */
const MAX_MODULE_DOTS = 4;

export type Align = 'left' | 'center';

export type LabelItem =
  /** A line of text in the box [x, x + maxWidth]; `size` is the font size in dots, `y` its top. */
  | {
      type: 'text';
      x: number;
      y: number;
      size: number;
      maxWidth: number;
      text: string;
      bold?: boolean;
      align?: Align;
    }
  /** A filled rectangle: separators and frames. */
  | { type: 'rule'; x: number; y: number; width: number; height: number }
  /**
   * A Code 128 symbol centred in the box [x, x + width] with `moduleDots` dots per module, and
   * its data as human-readable text of `captionSize` below it (ZPL lets the printer print it).
   */
  | {
      type: 'barcode';
      x: number;
      y: number;
      width: number;
      height: number;
      symbol: Code128;
      moduleDots: number;
      captionSize: number;
    };

/** Gap between the bars and their caption, in dots. */
export const CAPTION_GAP = 8;

/** What a label says, independent of how it is drawn. */
export interface LabelContent {
  carrier: string;
  service: string;
  /** A word in a frame at the top right, such as "RETURN". */
  badge?: string;
  fromHeading: string;
  from: string[];
  toHeading: string;
  to: string[];
  /** One value printed large above the references, such as the RMA number. */
  highlight?: { label: string; value: string };
  references: string[];
  /** The number the barcode encodes (the tracking number), or null when there is none. */
  barcode: { label: string; value: string | null };
  footer?: string;
}

export interface LabelLayout {
  items: LabelItem[];
}

interface TextStyle {
  bold?: boolean;
  align?: Align;
}

const M = 30;
const W = LABEL_WIDTH - 2 * M;

/** Dots per module so that the symbol and both quiet zones fit; 0 when even 1 dot is too wide. */
export function moduleDotsFor(symbol: Code128, width: number): number {
  const fit = Math.floor(width / (symbol.modules + 2 * QUIET_ZONE_MODULES));
  return Math.min(MAX_MODULE_DOTS, fit);
}

/**
 * At most `max` lines; when there are more, middle lines go, because the last ones of an
 * address (postcode, city, country) are what gets a parcel sorted.
 */
function keepEnds(values: string[], max: number): string[] {
  return values.length <= max ? values : [...values.slice(0, max - 2), ...values.slice(-2)];
}

export function layoutLabel(content: LabelContent): LabelLayout {
  const items: LabelItem[] = [];
  const text = (y: number, size: number, value: string, style: TextStyle = {}) => {
    if (value.trim() === '') return;
    items.push({ type: 'text', x: M, y, size, maxWidth: W, text: value, ...style });
  };
  const rule = (y: number, height = 4) => items.push({ type: 'rule', x: M, y, width: W, height });
  const lines = (
    y0: number,
    step: number,
    size: number,
    values: string[],
    max: number,
    bold = false,
  ) =>
    keepEnds(
      values.filter((v) => v.trim() !== ''),
      max,
    ).forEach((v, i) => {
      text(y0 + i * step, size, v, { bold });
    });

  // Header: who carries it and how, read first by the person sorting parcels.
  const headWidth = content.badge ? W - 250 : W;
  items.push({
    type: 'text',
    x: M,
    y: 36,
    size: 60,
    maxWidth: headWidth,
    text: content.carrier,
    bold: true,
  });
  items.push({ type: 'text', x: M, y: 106, size: 34, maxWidth: headWidth, text: content.service });
  if (content.badge) {
    const bx = LABEL_WIDTH - M - 230;
    items.push({ type: 'rule', x: bx, y: 30, width: 230, height: 6 });
    items.push({ type: 'rule', x: bx, y: 134, width: 230, height: 6 });
    items.push({ type: 'rule', x: bx, y: 30, width: 6, height: 110 });
    items.push({ type: 'rule', x: bx + 224, y: 30, width: 6, height: 110 });
    items.push({
      type: 'text',
      x: bx + 10,
      y: 62,
      size: 50,
      maxWidth: 210,
      text: content.badge,
      bold: true,
      align: 'center',
    });
  }
  rule(160);

  text(174, 24, content.fromHeading, { bold: true });
  lines(204, 32, 28, content.from, 5);
  rule(372);

  text(386, 26, content.toHeading, { bold: true });
  lines(420, 50, 44, content.to, 6, true);
  rule(724, 6);

  let y = 744;
  if (content.highlight) {
    text(y, 26, content.highlight.label, { bold: true });
    text(y + 30, 72, content.highlight.value, { bold: true });
    y += 116;
  }
  lines(y, 36, 30, content.references, content.highlight ? 1 : 4);
  rule(904);

  text(918, 24, content.barcode.label, { bold: true });
  const symbol = content.barcode.value ? code128(content.barcode.value) : null;
  const moduleDots = symbol ? moduleDotsFor(symbol, W) : 0;
  if (symbol && moduleDots > 0) {
    items.push({
      type: 'barcode',
      x: M,
      y: 952,
      width: W,
      height: 180,
      symbol,
      moduleDots,
      captionSize: 36,
    });
  } else {
    // No number, or one too long to print scannably at 203 dpi: the number as large text.
    text(1000, 48, content.barcode.value ?? 'NO TRACKING NUMBER', { bold: true, align: 'center' });
  }
  if (content.footer) text(1186, 22, content.footer, { align: 'center' });
  return { items };
}
