/**
 * `npm run bench -- <name>`: runs a benchmark, prints its table, writes bench/results/<name>.json.
 * Benchmarks measure; they never fail a test run. Targets are shown as ratios (measured/limit).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import { runBridgeBench } from './bridge-bench';
import { runFaultsBench } from './faults-bench';
import { runFaultsCreatesBench } from './faults-creates';
import { limiterFaultRows } from './faults-limiter';
import { runFaultsPrintersBench } from './faults-printers';
import { runFloorBench } from './floor-bench';
import { runLocalStoreBench } from './local-store-bench';
import { runMainStartBench } from './main-start-bench';
import { runPackStationBench } from './pack-station-bench';
import { runPrintingBench } from './printing-bench';
import { runReturnsClerkBench } from './returns-clerk-bench';
import { runRowSortBench } from './row-sort-bench';
import { runSandboxBench } from './sandbox-bench';
import { withScannerRows } from './scanner-bench';
import { runStationsBench } from './stations-bench';
import { runSupervisorBench } from './supervisor-bench';
import { type BenchReport, printTable } from './table';
import { runUiGridsBench } from './ui-grids-bench';
import { runUiOrdersBench } from './ui-orders-bench';

const benches: Record<string, () => Promise<BenchReport>> = {
  sandbox: runSandboxBench,
  bridge: runBridgeBench,
  faults: runFaultsBench,
  'faults-creates': runFaultsCreatesBench,
  printing: runPrintingBench,
  'faults-printers': runFaultsPrintersBench,
  'main-start': runMainStartBench,
  'ui-grids': runUiGridsBench,
  'ui-orders': runUiOrdersBench,
  // The grid's sort alone, on CPU time, beside a comparator sort (issue 34).
  'row-sort': runRowSortBench,
  'returns-clerk': runReturnsClerkBench,
  // With the scanner's rows (issue 28): bursts under a busy main thread, beside the peer.
  'pack-station': withScannerRows(runPackStationBench),
  'local-store': runLocalStoreBench,
  stations: runStationsBench,
  floor: runFloorBench,
  supervisor: runSupervisorBench,
  // The limiter's rows of the `faults` bench, alone.
  'faults-limiter': async () => {
    const started = performance.now();
    const rows = await limiterFaultRows();
    return {
      name: 'faults-limiter',
      date: new Date().toISOString(),
      machine: { cpus: cpus().length, node: process.version, platform: process.platform },
      settings: {
        serverRate: 50,
        wallSeconds: Math.round((performance.now() - started) / 1000),
      },
      rows,
    };
  },
};

const names = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const selected = names.length > 0 ? names : Object.keys(benches);
// The floor's benches (issue 29) need PostgreSQL: run again inside a private cluster
// (scripts/with-postgres.sh), started for this run and stopped after it.
const NEEDS_POSTGRES = new Set(['stations', 'floor']);
if (
  selected.some((name) => NEEDS_POSTGRES.has(name)) &&
  process.env.PACKBENCH_TEST_PG !== '1' &&
  process.env.PACKBENCH_BENCH_PG_WRAPPED !== '1'
) {
  const run = spawnSync(
    'bash',
    [
      fileURLToPath(new URL('../scripts/with-postgres.sh', import.meta.url)),
      process.execPath,
      ...process.execArgv,
      ...process.argv.slice(1),
    ],
    { stdio: 'inherit', env: { ...process.env, PACKBENCH_BENCH_PG_WRAPPED: '1' } },
  );
  process.exit(run.status ?? 1);
}
for (const name of selected) {
  const bench = benches[name];
  if (!bench) {
    console.error(`Unknown benchmark "${name}". Known: ${Object.keys(benches).join(', ')}.`);
    process.exit(2);
  }
  const report = await bench();
  mkdirSync(new URL('./results/', import.meta.url), { recursive: true });
  const file = new URL(`./results/${name}.json`, import.meta.url);
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  printTable(report);
  console.log(`written to bench/results/${name}.json`);
}
