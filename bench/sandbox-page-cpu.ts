/**
 * The sandbox's own CPU for one 500-order page of GET /api/orders/ (issue 29: a stations floor
 * is served by the sandbox's one event loop, and a page built in one go held every scan's
 * request behind it). Measured in a Node of its own started with `--single-threaded` (no
 * concurrent GC or compiler threads: the process's CPU is the one thread's, as in
 * bridge-page-cpu.ts), on the same order store the stations bench uses (scale 10, seed 1), each
 * figure the median over the same four pages, all in the same run:
 * - shipped: the page from answers kept as UTF-8 bytes (routes/order-json.ts), ready to write;
 * - peer, before 8e3e0f8: the same page from answers kept as JSON strings, joined, then what
 *   Fastify and the socket did with the string (its UTF-8 length, its UTF-8 bytes);
 * - floor: JSON.stringify of the same 500 served orders, already built (the least a server that
 *   keeps nothing spends, before it even encodes the text);
 * - cold: the page with nothing kept (every order planned, built and stringified).
 * And the export of every order (20,000) from kept rows (routes/order-csv.ts) beside the same
 * export streamed as before 7be4e7a (every order built and written by csv-stringify).
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { buildCatalog } from '../sandbox/data/catalog';
import { buildOrderStore } from '../sandbox/data/orders';
import type { DatasetOptions, Order } from '../sandbox/data/types';
import { ordersCsv } from '../sandbox/documents/csv';
import { OrderCsv } from '../sandbox/routes/order-csv';
import { OrderJson, pageBody } from '../sandbox/routes/order-json';
import { servedOrder } from '../sandbox/routes/order-views';
import { against, type BenchRow, percentile } from './table';

const PAGE_SIZE = 500;
const PAGES = 4;
const SAMPLES = Number(process.env.BENCH_PAGE_SAMPLES ?? 40);
const COLD_SAMPLES = 8;
const EXPORT_SAMPLES = 3;
const ORIGIN = 'http://127.0.0.1:8787';
const CHILD = 'PACKBENCH_SANDBOX_PAGE_CPU_CHILD';

interface PageCpuRuns {
  bytes: number;
  shipped: number[];
  before: number[];
  floor: number[];
  cold: number[];
  exportKept: number[];
  exportBefore: number[];
  exportBytes: number;
}

/** CPU (ms) of this process; its only thread does the work (see the header). */
const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** The page as it was built before 8e3e0f8: strings joined, then measured and encoded. */
function pageFromStrings(head: object, texts: readonly string[]): Buffer {
  const json = JSON.stringify(head);
  const text = `${json.slice(0, -1)},"results":[${texts.join(',')}]}`;
  // Fastify's Content-Length, then the socket's write: both walk the two-byte string.
  Buffer.byteLength(text);
  return Buffer.from(text, 'utf8');
}

async function measureHere(): Promise<PageCpuRuns> {
  const opts: DatasetOptions = { seed: 1, scale: 10, now: new Date('2026-11-22T00:00:00Z') };
  const store = buildOrderStore(opts, buildCatalog(opts));
  const json = new OrderJson(store);
  const pages = Array.from({ length: PAGES }, (_, p) => {
    const ids = store.rows.slice(p * PAGE_SIZE, (p + 1) * PAGE_SIZE).map((r) => r.id);
    const orders = ids.map((id) => servedOrder(store.get(id) as Order, ORIGIN));
    const head = { count: store.rows.length, next: `${ORIGIN}/n`, previous: `${ORIGIN}/p` };
    return { ids, orders, head, texts: orders.map((o) => JSON.stringify(o)) };
  });
  for (const page of pages) await json.bodies(page.ids, ORIGIN);
  const runs: PageCpuRuns = {
    bytes: 0,
    shipped: [],
    before: [],
    floor: [],
    cold: [],
    exportKept: [],
    exportBefore: [],
    exportBytes: 0,
  };
  for (let i = 0; i < SAMPLES + PAGES; i++) {
    const page = pages[i % PAGES] as (typeof pages)[number];
    let t = cpuMs();
    const body = pageBody({ ...page.head, results: await json.bodies(page.ids, ORIGIN) });
    const shipped = cpuMs() - t;
    t = cpuMs();
    const before = pageFromStrings(page.head, page.texts);
    const beforeMs = cpuMs() - t;
    t = cpuMs();
    JSON.stringify({ ...page.head, results: page.orders });
    const floor = cpuMs() - t;
    if (!body.equals(before)) throw new Error('The two ways gave different pages.');
    if (i < PAGES) continue; // the first round warms the code paths up
    runs.shipped.push(shipped);
    runs.before.push(beforeMs);
    runs.floor.push(floor);
    runs.bytes = body.length;
  }
  for (let i = 0; i < COLD_SAMPLES; i++) {
    const page = pages[i % PAGES] as (typeof pages)[number];
    const fresh = new OrderJson(store);
    const t = cpuMs();
    pageBody({ ...page.head, results: await fresh.bodies(page.ids, ORIGIN) });
    runs.cold.push(cpuMs() - t);
  }
  const csv = new OrderCsv(store);
  const ids = store.rows.map((r) => r.id);
  await drain(csv.export(ids)); // kept once, as after an export or --warm
  for (let i = 0; i < EXPORT_SAMPLES; i++) {
    let t = cpuMs();
    runs.exportBytes = await drain(csv.export(ids));
    runs.exportKept.push(cpuMs() - t);
    t = cpuMs();
    const served = (function* () {
      for (const id of ids) yield servedOrder(store.get(id) as Order, ORIGIN);
    })();
    const bytes = await drain(ordersCsv(served));
    runs.exportBefore.push(cpuMs() - t);
    if (bytes !== runs.exportBytes) throw new Error('The two exports differ in length.');
  }
  return runs;
}

