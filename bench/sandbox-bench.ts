/**
 * The sandbox at scale 100 (≈200,000 orders), in its own process so its memory is its own:
 * p50/p95 of a filtered order list page, a search, an inventory page and a labels-batch PDF
 * of 100 orders, and the server's peak resident memory (VmHWM). Requests go one at a time
 * over real HTTP on loopback, with the rate limit off. Then (issue 29) the sandbox's own CPU
 * for a 500-order page and an export (sandbox-page-cpu.ts) and its event loop while a bulk
 * station reads (sandbox-probe.ts). `BENCH_SANDBOX_ONLY=probe,returns,page-cpu` runs some of
 * these parts alone (sandbox-only.ts).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { createInterface } from 'node:readline';
import { returnsBuildRows } from './returns-build';
import { sandboxOnly, sandboxOnlyParts } from './sandbox-only';
import { sandboxPageCpuRows } from './sandbox-page-cpu';
import { sandboxProbeRows } from './sandbox-probe';
import { type BenchReport, type BenchRow, percentile } from './table';

const SCALE = Number(process.env.BENCH_SCALE ?? 100);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 100);
const KEY = 'bench-key';

async function startServer(): Promise<{ child: ChildProcess; url: string; startMs: number }> {
  const started = performance.now();
  const child = spawn(
    'node_modules/.bin/tsx',
    ['sandbox/cli.ts', '--port', '0', '--key', KEY, '--scale', String(SCALE), '--rate', '0'],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const lines = createInterface({ input: child.stdout! });
  for await (const line of lines) {
    const match = /Packbench sandbox: (\S+)/.exec(line);
    if (match?.[1]) return { child, url: match[1], startMs: performance.now() - started };
  }
  throw new Error('The sandbox exited before printing its URL.');
}

function peakRssMb(pid: number): number {
  // tsx starts node as a child: the server is the largest process of the tree.
  const pids = [pid, ...childPids(pid)];
  let peak = 0;
  for (const p of pids) {
    try {
      const status = readFileSync(`/proc/${p}/status`, 'utf8');
      const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
      peak = Math.max(peak, kb / 1024);
    } catch {
      // The process has gone; nothing to read.
    }
  }
  return peak;
}

function childPids(pid: number): number[] {
  try {
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
    return children.flatMap((c) => [c, ...childPids(c)]);
  } catch {
    return [];
  }
}

async function timed(
  url: string,
  init: RequestInit | undefined,
  rounds: number,
  check: (r: Response) => Promise<void>,
): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const t = performance.now();
    const response = await fetch(url, init);
    await check(response);
    samples.push(performance.now() - t);
  }
  return samples;
}

async function ok(r: Response): Promise<void> {
  if (!r.ok) throw new Error(`${r.url}: HTTP ${r.status} ${await r.text()}`);
  await r.arrayBuffer();
}

export async function runSandboxBench(): Promise<BenchReport> {
  // Some parts alone, into the last results (sandbox-only.ts).
  const only = sandboxOnlyParts();
  if (only) return sandboxOnly(only, SCALE);
  const { child, url, startMs } = await startServer();
  const headers = { 'X-API-Key': KEY };
  // Issue 34: the server's resident memory once its data is in, before any request (the
  // peer of its peak), read right away.
  const startRss = residentMb(child.pid!);
  let report: BenchReport;
  try {
    // The floor of a request here: the same loopback, key check, rate limiter and JSON, for
    // the smallest answer the API has (the locations, a few dozen rows).
    const floor = await timed(`${url}/api/locations/`, { headers }, ROUNDS, ok);
    const listUrl = (page: number) =>
      `${url}/api/orders/?stage=open&channel=Shopify,Amazon&date_after=2020-01-01&page=${page}`;
    const first = (await (await fetch(listUrl(1), { headers })).json()) as { count: number };
    const pages = Math.max(1, Math.ceil(first.count / 50));
    let n = 0;
    // A filtered list page: the same filter, different pages (as a person pages through).
    const list: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      list.push(...(await timed(listUrl((n++ % pages) + 1), { headers }, 1, ok)));
    }
    // A search: a different term each time, so no cached result helps.
    const terms = [
      'smith',
      'berlin',
      '1Z',
      'garcia',
      'road',
      'müller',
      '+44',
      'ltd',
      'anna',
      'paris',
    ];
    const search: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const q = `${terms[i % terms.length]}${i >= terms.length ? String(i % 7) : ''}`;
      search.push(
        ...(await timed(`${url}/api/orders/?q=${encodeURIComponent(q)}`, { headers }, 1, ok)),
      );
    }
    const inventory = await timed(
      `${url}/api/inventory/?low_stock=true&page=1`,
      { headers },
      ROUNDS,
      ok,
    );
    // Labels for 100 orders that have labels.
    const labelled = (await (
      await fetch(`${url}/api/orders/?stage=shipped&page_size=100`, { headers })
    ).json()) as { results: { id: number }[] };
    const body = JSON.stringify({ order_ids: labelled.results.map((o) => o.id) });
    const pdfRounds = Math.max(5, Math.round(ROUNDS / 5));
    const labels = await timed(
      `${url}/api/orders/labels-batch/`,
      { method: 'POST', headers: { ...headers, 'Content-Type': 'application/json' }, body },
      pdfRounds,
      ok,
    );
    const total = (await (await fetch(`${url}/api/orders/?page_size=1`, { headers })).json()) as {
      count: number;
    };
    const memory = peakRssMb(child.pid!);
    const rows: BenchRow[] = [
      row('order list page (filtered) p50', list, 50),
      row('order list page (filtered) p95', list, 95, 50, floor),
      row('order search p50', search, 50),
      row('order search p95', search, 95, 50, floor),
      row('inventory page p50', inventory, 50),
      row('inventory page p95', inventory, 95),
      row('labels-batch PDF, 100 orders p50', labels, 50),
      row('labels-batch PDF, 100 orders p95', labels, 95),
      row('floor: the locations (smallest answer) p95', floor, 95),
      {
        name: 'sandbox peak memory (VmHWM)',
        value: Math.round(memory),
        unit: 'MB',
        base: { kind: 'peer', name: 'resident once started, before any request', value: startRss },
        limit: 1536,
        limitOn: 'value',
      },
      { name: 'sandbox start-up incl. data', value: Math.round(startMs), unit: 'ms' },
      // In this process, once the server's rows are in (the server has stopped working).
      ...returnsBuildRows(SCALE),
    ];
    report = {
      name: 'sandbox',
      date: new Date().toISOString(),
      machine: { cpus: cpus().length, node: process.version, platform: process.platform },
      settings: { scale: SCALE, rounds: ROUNDS, orders: total.count, filteredOrders: first.count },
      rows,
    };
  } finally {
    child.kill('SIGTERM');
  }
  // Issue 29, with the scale-100 server stopped: a 500-order page's and an export's CPU in the
  // sandbox (beside JSON.stringify of the same orders and the code before), and its event loop
  // while a bulk station reads, on the stations bench's sandbox (scale 10, --warm).
  report.rows.push(...(await sandboxPageCpuRows()), ...(await sandboxProbeRows()));
  return report;
}

function row(
  name: string,
  samples: number[],
  p: number,
  limit?: number,
  floor?: number[],
): BenchRow {
  const value = (xs: number[]) => Number(percentile(xs, p).toFixed(2));
  if (limit === undefined || !floor) return { name, value: value(samples), unit: 'ms', limit };
  // A page or search beside the floor of any request; the target stays the sandbox's 50 ms.
  const base = {
    kind: 'floor' as const,
    name: `the locations (smallest answer) p${p}`,
    value: value(floor),
  };
  return { name, value: value(samples), unit: 'ms', base, limit, limitOn: 'value' };
}

/** VmRSS of the largest process of the server's tree (tsx starts node as a child), MB. */
function residentMb(pid: number): number {
  let most = 0;
  for (const p of [pid, ...childPids(pid)]) {
    try {
      const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${p}/status`, 'utf8'))?.[1] ?? 0);
      most = Math.max(most, kb / 1024);
    } catch {
      // The process has gone; nothing to read.
    }
  }
  return Math.round(most);
}
