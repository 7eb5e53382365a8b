/**
 * The private CUPS's PDF printer (scripts/with-cups.sh: Packbench-PDF, CUPS-PDF writing into
 * PACKBENCH_CUPS_PDF_DIR) as the suites that print to it see it: a skip when no private CUPS
 * runs, and what it printed since a test started. Other tests print to the same CUPS at the
 * same time (a return label's A4 neighbour once turned up in a 4x6 test's files), so a test
 * that names its console counts only its console's jobs: CUPS-PDF names each file
 * "job_<n>-<title>", and the console keeps each job's CUPS request id ("Packbench-PDF-<n>").
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, type TestInfo, test } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { bridgeCall } from './bridge-call';

export const HAVE_CUPS = process.env.PACKBENCH_TEST_CUPS === '1';
export const NO_CUPS = 'no private CUPS: run under scripts/with-cups.sh';

/** Skips the running test without a private CUPS, unless the run requires one. */
export function skipWithoutCups(): void {
  test.skip(!HAVE_CUPS && process.env.PACKBENCH_REQUIRE_CUPS !== '1', NO_CUPS);
}

/** The most of each log attached: the end of it, where a failing job's lines are. */
const LOG_TAIL = 64 * 1024;

/**
 * For a test that failed while printing: the private CUPS's error and page logs (their last
 * 64 kB) and the PDF folder's files with their sizes, attached to the test's report. The
 * scheduler's folder goes with the run, so afterwards nothing else says what CUPS did.
 */
export async function attachCupsState(testInfo: TestInfo): Promise<void> {
  const dir = process.env.PACKBENCH_CUPS_DIR;
  if (!HAVE_CUPS || !dir) return;
  for (const name of ['error_log', 'page_log']) {
    const text = await readFile(join(dir, 'log', name), 'utf8').catch((e: Error) => e.message);
    await testInfo.attach(`cups ${name}`, {
      body: text.slice(-LOG_TAIL),
      contentType: 'text/plain',
    });
  }
  const pdfDir = process.env.PACKBENCH_CUPS_PDF_DIR ?? '';
  const files = await readdir(pdfDir).catch(() => []);
  const listing = await Promise.all(
    files.map(async (f) => `${f}\t${(await stat(join(pdfDir, f)).catch(() => null))?.size ?? '?'}`),
  );
  await testInfo.attach('cups-pdf files', { body: listing.join('\n'), contentType: 'text/plain' });
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

/** The CUPS job numbers of the console's print jobs, from its own queue. */
async function consoleJobNumbers(consoleUrl: string): Promise<Set<string>> {
  const { jobs } = await bridgeCall<{ jobs: { externalId?: string }[] }>(
    consoleUrl,
    'printJobsList',
    {},
  );
  return new Set(
    jobs.map((j) => /-(\d+)$/.exec(j.externalId ?? '')?.[1]).filter(Boolean) as string[],
  );
}

/**
 * Watches the PDF printer from now on. With `consoleUrl` (a function when the console is
 * restarted during the test), only the files of that console's jobs count.
 */
export async function watchCupsPdf(consoleUrl?: string | (() => string)): Promise<CupsPdfOutput> {
  const dir = process.env.PACKBENCH_CUPS_PDF_DIR!;
  const pdfs = async () => (await readdir(dir).catch(() => [])).filter((f) => f.endsWith('.pdf'));
  const before = new Set(await pdfs());
  const newFiles = async () => {
    const fresh = (await pdfs()).filter((f) => !before.has(f));
    if (consoleUrl === undefined) return fresh;
    const ours = await consoleJobNumbers(
      typeof consoleUrl === 'string' ? consoleUrl : consoleUrl(),
    );
    return fresh.filter((f) => ours.has(/^job_(\d+)-/.exec(f)?.[1] ?? ''));
  };
  // A file read whole is not read again: CUPS-PDF writes each job's file once, and a poll
  // re-reading twenty PDFs every few hundred milliseconds cost the runner seconds of CPU.
  const whole = new Map<string, PrintedPdf>();
  return {
    newFiles,
    printed: async () => {
      const out: PrintedPdf[] = [];
      for (const name of await newFiles()) {
        const known = whole.get(name);
        if (known) {
          out.push(known);
          continue;
        }
        const doc = await PDFDocument.load(await readFile(join(dir, name))).catch(() => null);
        const sizes = (doc?.getPages() ?? []).map(
          (p) => `${Math.round(p.getWidth())}x${Math.round(p.getHeight())}`,
        );
        const pdf = { name, pages: doc ? doc.getPageCount() : -1, sizes };
        if (pdf.pages > 0) whole.set(name, pdf);
        out.push(pdf);
      }
      return out;
    },
  };
}

/**
 * A test that prints `document` to the CUPS PDF printer: skipped without a private CUPS, the
 * console's route for the document set to the PDF printer (as Settings would), and the
 * printer watched from now on, for this console's jobs. One copy of the set-up the printing
 * suites pasted before.
 */
export async function printingToCupsPdf(
  consoleUrl: string,
  document: 'shipping_label' | 'return_label',
): Promise<CupsPdfOutput> {
  skipWithoutCups();
  const output = await watchCupsPdf(consoleUrl);
  await bridgeCall(consoleUrl, 'settingsUpdate', {
    patch: { printing: { routes: { [document]: { printerId: 'cups:Packbench-PDF' } } } },
  });
  return output;
}

/**
 * Waits until the labels printed since the watch began are one PDF of `pages` 4x6 in pages
 * (288x432 pt). A file CUPS-PDF is still writing counts -1 pages and is looked at again.
 */
export async function expectOneLabelPdf(output: CupsPdfOutput, pages: number): Promise<void> {
  const labels = async () =>
    (await output.printed())
      .filter((p) => /label/i.test(p.name))
      .map(({ pages, sizes }) => ({ pages, sizes }));
  await expect
    .poll(labels, { timeout: 30_000 })
    .toEqual([{ pages, sizes: Array(pages).fill('288x432') }]);
}