/** Reads a stream to its end as a client would; its length in bytes. */
async function drain(stream: AsyncIterable<Buffer | string>): Promise<number> {
  let bytes = 0;
  for await (const chunk of stream) {
    bytes += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.length;
  }
  return bytes;
}

/** Runs the measure in a `--single-threaded` Node on this Node and its loader. */
async function measure(): Promise<PageCpuRuns> {
  const child = spawn(
    process.execPath,
    ['--single-threaded', '--import', 'tsx', fileURLToPath(import.meta.url)],
    { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, [CHILD]: '1' } },
  );
  let last = '';
  for await (const line of createInterface({ input: child.stdout! })) if (line) last = line;
  const code = await new Promise<number | null>((resolve) =>
    child.exitCode === null ? child.once('exit', resolve) : resolve(child.exitCode),
  );
  if (code !== 0) throw new Error(`The sandbox page CPU measure ended with code ${code}.`);
  return JSON.parse(last) as PageCpuRuns;
}

const median = (xs: readonly number[]) => Number(percentile(xs, 50).toFixed(2));

export async function sandboxPageCpuRows(): Promise<BenchRow[]> {
  const runs = await measure();
  const floor = median(runs.floor);
  const floorName = 'JSON.stringify of the same 500 served orders, median';
  const n = `${runs.shipped.length} pages, ${(runs.bytes / 1e6).toFixed(2)} MB each`;
  return [
    against(
      {
        name: 'sandbox CPU, 500-order page from kept answers, median',
        value: median(runs.shipped),
        unit: 'ms',
        // A kept page is copied, not built: at most a quarter of stringifying its orders.
        limit: 0.25,
        note: `${n}; p95 ${Number(percentile(runs.shipped, 95).toFixed(2))} ms`,
      },
      'floor',
      floorName,
      floor,
    ),
    against(
      {
        name: '  peer: the same page from kept strings, as before 8e3e0f8, median',
        value: median(runs.before),
        unit: 'ms',
        note: 'joined, then its UTF-8 length and bytes (what Fastify and the socket did)',
      },
      'floor',
      floorName,
      floor,
    ),
    {
      name: '  floor: JSON.stringify of the same 500 served orders, median',
      value: floor,
      unit: 'ms',
    },
    {
      name: '  the same page with nothing kept (cold), median',
      value: median(runs.cold),
      unit: 'ms',
      note: `${runs.cold.length} pages: every order planned, built and stringified (without --warm)`,
    },
    against(
      {
        name: 'sandbox CPU, export of every order (20,000) from kept rows, median',
        value: median(runs.exportKept),
        unit: 'ms',
        // Copied out, not built: at most a tenth of building every row again.
        limit: 0.1,
        note: `${runs.exportKept.length} exports of ${(runs.exportBytes / 1e6).toFixed(2)} MB`,
      },
      'peer',
      'the same export streamed as before 7be4e7a (every order built, csv-stringify), median',
      median(runs.exportBefore),
    ),
    {
      name: '  peer: the same export streamed as before 7be4e7a, median',
      value: median(runs.exportBefore),
      unit: 'ms',
    },
  ];
}

if (process.env[CHILD] && process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(JSON.stringify(await measureHere()));
}
