/**
 * The bridge bench's third phase (issue 34, "three consoles, no failures, fair shares"): three
 * bridges (three limiters and clients, one key) paging the sandbox concurrently for a while.
 * Aggregate throughput over R, Jain's fairness index across them, failed calls and why.
 *
 * `BENCH_BRIDGE_ONLY=three npm run bench -- bridge` runs this phase alone (bridge-bench.ts),
 * `BENCH_BRIDGE_RUNS` times (default 1; the target is "each of five runs"): its rows replace
 * the last ones in bench/results/bridge.json and the other rows are kept, marked as carried
 * from their run. With several runs a row's value is the worst run's, its note every run's.
 */
import type { ApiClient } from '../electron/kernel/api/api-client';
import { isBridgeFailure } from '../electron/kernel/failure';
import type { BenchReport, BenchRow } from './table';

/** One bridge: its client, and how many 429s its requests have met so far. */
export interface OpenBridge {
  api: ApiClient;
  throttled(): number;
}

export interface ThreeRun {
  /** Pages answered per second, per bridge. */
  rates: number[];
  aggregate: number;
  jain: number;
  failures: number;
  /** Why calls failed: "bridge n: code × count; …" (empty when none did). */
  why: string;
  throttled: number;
  /** 429s per bridge. */
  throttledEach: number[];
}

/** Jain's fairness index of the shares: 1 when equal, 1/n when one takes everything. */
export function jainIndex(shares: readonly number[]): number {
  const sum = shares.reduce((a, b) => a + b, 0);
  const squares = shares.reduce((a, b) => a + b * b, 0);
  return squares === 0 ? 1 : (sum * sum) / (shares.length * squares);
}

/** One page of order ids, as a fetch-all's background read asks for it. */
export function listPage(api: ApiClient, page: number, pageSize: number, signal?: AbortSignal) {
  return api.page(
    'orders_list',
    { query: { page, page_size: pageSize } },
    { priority: 'background', signal },
    'ids',
  );
}

/** Three bridges sharing the account, each paging (`pageSize`) for `seconds`. */
export async function threeBridges(
  open: () => OpenBridge,
  seconds: number,
  pageSize: number,
  pages: number,
): Promise<ThreeRun> {
  const stop = new AbortController();
  const bridges = [0, 1, 2].map(() => open());
  const runs = bridges.map(async ({ api, throttled }, n) => {
    let done = 0;
    let failures = 0;
    // Why each call failed (issue 34 asks which calls failed and why): error code → count.
    const reasons = new Map<string, number>();
    const worker = async (lane: number) => {
      // Four lanes per bridge, like a fetch-all's look-ahead, each on its own pages; past the
      // last page a lane wraps to the first ones (pages 1..pages: `(page % pages) + 4` once
      // asked for pages past the end, which the API rightly answers 404).
      for (let page = 1 + n * 97 + lane; !stop.signal.aborted; page = ((page + 3) % pages) + 1) {
        try {
          await listPage(api, page, pageSize, stop.signal);
          if (!stop.signal.aborted) done += 1;
        } catch (error) {
          if (isBridgeFailure(error) && error.error.code === 'cancelled') continue;
          failures += 1;
          const code = isBridgeFailure(error) ? error.error.code : String(error);
          reasons.set(code, (reasons.get(code) ?? 0) + 1);
        }
      }
    };
    await Promise.all([0, 1, 2, 3].map(worker));
    return { done, failures, reasons, throttled: throttled() };
  });
  const timer = setTimeout(() => stop.abort(), seconds * 1000);
  const results = await Promise.all(runs);
  clearTimeout(timer);
  const rates = results.map((r) => r.done / seconds);
  return {
    rates,
    aggregate: rates.reduce((a, b) => a + b, 0),
    jain: jainIndex(rates),
    failures: results.reduce((a, r) => a + r.failures, 0),
    why: results
      .flatMap((r, i) => [...r.reasons].map(([code, n]) => `bridge ${i + 1}: ${code} × ${n}`))
      .join('; '),
    throttled: results.reduce((a, r) => a + r.throttled, 0),
    throttledEach: results.map((r) => r.throttled),
  };
}

const round = (n: number, digits = 2) => Number(n.toFixed(digits));

/**
 * The phase's rows: with several runs, the lowest aggregate and Jain index and the failed calls
 * of all runs, each run's figures in the notes.
 */
export function threeRows(runs: readonly ThreeRun[], rate: number, naiveFailures: number) {
  const one = runs.length === 1;
  const worst = (of: (run: ThreeRun) => number) => Math.min(...runs.map(of));
  const each = (of: (run: ThreeRun) => string) =>
    runs.map((run, i) => (one ? of(run) : `run ${i + 1}: ${of(run)}`)).join('; ');
  const shares = (run: ThreeRun) =>
    `per bridge ${run.rates.map((r) => r.toFixed(2)).join(', ')} req/s; ${run.throttled} × 429`;
  const why = runs
    .map((run, i) => (run.why && !one ? `run ${i + 1}: ${run.why}` : run.why))
    .filter(Boolean)
    .join('; ');
  const rows: BenchRow[] = [
    {
      name: `three bridges: aggregate throughput${one ? '' : `, lowest of ${runs.length} runs`}`,
      value: round(worst((run) => run.aggregate)),
      unit: 'req/s',
      base: { kind: 'floor', name: "R, the account's rate", value: rate },
      limit: 0.9,
      atLeast: true,
      note: one ? shares(runs[0] as ThreeRun) : each((run) => `${round(run.aggregate)} req/s`),
    },
    {
      name: `three bridges: Jain's fairness index${one ? '' : `, lowest of ${runs.length} runs`}`,
      value: round(
        worst((run) => run.jain),
        3,
      ),
      unit: '',
      // Jain's index is itself the ratio to equal shares (1): that is its floor.
      base: { kind: 'floor', name: 'equal shares', value: 1 },
      limit: 0.95,
      atLeast: true,
      ...(one ? {} : { note: each((run) => `${round(run.jain, 3)}, ${shares(run)}`) }),
    },
    {
      name: `three bridges: failed calls${one ? '' : `, all ${runs.length} runs`}`,
      value: runs.reduce((a, run) => a + run.failures, 0),
      unit: 'calls',
      base: {
        kind: 'peer',
        name: 'naive client, same account: failed pages',
        value: naiveFailures,
      },
      limit: 0,
      limitOn: 'value',
      ...(why ? { note: why } : {}),
    },
  ];
  return rows;
}

/**
 * The last report with the three-bridge rows replaced by `rows` where they stood, every other
 * row kept and marked carried from its run.
 */
export function withThreeRows(
  last: BenchReport,
  rows: readonly BenchRow[],
  settings: Record<string, unknown>,
): BenchReport {
  const isThree = (row: BenchRow) => row.name.startsWith('three bridges: ');
  const at = last.rows.findIndex(isThree);
  const kept = last.rows
    .filter((row) => !isThree(row))
    .map((row) => (row.carried ? row : { ...row, carried: last.date }));
  const insertAt = at < 0 ? kept.length : at;
  return {
    ...last,
    date: new Date().toISOString(),
    settings: { ...last.settings, threeOnly: settings },
    rows: [...kept.slice(0, insertAt), ...rows, ...kept.slice(insertAt)],
  };
}
