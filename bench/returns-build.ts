/**
 * The sandbox's returns at scale 100 (20,000), built from their orders: how long the build
 * takes and how much heap it keeps, beside the build of the order store they are drawn from
 * (the peer, same scale, same run). Moved here from sandbox/data/returns/returns.test.ts,
 * which timed the build inside a unit test ("in reasonable time"): a unit test checks what
 * is built, a bench how long it takes. Both are timed in CPU of this (the main) thread, wall
 * time in the note: on the shared 2-core machine the wall time of either moved by 2× from one
 * run to the next with the load (issue 34), the CPU by far less.
 */
import { buildCatalog } from '../sandbox/data/catalog';
import { buildOrderStore } from '../sandbox/data/orders';
import { buildReturns } from '../sandbox/data/returns';
import type { DatasetOptions } from '../sandbox/data/types';
import type { BenchRow } from './table';

/** CPU time (ms) of this thread: the builds run here, on the main thread, and nothing else. */
const threadMs = (): number => {
  const u = process.threadCpuUsage();
  return (u.user + u.system) / 1000;
};

export function returnsBuildRows(scale = 100): BenchRow[] {
  const options: DatasetOptions = { seed: 1, scale, now: new Date('2026-03-01T00:00:00Z') };
  const catalog = buildCatalog(options);
  const ordersStarted = performance.now();
  const ordersCpu = threadMs();
  const store = buildOrderStore(options, catalog);
  const ordersMs = threadMs() - ordersCpu;
  const ordersWall = performance.now() - ordersStarted;
  const heap = process.memoryUsage().heapUsed;
  const started = performance.now();
  const returnsCpu = threadMs();
  const returns = buildReturns(options, store, catalog);
  const returnsMs = threadMs() - returnsCpu;
  const returnsWall = performance.now() - started;
  const heapMb = (process.memoryUsage().heapUsed - heap) / 1e6;
  return [
    {
      name: `returns built at scale ${scale} (${returns.length.toLocaleString('en-US')})`,
      value: Math.round(returnsMs),
      unit: 'ms',
      note: `CPU of the main thread; wall ${Math.round(returnsWall)} ms against ${Math.round(ordersWall)} ms`,
      base: {
        kind: 'peer',
        name: 'the order store they come from, same scale (CPU)',
        value: Math.round(ordersMs),
      },
      // Returns are a tenth of the orders and read them: slower than building the orders
      // themselves would mean the build walks them more than once.
      limit: 1,
    },
    {
      name: `returns' heap growth at scale ${scale} (incl. the orders they read)`,
      value: Math.round(heapMb),
      unit: 'MB',
    },
  ];
}
