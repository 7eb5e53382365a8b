/**
 * Writes black text and filled rectangles on a PDF page with as few PDF operators as
 * possible. pdf-lib's drawText/drawRectangle emit about ten operators per call and format
 * every number through a slow exponent-safe routine; a label page has ~80 shapes and ~20
 * lines of text, so for batches of hundreds of labels that overhead was most of the time.
 * Here numbers are pre-formatted (2 decimals), all shapes share one fill, and each line of
 * text is BT / Tf / Td / Tj / ET.
 */
import {
  PDFOperatorNames as Ops,
  type PDFFont,
  type PDFName,
  PDFOperator,
  type PDFPage,
} from 'pdf-lib';
import { fitText } from './fit-text';
import type { PdfFonts } from './pdf-fonts';
import { toWinAnsi } from './text-sanitize';

export interface TextBox {
  /** Left edge of the box, in points. */
  x: number;
  /** Baseline, in points from the bottom of the page. */
  y: number;
  size: number;
  /** Width of the box; text is shrunk a little, then cut with an ellipsis, to stay inside. */
  maxWidth: number;
  bold?: boolean;
  align?: 'left' | 'center' | 'right';
  /** False to cut long text without shrinking it first (table cells keep one size). */
  shrink?: boolean;
}

/** A number as PDF content text: at most 2 decimals, never exponent notation. */
function num(value: number): string {
  const rounded = Math.round(value * 100) / 100;
  return Object.is(rounded, -0) ? '0' : String(rounded);
}

export class PageWriter {
  private readonly shapes: PDFOperator[] = [];
  private readonly texts: PDFOperator[] = [];
  private readonly keys = new Map<PDFFont, PDFName>();

  constructor(
    readonly page: PDFPage,
    private readonly fonts: PdfFonts,
  ) {}

  /** A filled black rectangle; (x, y) is its lower left corner in points. */
  rect(x: number, y: number, width: number, height: number): void {
    if (width <= 0 || height <= 0) return;
    this.shapes.push(
      PDFOperator.of(Ops.AppendRectangle, [num(x), num(y), num(width), num(height)]),
    );
  }

  /** An unfilled frame drawn with lines of `line` points. */
  frame(x: number, y: number, width: number, height: number, line = 0.75): void {
    this.rect(x, y, width, line);
    this.rect(x, y + height - line, width, line);
    this.rect(x, y, line, height);
    this.rect(x + width - line, y, line, height);
  }

  /** Width of `value` as it would be drawn at `size` (after sanitising). */
  measure(value: string, size: number, bold = false): number {
    return this.font(bold).widthOfTextAtSize(toWinAnsi(value), size);
  }

  /**
   * One line of text that never throws on a customer's name and never leaves its box.
   * Returns the width drawn.
   */
  text(value: string, box: TextBox): number {
    const clean = toWinAnsi(value);
    if (clean.trim() === '') return 0;
    const font = this.font(box.bold ?? false);
    const measure = (t: string, s: number) => font.widthOfTextAtSize(t, s);
    const minScale = box.shrink === false ? 1 : 0.75;
    const fitted = fitText(clean, box.size, box.maxWidth, measure, '\u2026', minScale);
    const width = measure(fitted.text, fitted.size);
    let x = box.x;
    if (box.align === 'center') x += (box.maxWidth - width) / 2;
    else if (box.align === 'right') x += box.maxWidth - width;
    this.texts.push(
      PDFOperator.of(Ops.BeginText),
      PDFOperator.of(Ops.SetFontAndSize, [this.key(font), num(fitted.size)]),
      PDFOperator.of(Ops.MoveText, [num(x), num(box.y)]),
      PDFOperator.of(Ops.ShowText, [font.encodeText(fitted.text)]),
      PDFOperator.of(Ops.EndText),
    );
    return width;
  }

  /** Writes what was drawn to the page's content stream; call once per page. */
  finish(): void {
    const ops: PDFOperator[] = [PDFOperator.of(Ops.NonStrokingColorGray, ['0'])];
    if (this.shapes.length > 0) ops.push(...this.shapes, PDFOperator.of(Ops.FillNonZero));
    ops.push(...this.texts);
    this.page.pushOperators(
      PDFOperator.of(Ops.PushGraphicsState),
      ...ops,
      PDFOperator.of(Ops.PopGraphicsState),
    );
  }

  private font(bold: boolean): PDFFont {
    return bold ? this.fonts.bold : this.fonts.regular;
  }

  private key(font: PDFFont): PDFName {
    let key = this.keys.get(font);
    if (!key) {
      key = this.page.node.newFontDictionary(font.name, font.ref);
      this.keys.set(font, key);
    }
    return key;
  }
}
