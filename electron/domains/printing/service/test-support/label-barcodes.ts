/**
 * Reads the tracking-number barcodes back from printed label PDFs, as a scanner at the dock
 * would: each page rasterised by poppler's pdftoppm (the barcode band of the sandbox's 4x6
 * label, at 150 dpi) and decoded with ZXing's Code 128 reader. One entry per page, in order;
 * null for a page whose barcode does not read.
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
import { PNG } from 'pngjs';

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
      ...['-W', String(4 * DPI), '-H', String(BAND.height), '-gray', '-png'],
      pdfFile,
      join(dir, 'page'),
    ]);
    const reader = new Code128Reader();
    const hints = new Map<DecodeHintType, unknown>([[DecodeHintType.TRY_HARDER, true]]);
    // pdftoppm numbers pages with as many digits as the last one needs: sort by number.
    const pages = readdirSync(dir)
      .filter((f) => f.endsWith('.png'))
      .sort((a, b) => Number(a.replace(/\D/g, '')) - Number(b.replace(/\D/g, '')));
    return pages.map((f) => {
      const png = PNG.sync.read(readFileSync(join(dir, f)));
      const luminance = new Uint8ClampedArray(png.width * png.height);
      for (let i = 0; i < luminance.length; i++) luminance[i] = png.data[i * 4] ?? 255;
      const bitmap = new BinaryBitmap(
        new HybridBinarizer(new RGBLuminanceSource(luminance, png.width, png.height)),
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
