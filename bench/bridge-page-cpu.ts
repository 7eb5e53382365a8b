/**
 * The bridge's own CPU per list page (issue 16): orders pages of 50 and of 500 through the
 * shipped path (the client reads the body, parses it once, checks the envelope and every row
 * against the description, and the browser host's hand-over writes the answer), as this
 * process's CPU time (user + system): waiting for the server or for a core another process
 * holds does not count.
 *
 * The pages are the sandbox's own, recorded once and then replayed by a static server in its
 * own process, so the sandbox building a 3 MB page does not run beside the client measured.
 * CPU is the main thread's own, not the process's (see cpuMs).
 * Beside it in the same run: the same pages handed over serialised again (JSON.stringify, as
 * before), JSON.parse alone of the same bytes (the floor: nothing reads a page for less), and
 * the Electron hand-over (v8.serialize, what structured clone over IPC does with the value),
 * and a bare GET of the same page over the console's wire (what the request alone costs here).
 * Each is measured in blocks of its own, taking turns; the Electron hand-over after them, apart
 * (bridge-page-cpu-child.ts, the measuring side, run compiled as the app is).
 *
 * `BENCH_BRIDGE_ONLY=page-cpu npm run bench -- bridge` runs this measure alone (about a minute
 * instead of the bridge bench's half hour): its rows replace the last ones in
 * bench/results/bridge.json and the other rows are kept, marked as carried from their run.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { CHILD, type Kind, type PageCpu } from './bridge-page-cpu-child';
import { bundleForNode } from './node-bundle';
import type { BenchReport, BenchRow } from './table';

/**
 * Pages of each size through the shipped path, measured in a Node of its own started with
 * `--single-threaded` (see cpuMs), on this Node, compiled as the app is (node-bundle.ts).
 */
export async function measurePageCpu(
  url: string,
  key: string,
  sizes: readonly number[] = [50, 500],
): Promise<PageCpu[]> {
  // Compiled as the app is (node-bundle.ts), not through tsx: the code as shipped.
  const bundle = await bundleForNode(
    fileURLToPath(new URL('./bridge-page-cpu-child.ts', import.meta.url)),
  );
  try {
    const child = spawn(process.execPath, ['--single-threaded', bundle.file], {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, [CHILD]: JSON.stringify({ url, key, sizes }) },
    });
    let last = '';
    for await (const line of createInterface({ input: child.stdout! })) if (line) last = line;
    const code = await new Promise<number | null>((resolve) =>
      child.exitCode === null ? child.once('exit', resolve) : resolve(child.exitCode),
    );
    if (code !== 0) throw new Error(`The page CPU measure ended with code ${code}.`);
    return JSON.parse(last) as PageCpu[];
  } finally {
    bundle.remove();
  }
}

export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
}

const round = (n: number) => Number(n.toFixed(2));
const p50 = (values: readonly number[]) => `p50 ${round(percentile(values, 0.5))} ms`;
/** How many of a kind's pages held a full GC (its pause, whoever's garbage it collected). */
const fullGcs = (r: PageCpu, kind: Kind) =>
  `a full GC in ${r.fullGcs[kind]} of ${r[kind].length} pages`;

/**
 * The shipped p50 over the floor's: the ratio of medians, beside the p95 ratio the target is
 * set on. The floor's p95 swings with the machine's load (0.5-1.4 ms at 50 orders, README);
 * its median much less, so this says whether a run's p95 ratio moved with the code or the load.
 */
const medianRatio = (r: PageCpu) =>
  (percentile(r.shipped, 0.5) / percentile(r.parseOnly, 0.5)).toFixed(2);

/** The shipped p50 less the bare GET's and the parse's: the reading, check and hand-over. */
const beyond = (r: PageCpu) =>
  percentile(r.shipped, 0.5) - percentile(r.bareGet, 0.5) - percentile(r.parseOnly, 0.5);

export function pageCpuRows(runs: readonly PageCpu[]): BenchRow[] {
  return runs.flatMap((r) => [
    {
      name: `CPU per page, ${r.size} orders: read + parse + check + hand-over, p95`,
      value: round(percentile(r.shipped, 0.95)),
      unit: 'ms',
      // Issue 34: against JSON.parse of the same bytes, this run: 1.5× at 500 orders, and 3×
      // at 50, where the fixed cost of a page shows.
      base: {
        kind: 'floor' as const,
        name: 'JSON.parse alone of the same bytes, p95',
        value: round(percentile(r.parseOnly, 0.95)),
      },
      limit: r.size >= 500 ? 1.5 : 3,
      note: `${p50(r.shipped)} (${medianRatio(r)}× the floor's p50); ${round(beyond(r))} ms of it beyond a bare GET and JSON.parse (p50s); ${(r.bytes / 1e6).toFixed(2)} MB; ${r.shipped.length} pages; ${fullGcs(r, 'shipped')}`,
    },
    {
      name: `  peer: the same with the hand-over serialised again (before), p95`,
      value: round(percentile(r.stringify, 0.95)),
      unit: 'ms',
      note: `${p50(r.stringify)}; ${fullGcs(r, 'stringify')}`,
    },
    {
      name: `  floor: JSON.parse alone of the same bytes, p95`,
      value: round(percentile(r.parseOnly, 0.95)),
      unit: 'ms',
      note: `${p50(r.parseOnly)}; ${fullGcs(r, 'parseOnly')}`,
    },
    {
      name: `  floor: the bytes alone (a bare GET of the same page over the console's wire), p95`,
      value: round(percentile(r.bareGet, 0.95)),
      unit: 'ms',
      note: `${p50(r.bareGet)}; undici's dispatch, keep-alive, the body's chunks gathered and let go as the shipped path lets them go, nothing decoded: the request's own cost on this machine; ${fullGcs(r, 'bareGet')}`,
    },
    {
      name: `  Electron hand-over alone (v8.serialize of the answer), p95`,
      value: round(percentile(r.ipc, 0.95)),
      unit: 'ms',
      note: `${p50(r.ipc)}; structured clone over IPC, not in the figure above; measured after the others, apart`,
    },
  ]);
}

/**
 * This measure alone, against a sandbox `start` makes (the bridge bench's own): the report is
 * the last bridge.json with these rows measured again and the others marked carried.
 */
export async function pageCpuOnly(
  start: () => Promise<{ url: string; stop(): void }>,
  key: string,
): Promise<BenchReport> {
  const loadAtStart = Number(loadavg()[0]?.toFixed(2));
  const sandbox = await start();
  let runs: PageCpu[];
  try {
    runs = await measurePageCpu(sandbox.url, key);
  } finally {
    sandbox.stop();
  }
  const file = new URL('./results/bridge.json', import.meta.url);
  const last = JSON.parse(readFileSync(file, 'utf8')) as BenchReport;
  // The rows pageCpuRows wrote: each 'CPU per page, …' row and the indented rows under it.
  const kept: BenchRow[] = [];
  let inBlock = false;
  for (const row of last.rows) {
    inBlock = row.name.startsWith('CPU per page, ') || (inBlock && row.name.startsWith('  '));
    if (!inBlock) kept.push(row.carried ? row : { ...row, carried: last.date });
  }
  return {
    ...last,
    date: new Date().toISOString(),
    machine: { cpus: cpus().length, node: process.version, platform: process.platform },
    settings: {
      ...last.settings,
      pageCpuOnly: {
        loadAverageAtStart: loadAtStart,
        loadAverageAtEnd: Number(loadavg()[0]?.toFixed(2)),
      },
    },
    rows: [...kept, ...pageCpuRows(runs)],
  };
}
