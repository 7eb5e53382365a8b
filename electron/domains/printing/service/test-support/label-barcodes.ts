/**
 * Reads the tracking-number barcodes back from printed label PDFs, as a scanner at the dock
 * would: each page rasterised by poppler's pdftoppm (the barcode band of the sandbox's 4x6
 * label, at 150 dpi) and decoded with ZXing's Code 128 reader. One entry per page, in order;
 * null for a page whose barcode does not read.
 *
 * The band comes as PGM (raw 8-bit grey), not PNG: decoding 917 PNGs with pngjs was most of
 * batch-kill-resume's time (about 60 of its 113 s at load 11); PGM bytes are ZXing's
 * luminance as they are, so nothing is inflated or copied.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import {
  BinaryBitmap,
  Code128Reader,
  DecodeHintType,
  HybridBinarizer,
  RGBLuminanceSource,
} from '@zxing/library';

const run = promisify(execFile);
const DPI = 150;
/** The barcode band of sandbox/documents/label-layout.ts (dots 952-1132 of 1218 at 203 dpi). */
const BAND = { y: Math.floor((930 / 1218) * 6 * DPI), height: Math.ceil((220 / 1218) * 6 * DPI) };

export async function hasPdftoppm(): Promise<boolean> {
  return run('pdftoppm', ['-v']).then(
    () => true,
    () => false,
  );
}

export async function labelBarcodes(pdfFile: string): Promise<(string | null)[]> {
  const dir = mkdtempSync(join(tmpdir(), 'packbench-barcodes-'));
  try {
    await run('pdftoppm', [
      ...['-r', String(DPI), '-x', '0', '-y', String(BAND.y)],
      ...['-W', String(4 * DPI), '-H', String(BAND.height), '-gray'],
      pdfFile,
      join(dir, 'page'),
    ]);
    const reader = new Code128Reader();
    const hints = new Map<DecodeHintType, unknown>([[DecodeHintType.TRY_HARDER, true]]);
    // pdftoppm numbers pages with as many digits as the last one needs: sort by number.
    const pages = readdirSync(dir)
      .filter((f) => f.endsWith('.pgm'))
      .sort((a, b) => Number(a.replace(/\D/g, '')) - Number(b.replace(/\D/g, '')));
    return pages.map((f) => {
      const { width, height, luminance } = readPgm(readFileSync(join(dir, f)));
      const bitmap = new BinaryBitmap(
        new HybridBinarizer(new RGBLuminanceSource(luminance, width, height)),
      );
      try {
        return reader.decode(bitmap, hints).getText();
      } catch {
        return null;
      }
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A binary PGM (P5, 8-bit): its size and its grey bytes, which are the luminance ZXing reads. */
function readPgm(file: Buffer): { width: number; height: number; luminance: Uint8ClampedArray } {
  const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(file.subarray(0, 64).toString('latin1'));
  if (!header) throw new Error('pdftoppm did not write an 8-bit binary PGM');
  const width = Number(header[1]);
  const height = Number(header[2]);
  const start = file.byteOffset + header[0].length;
  if (file.length - header[0].length < width * height) throw new Error('a PGM page is cut short');
  return { width, height, luminance: new Uint8ClampedArray(file.buffer, start, width * height) };
}
