/**
 * The bridge bench's page-500 fetch-all with one other core busy, in three runs of three
 * (issue 34): one figure with a core busy swung from 1.04× to 1.68× its ideal between runs of
 * the same code, so a single run says more about the moment than about the client. Each round
 * starts its own busy process (a spin on one core) and runs the fetch-all three times, resting
 * between them so the account's bucket refills; the row is the median of the nine, beside the
 * spread of the rounds' medians and of all nine.
 */
import { spawn } from 'node:child_process';
import { percentile } from './table';

/** What the bench's row needs of one fetch-all run. */
export interface FetchAllRun {
  seconds: number;
  items: number;
  throttled: number;
}

export interface BusyRounds<R extends FetchAllRun> {
  /** Seconds of each run, by round. */
  rounds: number[][];
  /** The run whose time is the median of all of them (its 429s and ids go in the row). */
  median: R;
  /** Each round's median (s). */
  roundMedians: number[];
}

const ROUNDS = Number(process.env.BENCH_BRIDGE_BUSY_ROUNDS ?? 3);
const PER_ROUND = Number(process.env.BENCH_BRIDGE_BUSY_PER_ROUND ?? 3);

const median = (xs: readonly number[]) => percentile([...xs], 50);

/** Runs `once` PER_ROUND times in each of ROUNDS rounds, each round with one core busy. */
export async function busyRounds<R extends FetchAllRun>(
  once: () => Promise<R>,
  rest: () => Promise<unknown>,
): Promise<BusyRounds<R>> {
  const all: R[] = [];
  const rounds: number[][] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const busy = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
    const seconds: number[] = [];
    try {
      for (let i = 0; i < PER_ROUND; i++) {
        const run = await once();
        all.push(run);
        seconds.push(run.seconds);
        await rest();
      }
    } finally {
      busy.kill('SIGKILL');
    }
    rounds.push(seconds);
  }
  // The lower middle of an even count, so the row's run is one that happened.
  const sorted = [...all].sort((a, b) => a.seconds - b.seconds);
  const middle = sorted[Math.floor((sorted.length - 1) / 2)];
  if (!middle) throw new Error('No fetch-all run with a core busy.');
  return { rounds, median: middle, roundMedians: rounds.map(median) };
}

/** "rounds' medians 4.1–4.3 s; all 9: 4.0–4.6 s (4.1, 4.2, 4.3 | …)", for the row's note. */
export function spreadNote(result: BusyRounds<FetchAllRun>, ideal: number): string {
  const all = result.rounds.flat();
  const range = (xs: readonly number[]) =>
    `${Math.min(...xs).toFixed(2)}–${Math.max(...xs).toFixed(2)} s`;
  const ratios = (xs: readonly number[]) =>
    `${(Math.min(...xs) / ideal).toFixed(2)}–${(Math.max(...xs) / ideal).toFixed(2)}×`;
  return (
    `median of ${result.rounds.length} rounds of ${result.rounds[0]?.length ?? 0}, each round ` +
    `its own busy core; rounds' medians ${range(result.roundMedians)} ` +
    `(${ratios(result.roundMedians)} the ideal); all ${all.length}: ${range(all)} ` +
    `(${ratios(all)}); by round: ${result.rounds.map((r) => r.map((s) => s.toFixed(2)).join(', ')).join(' | ')}`
  );
}
