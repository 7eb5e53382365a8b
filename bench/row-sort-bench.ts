/**
 * `npm run bench -- row-sort`: the CPU of sorting 100,000 shipment-like rows by each kind of
 * column (renderer/src/ui/list/row-sort.ts, issue 34), beside the peer it replaced: an index
 * sort that calls a JS comparator (`Array.prototype.sort` with `(a, b) => …`), on the same rows
 * in the same run. CPU time of this thread (process.cpuUsage), median of 7, so another
 * process on the machine stretches neither figure much; the grid's own click → drawn is the
 * ui-grids bench's row.
 */
import { cpus, loadavg } from 'node:os';
import type { BenchReport, BenchRow } from './table';

interface Row {
  tracking: string;
  created: number;
  risk: number;
  recipient: string;
  carrier: string;
}

type RowKey<T> = (row: T) => string | number | null;
type SortRows = <T>(rows: readonly T[], key: RowKey<T>, desc: boolean) => T[];

/**
 * The renderer's own sort, loaded by path: the renderer is a project of its own (DOM, no
 * Node), outside the tools' type check, so its module is read at run time (tsx) with its
 * signature restated here.
 */
async function loadSortRows(): Promise<SortRows> {
  const path = new URL('../renderer/src/ui/list/row-sort.ts', import.meta.url).href;
  return ((await import(path)) as { sortRows: SortRows }).sortRows;
}

const N = 100_000;
const RUNS = 7;

function rows(): Row[] {
  let seed = 1;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const carriers = ['UPS', 'DHL', 'FedEx', 'USPS', 'DPD'];
  return Array.from({ length: N }, (_, i) => ({
    tracking: `1Z${Math.floor(next() * 1e15)
      .toString(36)
      .toUpperCase()
      .padStart(12, '0')}X`,
    // Newest first, as the API lists them.
    created: 1.8e12 - i * 60_000 - Math.floor(next() * 1000),
    risk: Math.round(next() * 10_000) / 10_000,
    recipient: `name ${Math.floor(next() * 40_000)}`,
    carrier: carriers[Math.floor(next() * carriers.length)] as string,
  }));
}

/** The peer: each key read once, then an index sort with a comparator (stable). */
function comparatorSort<T>(list: readonly T[], key: RowKey<T>, desc: boolean): T[] {
  const keys = list.map(key);
  const sign = desc ? -1 : 1;
  const present: number[] = [];
  const missing: number[] = [];
  keys.forEach((k, i) => {
    (k === null ? missing : present).push(i);
  });
  present.sort((a, b) => {
    const x = keys[a] as string | number;
    const y = keys[b] as string | number;
    return x < y ? -sign : x > y ? sign : 0;
  });
  return [...present, ...missing].map((i) => list[i] as T);
}

function cpuMs(work: () => unknown): number {
  const start = process.cpuUsage();
  work();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

export async function runRowSortBench(): Promise<BenchReport> {
  const before = loadavg()[0];
  const sortRows = await loadSortRows();
  const list = rows();
  const columns: [string, RowKey<Row>, boolean][] = [
    ['tracking number, A→Z (all distinct)', (r) => r.tracking, false],
    ['recipient, A→Z (40,000 values)', (r) => r.recipient, false],
    ['risk, low→high (10,000 values)', (r) => r.risk, false],
    ['created, newest first (the API order)', (r) => r.created, true],
    ['created, oldest first', (r) => r.created, false],
    ['carrier, A→Z (5 values)', (r) => r.carrier, false],
  ];
  const out: BenchRow[] = [];
  for (const [name, key, desc] of columns) {
    const ours: number[] = [];
    const peer: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      let a: Row[] = [];
      let b: Row[] = [];
      ours.push(cpuMs(() => (a = sortRows(list, key, desc))));
      peer.push(cpuMs(() => (b = comparatorSort(list, key, desc))));
      if (a.some((row, j) => row !== b[j])) throw new Error(`${name}: the two orders differ`);
    }
    out.push({
      name: `sort 100,000 rows by ${name}: CPU`,
      value: Math.round(median(ours) * 10) / 10,
      unit: 'ms',
      base: {
        kind: 'peer',
        name: 'index sort with a JS comparator, same rows',
        value: Math.round(median(peer) * 10) / 10,
      },
      limit: 1,
      note: `median of ${RUNS}; the same order checked row by row`,
    });
  }
  return {
    name: 'row-sort',
    date: new Date().toISOString(),
    machine: { cpus: cpus().length, node: process.version, platform: process.platform },
    settings: { rows: N, runs: RUNS, loadAverage1m: { before, after: loadavg()[0] } },
    rows: out,
  };
}
