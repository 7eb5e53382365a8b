/**
 * The bulk station of the sandbox probe (sandbox-probe.ts), in a worker thread: every order in
 * 500-order pages, one after another, beside the CSV export of every order. Receiving 2.5 MB
 * pages and a 5 MB export holds the reading thread's event loop too; in the probing thread it
 * delayed the probe's own answers (the probe's p95 came out 30-60 ms with the reader beside it
 * against 15-25 ms with the reader here, same sandbox, same load), which is not the sandbox's
 * event loop, the figure the probe is for.
 */
import { parentPort, workerData } from 'node:worker_threads';

export interface ReaderData {
  url: string;
  key: string;
  pageSize: number;
  reads: number;
}

export interface ReaderResult {
  /** Each page's round trip, ms, every read. */
  pages: number[];
  /** The slowest export's time from the start of its read, ms. */
  exportMs: number;
}

async function read(url: string, key: string): Promise<number> {
  const response = await fetch(url, { headers: { 'X-API-Key': key } });
  const bytes = (await response.arrayBuffer()).byteLength;
  if (!response.ok) throw new Error(`${url} answered ${response.status}.`);
  return bytes;
}

/**
 * Every order, page by page, beside the export: what one bulk station asks. The pages are read
 * as bytes, not parsed (a bulk station's parsing is its own machine's work).
 */
async function bulkRead({ url, key, pageSize }: ReaderData): Promise<ReaderResult> {
  const count = await fetch(`${url}/api/orders/?page_size=1`, { headers: { 'X-API-Key': key } })
    .then((r) => r.json() as Promise<{ count: number }>)
    .then((page) => page.count);
  const pages: number[] = [];
  const started = performance.now();
  const exported = read(`${url}/api/orders/export/`, key).then(() => performance.now() - started);
  for (let page = 1; page <= Math.ceil(count / pageSize); page++) {
    const t = performance.now();
    await read(`${url}/api/orders/?page=${page}&page_size=${pageSize}`, key);
    pages.push(performance.now() - t);
  }
  return { pages, exportMs: await exported };
}

if (parentPort) {
  const data = workerData as ReaderData;
  // Once loaded: the probing thread starts its busy probe (and the CPU mark) on this.
  parentPort.postMessage('started');
  const result: ReaderResult = { pages: [], exportMs: 0 };
  for (let i = 0; i < data.reads; i++) {
    const one = await bulkRead(data);
    result.pages.push(...one.pages);
    result.exportMs = Math.max(result.exportMs, one.exportMs);
  }
  parentPort.postMessage(result);
}
