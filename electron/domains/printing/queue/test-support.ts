/** Fakes and temp folders shared by the queue tests (and the kill-test child process). */
import { mkdtemp, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { JobToSend, PrinterDriver, PrintFormat } from './types.js';

export async function tempDir(prefix = 'packbench-print-'): Promise<string> {
  return mkdtemp(path.join(os.tmpdir(), prefix));
}

export interface FakeDriver extends PrinterDriver {
  /** Titles in the order the driver was called. */
  calls: string[];
  /** Titles the driver finished successfully. */
  done: string[];
  /** Highest number of sends running at the same time. */
  maxConcurrent: number;
}

export function fakeDriver(
  id: string,
  options: {
    formats?: PrintFormat[];
    kind?: PrinterDriver['kind'];
    /** Runs for every call; throw to fail, await to be slow. */
    behave?: (job: JobToSend, signal: AbortSignal) => Promise<void> | void;
  } = {},
): FakeDriver {
  const formats = options.formats ?? ['pdf', 'zpl'];
  let running = 0;
  const driver: FakeDriver = {
    id,
    kind: options.kind ?? 'cups',
    displayName: id,
    calls: [],
    done: [],
    maxConcurrent: 0,
    accepts: (format) => formats.includes(format),
    async send(job, signal) {
      driver.calls.push(job.title);
      running++;
      driver.maxConcurrent = Math.max(driver.maxConcurrent, running);
      try {
        await options.behave?.(job, signal);
        driver.done.push(job.title);
        return { externalId: `${id}-${driver.done.length}` };
      } finally {
        running--;
      }
    },
  };
  return driver;
}

export const fastRetry = { maxAttempts: 3, delayMs: () => 5 };

/** A one-page 4x6 PDF, written out by hand so tests can make one synchronously; `text` makes it unique. */
export function pdfBytes(text: string, pages = 1): Uint8Array {
  const kids = Array.from({ length: pages }, (_, i) => `${3 + i} 0 R`).join(' ');
  const pageObjects = Array.from(
    { length: pages },
    (_, i) => `${3 + i} 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 288 432] >>\nendobj\n`,
  ).join('');
  return new TextEncoder().encode(
    '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n' +
      `2 0 obj\n<< /Type /Pages /Kids [${kids}] /Count ${pages} >>\nendobj\n${pageObjects}` +
      `% ${text.replace(/[\r\n]/g, ' ')}\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n`,
  );
}

export async function readRecordState(spoolDir: string, jobId: string): Promise<string> {
  const raw = await readFile(path.join(spoolDir, 'jobs', `${jobId}.json`), 'utf8');
  return (JSON.parse(raw) as { job: { state: string } }).job.state;
}
