/**
 * Office documents (packing slip, pick list, commercial invoice) on A4 or Letter paper: a
 * heading, address blocks, a table of lines that runs over as many pages as it needs (with
 * its header repeated), totals and notes, and "Page n of N" on every page. What a document
 * says is described by a DocumentSpec; this file only knows how to lay it out.
 */
import type { PDFDocument } from 'pdf-lib';
import type { PdfFonts } from './pdf-fonts';
import { PageWriter } from './pdf-page-writer';
import { toWinAnsi } from './text-sanitize';

export type PaperSize = [number, number];
export const A4: PaperSize = [595.28, 841.89];
export const LETTER: PaperSize = [612, 792];

export interface Column {
  title: string;
  /** Share of the table's width; the shares of a table add up to 1. */
  share: number;
  align?: 'left' | 'right' | 'center';
  /** Draws an empty tick box instead of text (pick lists). */
  checkbox?: boolean;
}

export interface DocumentSpec {
  title: string;
  /** Label/value pairs at the top right: order number, dates, references. */
  meta: Array<[string, string]>;
  /** Address blocks side by side under the heading. */
  parties: Array<{ heading: string; lines: string[] }>;
  columns: Column[];
  rows: string[][];
  /** Shown when there are no rows, in place of the table body. */
  emptyText: string;
  /** Label/value pairs right-aligned under the table; `bold` for the grand total. */
  totals: Array<{ label: string; value: string; bold?: boolean }>;
  /** Paragraphs after the totals, wrapped to the page width. */
  notes: string[];
  /** Lines left blank for a signature, e.g. "Picked by". */
  signatures: string[];
  /** Short text at the foot of every page, left of the page number. */
  footer: string;
}

const MARGIN = 40;
const ROW = 16;
const TEXT = 9;
const SMALL = 8;
const FOOT = 30;

interface Frame {
  width: number;
  height: number;
  /** Content width between the margins. */
  inner: number;
}

/** Adds the pages of `spec` to `doc` on paper of `size`; returns how many were added. */
export function drawDocument(
  doc: PDFDocument,
  fonts: PdfFonts,
  spec: DocumentSpec,
  size: PaperSize,
): number {
  const frame: Frame = { width: size[0], height: size[1], inner: size[0] - 2 * MARGIN };
  const firstTop = size[1] - MARGIN - headHeight(spec);
  const laterTop = size[1] - MARGIN - 40;
  const bottom = MARGIN + FOOT;
  const tail = tailHeight(spec, frame, fonts);

  // Rows per page first, so that every page can say "Page n of N".
  const pages: Array<{ from: number; to: number }> = [];
  let from = 0;
  let top = firstTop;
  do {
    const fits = Math.max(1, Math.floor((top - ROW - bottom) / ROW));
    pages.push({ from, to: Math.min(spec.rows.length, from + fits) });
    from += fits;
    top = laterTop;
  } while (from < spec.rows.length);
  const last = pages[pages.length - 1]!;
  const lastTop = pages.length === 1 ? firstTop : laterTop;
  const bodyRows = Math.max(1, last.to - last.from);
  const tailOnLast = lastTop - ROW - bodyRows * ROW - tail >= bottom;
  const total = pages.length + (tailOnLast ? 0 : 1);

  pages.forEach((range, i) => {
    const out = new PageWriter(doc.addPage(size), fonts);
    const y0 = i === 0 ? drawHead(out, spec, frame) : drawContinued(out, spec, frame);
    let y = drawTable(out, spec, frame, y0, range.from, range.to);
    if (i === pages.length - 1 && tailOnLast) y = drawTail(out, spec, frame, y - 14);
    drawFoot(out, spec, frame, i + 1, total);
    out.finish();
  });
  if (!tailOnLast) {
    const out = new PageWriter(doc.addPage(size), fonts);
    drawTail(out, spec, frame, drawContinued(out, spec, frame));
    drawFoot(out, spec, frame, total, total);
    out.finish();
  }
  return total;
}

function partyLines(spec: DocumentSpec): number {
  return Math.max(0, ...spec.parties.map((p) => Math.min(8, p.lines.length)));
}

function headHeight(spec: DocumentSpec): number {
  const metaHeight = spec.meta.length * 12;
  const partyHeight = spec.parties.length > 0 ? 16 + partyLines(spec) * 12 : 0;
  return Math.max(40, metaHeight) + 16 + partyHeight + 12;
}

/** Heading, meta and address blocks; returns the y where the table starts. */
function drawHead(out: PageWriter, spec: DocumentSpec, f: Frame): number {
  const top = f.height - MARGIN;
  out.text(spec.title, { x: MARGIN, y: top - 20, size: 20, maxWidth: f.inner * 0.55, bold: true });
  const metaX = MARGIN + f.inner * 0.58;
  const metaW = f.inner * 0.42;
  spec.meta.forEach(([label, value], i) => {
    const y = top - 10 - i * 12;
    out.text(label, { x: metaX, y, size: SMALL, maxWidth: metaW * 0.4, bold: true });
    out.text(value, { x: metaX + metaW * 0.4, y, size: SMALL, maxWidth: metaW * 0.6 });
  });
  let y = top - Math.max(40, spec.meta.length * 12) - 16;
  if (spec.parties.length > 0) {
    const w = f.inner / spec.parties.length;
    spec.parties.forEach((party, i) => {
      const x = MARGIN + i * w;
      out.text(party.heading, { x, y, size: SMALL, maxWidth: w - 10, bold: true });
      party.lines.slice(0, 8).forEach((line, j) => {
        out.text(line, { x, y: y - 14 - j * 12, size: TEXT, maxWidth: w - 12, bold: j === 0 });
      });
    });
    y -= 16 + partyLines(spec) * 12;
  }
  return y - 12;
}

