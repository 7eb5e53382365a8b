/**
 * The main process's start without the demo, beside the same with the sandbox loaded, in one
 * run: builds the main bundle (scripts/build-electron.ts), then imports it in fresh Node
 * processes with a stand-in for `electron` (main-start/electron-stand-in.cjs; there is no
 * Electron binary here, and `app.whenReady()` never settles, so only the modules load):
 * - start: main.mjs and the chunks it imports statically — what every start of the app loads;
 * - with the sandbox loaded: the same, then the sandbox's chunk ("Try the sandbox" asked);
 * - with the sandbox started: the same, and the sandbox started on its seeded data (scale 1).
 * Each is measured BENCH_ROUNDS times (default 5), the three interleaved so that load from
 * elsewhere falls on all alike; the rows are medians. Memory is after a full GC: the JS heap,
 * and the resident memory the imports added to a bare Node process.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { buildElectron } from '../scripts/build-electron';
import { outputOf, staticGraph } from '../scripts/bundle-graph';
import { type BenchReport, type BenchRow, percentile } from './table';

const ROOT = resolve(import.meta.dirname, '..');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const run = promisify(execFile);

type Mode = 'start' | 'demo' | 'started';
const MODES: readonly Mode[] = ['start', 'demo', 'started'];

interface Sample {
  ms: number;
  rssMb: number;
  addedRssMb: number;
  heapMb: number;
}

const progress = (what: string, value?: unknown) =>
  console.error(`main-start: ${what}${value === undefined ? '' : ` ${JSON.stringify(value)}`}`);

async function probe(main: string, mode: Mode, chunk: string): Promise<Sample> {
  const { stdout } = await run(
    process.execPath,
    [
      '--expose-gc',
      '--import',
      join(ROOT, 'bench', 'main-start', 'with-stand-in.mjs'),
      join(ROOT, 'bench', 'main-start', 'probe.mjs'),
      main,
      mode,
      chunk,
    ],
    { cwd: ROOT, timeout: 120_000 },
  );
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '') as Sample;
}

const median = (xs: readonly number[]) => percentile(xs, 50);

export async function runMainStartBench(): Promise<BenchReport> {
  // Inside the project, so the chunks find their npm packages.
  mkdirSync(join(ROOT, '.tsbuild'), { recursive: true });
  const outDir = mkdtempSync(join(ROOT, '.tsbuild', 'bench-main-start-'));
  try {
    const built = await buildElectron(ROOT, { outDir });
    const meta = built.mainMetafile;
    const start = staticGraph(meta, outputOf(meta, 'electron/main/main.ts'));
    const chunkPath = outputOf(meta, 'sandbox/server/start.ts');
    const demo = staticGraph(meta, chunkPath);
    const chunk = resolve(ROOT, chunkPath);
    const samples: Record<Mode, Sample[]> = { start: [], demo: [], started: [] };
    for (let round = 1; round <= ROUNDS; round++) {
      for (const mode of MODES) samples[mode].push(await probe(built.main, mode, chunk));
      progress(
        `round ${round} (ms)`,
        MODES.map((m) => Math.round(samples[m].at(-1)?.ms ?? 0)),
      );
    }
    const m = (mode: Mode, key: keyof Sample) => median(samples[mode].map((s) => s[key]));
    const row = (
      name: string,
      mode: Mode,
      key: keyof Sample,
      unit: string,
      limit?: number,
    ): BenchRow => {
      const value = Math.round(m(mode, key) * 10) / 10;
      const base = m('start', key);
      const note =
        mode === 'start'
          ? `with the sandbox loaded ${(m('demo', key) / base).toFixed(1)}x, started ${(m('started', key) / base).toFixed(1)}x`
          : `${(value / base).toFixed(1)}x the start's`;
      // Issue 34: a target names a peer measured in the same run, here the same start with
      // the sandbox's chunk loaded; the target stays on the value (a start-up the staff wait on).
      const peer = {
        kind: 'peer' as const,
        name: 'the same start with the sandbox loaded',
        value: Math.round(m('demo', key) * 10) / 10,
      };
      const target = limit === undefined ? {} : { base: peer, limit, limitOn: 'value' as const };
      return { name, value, unit, ...target, note };
    };
    return {
      name: 'main-start',
      date: new Date().toISOString(),
      machine: { cpus: cpus().length, node: process.version, platform: process.platform },
      settings: {
        rounds: ROUNDS,
        electron: 'stand-in (no binary); app.whenReady() never settles',
        startModules: start.inputs.length,
        startPackages: start.packages.length,
        sandboxChunkModules: demo.inputs.filter((i) => !start.inputs.includes(i)).length,
        sandboxScale: 1,
      },
      rows: [
        row('start (no demo): import time, median', 'start', 'ms', 'ms', 1000),
        row('start (no demo): JS heap after GC', 'start', 'heapMb', 'MB', 30),
        row('start (no demo): resident memory added', 'start', 'addedRssMb', 'MB', 60),
        row('with the sandbox loaded: import time, median', 'demo', 'ms', 'ms'),
        row('with the sandbox loaded: JS heap after GC', 'demo', 'heapMb', 'MB'),
        row('with the sandbox loaded: resident memory added', 'demo', 'addedRssMb', 'MB'),
        row('with the sandbox started: time, median', 'started', 'ms', 'ms'),
        row('with the sandbox started: JS heap after GC', 'started', 'heapMb', 'MB'),
      ],
    };
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}
