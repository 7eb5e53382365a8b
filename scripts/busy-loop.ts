/**
 * Busy loops: a core's worth of other work each, for checking that the test run passes on a
 * machine that is doing something else too (`npm test -- --busy`, or PACKBENCH_TEST_BUSY=N
 * for N loops). Each loop is a worker thread of the process that starts it, not a child
 * process: it cannot outlive that process (a killed run takes its loops with it) and it never
 * shows up in the run's leftover-process check. Each loop counts its spins in shared memory,
 * so the run can say how much it in fact took from the machine (a loop that never ran proves
 * nothing).
 *
 * Alone: `npx tsx scripts/busy-loop.ts [N]` spins N loops (1 by default) until Ctrl-C, to keep
 * a machine busy beside anything else (a single Playwright spec, a bench).
 */
import { Worker } from 'node:worker_threads';

/** The loop's body: spins, counting rounds of work, until told to stop. */
const LOOP_SOURCE = `
const { workerData, parentPort } = require('node:worker_threads');
const counter = new Int32Array(workerData.counter);
const stop = new Int32Array(workerData.stop);
let announced = false;
while (Atomics.load(stop, 0) === 0) {
  let x = 0;
  for (let i = 0; i < 100000; i++) x = (x + i * 7) % 1000003;
  // Never true: keeps the loop's result in use, so the work cannot be optimised away.
  if (x === -1) parentPort.postMessage(x);
  Atomics.add(counter, 0, 1);
  if (!announced) {
    announced = true;
    parentPort.postMessage('spinning');
  }
}
`;

export interface BusyLoops {
  /** How many loops run. */
  readonly count: number;
  /** Resolves once every loop has spun at least once (it really runs). */
  readonly spinning: Promise<void>;
  /** Rounds of work done so far, all loops together (grows while they run). */
  rounds(): number;
  /** Stops every loop and resolves once their threads have exited. */
  stop(): Promise<void>;
}

/** Starts `count` busy loops (one core's worth of work each). */
export function startBusyLoops(count = 1): BusyLoops {
  if (!Number.isInteger(count) || count < 0) {
    throw new Error(`The number of busy loops must be a whole number from 0 up, not “${count}”.`);
  }
  const counter = new SharedArrayBuffer(4);
  const stopFlag = new SharedArrayBuffer(4);
  const workers = Array.from(
    { length: count },
    () => new Worker(LOOP_SOURCE, { eval: true, workerData: { counter, stop: stopFlag } }),
  );
  // Each worker's exit, kept from the start: a worker that fails early must not be missed.
  const exits = workers.map((w) => new Promise<void>((done) => w.once('exit', () => done())));
  const spinning = Promise.all(
    workers.map(
      (w) =>
        new Promise<void>((done, fail) => {
          w.once('message', () => done());
          w.once('error', fail);
        }),
    ),
  ).then(() => undefined);
  // A failure is reported through `spinning`; nobody waiting on it must not crash the run.
  spinning.catch(() => undefined);
  return {
    count,
    spinning,
    rounds: () => Atomics.load(new Int32Array(counter), 0),
    stop: async () => {
      Atomics.store(new Int32Array(stopFlag), 0, 1);
      await Promise.all(exits);
    },
  };
}

/**
 * How many loops a test run asked for: `--busy` (one loop) or `--busy=N` among the arguments,
 * else PACKBENCH_TEST_BUSY (a number; "1"/"true" for one), else none. Bad values are refused
 * with a sentence, not read as 0.
 */
export function busyLoopsAsked(args: readonly string[], env: NodeJS.ProcessEnv): number {
  const flag = args.find((a) => a === '--busy' || a.startsWith('--busy='));
  const raw = flag
    ? flag === '--busy'
      ? '1'
      : flag.slice('--busy='.length)
    : env.PACKBENCH_TEST_BUSY;
  if (raw === undefined || raw === '' || raw === '0' || raw === 'false') return 0;
  if (raw === 'true') return 1;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) {
    throw new Error(
      `--busy takes the number of busy loops to run beside the tests (1 if left out), not “${raw}”.`,
    );
  }
  return n;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const loops = startBusyLoops(Number(process.argv[2] ?? 1));
  await loops.spinning;
  console.log(`${loops.count} busy loop(s) spinning; Ctrl-C to stop.`);
  process.once('SIGINT', () => {
    void loops.stop().then(() => process.exit(0));
  });
}
