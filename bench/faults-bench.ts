/**
 * `npm run bench -- faults`: issue 17's figures in one run and one table, each beside what the
 * console did before in the same run — labels received per label sent under each raw-printer
 * misbehaviour (faults-printers.ts), duplicates and lost orders per 1,000 creates under
 * drops, 5xx and answers past the timeout (faults-creates.ts), and the limiter's throughput
 * after a 429 storm and under 10 % random 429s (faults-limiter.ts, beside the limiter of
 * commit 7bea10f). Each part also runs alone under its own name.
 */
import { cpus } from 'node:os';
import { runFaultsCreatesBench } from './faults-creates';
import { limiterFaultRows } from './faults-limiter';
import { runFaultsPrintersBench } from './faults-printers';
import type { BenchReport } from './table';

export async function runFaultsBench(): Promise<BenchReport> {
  const started = performance.now();
  const printers = await runFaultsPrintersBench();
  const creates = await runFaultsCreatesBench();
  const limiter = await limiterFaultRows();
  return {
    name: 'faults',
    date: new Date().toISOString(),
    machine: { cpus: cpus().length, node: process.version, platform: process.platform },
    settings: {
      printers: printers.settings,
      creates: creates.settings,
      limiter: { serverRate: 50 },
      wallSeconds: Math.round((performance.now() - started) / 1000),
    },
    rows: [...printers.rows, ...creates.rows, ...limiter],
  };
}
