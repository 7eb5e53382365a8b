/**
 * Reading what CUPS-PDF wrote for a job, for the tests that print through the private CUPS
 * (with-cups.sh). CUPS-PDF names its output job_<number>-<title>….pdf and writes it after lp
 * has answered, so the reader polls until the file is there and reads as a whole PDF.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { expect } from 'vitest';

/** Each page's size in points, exactly as the PDF states it (pdf-lib). */
export async function pageSizes(bytes: Uint8Array): Promise<{ width: number; height: number }[]> {
  return (await PDFDocument.load(bytes)).getPages().map((p) => p.getSize());
}

/**
 * The pages of the PDF CUPS-PDF wrote for a CUPS job id like "Packbench-PDF-12", as `read`
 * makes them out. Waits until the file exists and reads with at least one page; the timeout
 * guards a hang (a job CUPS never printed), it measures nothing.
 */
export async function cupsPdfOutput<T>(
  pdfDir: string,
  cupsJobId: string,
  read: (bytes: Uint8Array) => Promise<T[]>,
): Promise<T[]> {
  const number = cupsJobId.slice(cupsJobId.lastIndexOf('-') + 1);
  let pages: T[] = [];
  await expect
    .poll(
      async () => {
        const name = readdirSync(pdfDir).find(
          (f) => f.startsWith(`job_${number}-`) && f.endsWith('.pdf'),
        );
        if (!name) return false;
        try {
          pages = await read(readFileSync(join(pdfDir, name)));
          return pages.length > 0;
        } catch {
          return false; // still being written
        }
      },
      { timeout: 30_000, interval: 100 },
    )
    .toBe(true);
  return pages;
}