/** The heading of a follow-on page; returns the y where the table starts. */
function drawContinued(out: PageWriter, spec: DocumentSpec, f: Frame): number {
  const top = f.height - MARGIN;
  const ref = spec.meta[0] ? `${spec.meta[0][0]} ${spec.meta[0][1]}` : '';
  out.text(`${spec.title} (continued)`, {
    x: MARGIN,
    y: top - 14,
    size: 13,
    maxWidth: f.inner * 0.6,
    bold: true,
  });
  out.text(ref, {
    x: MARGIN + f.inner * 0.6,
    y: top - 14,
    size: TEXT,
    maxWidth: f.inner * 0.4,
    align: 'right',
  });
  return top - 40;
}

/** Table header and rows [from, to); returns the y below the last row. */
function drawTable(
  out: PageWriter,
  spec: DocumentSpec,
  f: Frame,
  top: number,
  from: number,
  to: number,
): number {
  const xs: number[] = [];
  let x = MARGIN;
  for (const c of spec.columns) {
    xs.push(x);
    x += c.share * f.inner;
  }
  const cell = (value: string, i: number, y: number, bold: boolean) => {
    const col = spec.columns[i]!;
    const w = col.share * f.inner;
    if (col.checkbox && !bold) {
      out.frame(xs[i]! + (w - 9) / 2, y - 1.5, 9, 9, 0.75);
      return;
    }
    out.text(value, {
      x: xs[i]! + 3,
      y,
      size: bold ? SMALL : TEXT,
      maxWidth: w - 6,
      bold,
      align: col.align ?? 'left',
      shrink: false,
    });
  };
  spec.columns.forEach((c, i) => {
    cell(c.title, i, top - 11, true);
  });
  out.rect(MARGIN, top - ROW, f.inner, 1);
  let y = top - ROW;
  if (spec.rows.length === 0) {
    out.text(spec.emptyText, { x: MARGIN + 3, y: y - 11, size: TEXT, maxWidth: f.inner - 6 });
    return y - ROW;
  }
  for (let r = from; r < to; r++) {
    const row = spec.rows[r]!;
    spec.columns.forEach((_, i) => {
      cell(row[i] ?? '', i, y - 11, false);
    });
    y -= ROW;
    out.rect(MARGIN, y, f.inner, 0.3);
  }
  return y;
}

function wrap(out: PageWriter, text: string, width: number, size: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line = '';
    for (const word of toWinAnsi(paragraph).split(/\s+/).filter(Boolean)) {
      const next = line ? `${line} ${word}` : word;
      if (line && out.measure(next, size) > width) {
        lines.push(line);
        line = word;
      } else {
        line = next;
      }
    }
    lines.push(line);
  }
  return lines;
}

/** Room the totals, notes and signatures need; generous, so wrapped notes never overflow. */
function tailHeight(spec: DocumentSpec, f: Frame, fonts: PdfFonts): number {
  const measure = (t: string) => fonts.regular.widthOfTextAtSize(toWinAnsi(t), TEXT);
  let lines = 0;
  for (const note of spec.notes) {
    for (const paragraph of note.split(/\r?\n/)) {
      lines += Math.max(1, Math.ceil(measure(paragraph) / f.inner) + 1);
    }
  }
  return (
    spec.totals.length * 14 + 10 + lines * 12 + spec.notes.length * 6 + spec.signatures.length * 28
  );
}

/** Totals, notes and signature lines; returns the y below them. */
function drawTail(out: PageWriter, spec: DocumentSpec, f: Frame, top: number): number {
  let y = top;
  const labelX = MARGIN + f.inner * 0.55;
  for (const t of spec.totals) {
    const bold = t.bold ?? false;
    out.text(t.label, { x: labelX, y, size: TEXT, maxWidth: f.inner * 0.25, bold });
    out.text(t.value, {
      x: labelX + f.inner * 0.25,
      y,
      size: TEXT,
      maxWidth: f.inner * 0.2,
      bold,
      align: 'right',
    });
    if (bold) out.rect(labelX, y + 11, f.inner * 0.45, 0.75);
    y -= 14;
  }
  y -= 10;
  for (const note of spec.notes) {
    for (const line of wrap(out, note, f.inner, TEXT)) {
      out.text(line, { x: MARGIN, y, size: TEXT, maxWidth: f.inner });
      y -= 12;
    }
    y -= 6;
  }
  for (const label of spec.signatures) {
    y -= 16;
    out.text(label, { x: MARGIN, y, size: TEXT, maxWidth: 120, bold: true });
    out.rect(MARGIN + 120, y - 2, 220, 0.75);
    y -= 12;
  }
  return y;
}

function drawFoot(
  out: PageWriter,
  spec: DocumentSpec,
  f: Frame,
  page: number,
  total: number,
): void {
  const y = MARGIN;
  out.rect(MARGIN, y + 12, f.inner, 0.5);
  out.text(spec.footer, { x: MARGIN, y, size: SMALL, maxWidth: f.inner * 0.75 });
  out.text(`Page ${page} of ${total}`, {
    x: MARGIN + f.inner * 0.75,
    y,
    size: SMALL,
    maxWidth: f.inner * 0.25,
    align: 'right',
  });
}
