/**
 * One bulk station of the stations bench in a worker thread: its bridge parses 500-order
 * pages and writes a CSV, work that on the scanning stations' thread would stall their
 * timers and answers for seconds (on a real floor each station has its own machine). Driven
 * by messages from stations-bench.ts; times are epoch milliseconds, comparable across threads.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { AccountLimiter, type AccountLimiterOptions } from '../electron/kernel/api/limiter';
import { type BenchBridge, openBenchBridge } from './bench-bridge';
import { type BenchBudget, openBenchBudget } from './floor-budget-bench';

export interface Sent {
  at: number;
  /** When the answer's headers came (0: no answer). */
  end: number;
  status: number;
  station: number;
}

export type ToWorker =
  | { type: 'open'; peerLimiter?: string; shared?: { database: string; account: string } }
  | { type: 'bulk' }
  | { type: 'close' };
export type FromWorker =
  | { type: 'opened' }
  | { type: 'bulkDone'; from: number; to: number; error?: string }
  | { type: 'closed'; log: Sent[]; statements?: BudgetStatements };

/** A station's statements to the floor's database and the requests they covered. */
export interface BudgetStatements {
  /** Leases asked for and payments for requests sent on credit: one statement each. */
  statements: number;
  requests: number;
}

/** What one station's shared budget sent to the database (shared budget only). */
export function budgetStatements(budget: BenchBudget): BudgetStatements {
  const { asks, granted, passedLocal } = budget.leases.counts;
  const credit = budget.leases.creditCounts;
  return {
    statements: asks + credit.payments,
    requests: granted + credit.onCredit + passedLocal,
  };
}

export const epochNow = () => performance.timeOrigin + performance.now();

/** A fetch that logs every request this station sends, and its status (0: no answer). */
export function countingFetch(station: number, log: Sent[]): typeof globalThis.fetch {
  return (async (input: RequestInfo | URL, init?: RequestInit) => {
    const entry = { at: epochNow(), end: 0, status: 0, station };
    log.push(entry);
    const response = await fetch(input, init);
    entry.end = epochNow();
    entry.status = response.status;
    return response;
  }) as typeof globalThis.fetch;
}

/** The bulk work: a fetch-all of every order beside a CSV export of them. */
export async function bulkWork(bridge: BenchBridge, withExport: boolean): Promise<void> {
  await Promise.all([
    bridge.call('ordersFetchAllIds', {}),
    withExport ? bridge.call('ordersExport', {}) : undefined,
  ]);
}

const port = parentPort;
if (port) {
  const { url, key, station, withExport } = workerData as {
    url: string;
    key: string;
    station: number;
    withExport: boolean;
  };
  let bridge: BenchBridge | undefined;
  let budget: BenchBudget | undefined;
  let log: Sent[] = [];
  const post = (message: FromWorker) => port.postMessage(message);
  port.on('message', async (message: ToWorker) => {
    if (message.type === 'open') {
      const Limiter = message.peerLimiter
        ? (
            (await import(message.peerLimiter)) as {
              AccountLimiter: new (o?: AccountLimiterOptions) => AccountLimiter;
            }
          ).AccountLimiter
        : AccountLimiter;
      log = [];
      // The shared budget (issue 29): this station's limiter behind the floor's bucket.
      budget = message.shared
        ? await openBenchBudget(message.shared.database, message.shared.account, `Bulk ${station}`)
        : undefined;
      bridge = await openBenchBridge(
        { url, key },
        {},
        { limiter: budget ? budget.limiter : new Limiter(), fetch: countingFetch(station, log) },
      );
      post({ type: 'opened' });
    } else if (message.type === 'bulk' && bridge) {
      const from = epochNow();
      const error = await bulkWork(bridge, withExport).then(
        () => undefined,
        (e: unknown) => String(e),
      );
      post({ type: 'bulkDone', from, to: epochNow(), ...(error ? { error } : {}) });
    } else if (message.type === 'close' && bridge) {
      await bridge.close();
      await budget?.end();
      const statements = budget ? budgetStatements(budget) : undefined;
      bridge = undefined;
      budget = undefined;
      post({ type: 'closed', log, ...(statements ? { statements } : {}) });
    }
  });
}
