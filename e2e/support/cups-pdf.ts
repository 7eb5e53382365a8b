/**
 * The private CUPS's PDF printer (scripts/with-cups.sh: Packbench-PDF, CUPS-PDF writing into
 * PACKBENCH_CUPS_PDF_DIR) as the suites that print to it see it: a skip when no private CUPS
 * runs, and what it printed since a test started (other suites print to the same CUPS, so
 * only files that were not there before count).
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';

export const HAVE_CUPS = process.env.PACKBENCH_TEST_CUPS === '1';
export const NO_CUPS = 'no private CUPS: run under scripts/with-cups.sh';

/** Skips the running test without a private CUPS, unless the run requires one. */
export function skipWithoutCups(): void {
  test.skip(!HAVE_CUPS && process.env.PACKBENCH_REQUIRE_CUPS !== '1', NO_CUPS);
}

export interface PrintedPdf {
  name: string;
  /** -1 while CUPS-PDF is still writing the file (it does not parse yet). */
  pages: number;
  /** Each page as "WxH" in points, e.g. "288x432" for 4x6 in. */
  sizes: string[];
}

export interface CupsPdfOutput {
  /** The names of the PDFs written since the watch began. */
  newFiles(): Promise<string[]>;
  /** Those files read: their page counts and sizes. */
  printed(): Promise<PrintedPdf[]>;
}

export async function watchCupsPdf(): Promise<CupsPdfOutput> {
  const dir = process.env.PACKBENCH_CUPS_PDF_DIR!;
  const pdfs = async () => (await readdir(dir).catch(() => [])).filter((f) => f.endsWith('.pdf'));
  const before = new Set(await pdfs());
  const newFiles = async () => (await pdfs()).filter((f) => !before.has(f));
  return {
    newFiles,
    printed: async () => {
      const out: PrintedPdf[] = [];
      for (const name of await newFiles()) {
        const doc = await PDFDocument.load(await readFile(join(dir, name))).catch(() => null);
        const sizes = (doc?.getPages() ?? []).map(
          (p) => `${Math.round(p.getWidth())}x${Math.round(p.getHeight())}`,
        );
        out.push({ name, pages: doc ? doc.getPageCount() : -1, sizes });
      }
      return out;
    },
  };
}
