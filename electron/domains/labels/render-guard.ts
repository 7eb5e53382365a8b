/**
 * The hang guard of one ZPL render: it judges the worker by what the worker itself did, never
 * by the wall clock. A wall-clock limit (15 s, before) measured the machine: on a loaded
 * station the worker waits its turn for a core and a healthy render can take many seconds.
 * Two ways a render can hang, and what each shows:
 * - a loop (a WebAssembly render that never ends): the worker's thread burns CPU. Stopped
 *   once it has spent `cpuMs` of CPU on the request (a label takes ~0.1-0.3 s, a first one
 *   with the WebAssembly load ~1.5 s), however long a busy machine took to give it that.
 * - a wait on nothing (a promise nobody settles): the worker's event loop sits idle with the
 *   request unanswered. Stopped once it has been idle `stallMs` during the request; a worker
 *   that is working, or waiting for a core, is not idle.
 * Worker.cpuUsage() (Node 24.6+) gives the thread's CPU; without it, the event loop's active
 * time (its busy wall time) stands in.
 */
import type { Worker } from 'node:worker_threads';

export interface GuardLimits {
  /** The CPU the worker may spend on one request, loading included (ms). */
  cpuMs: number;
  /** How long the worker may sit idle while a request waits for its answer (ms). */
  stallMs: number;
  /** How often the guard looks (ms). */
  checkEveryMs: number;
}

export const DEFAULT_GUARD: GuardLimits = { cpuMs: 20_000, stallMs: 60_000, checkEveryMs: 250 };

export type Hang = { kind: 'cpu' | 'stall'; limitMs: number };

type CpuReader = () => Promise<number>;

/** The worker thread's CPU so far (ms), or its event loop's active time where Node cannot say. */
function cpuReader(worker: Worker): CpuReader {
  const withCpu = worker as Worker & { cpuUsage?: () => Promise<{ user: number; system: number }> };
  if (typeof withCpu.cpuUsage === 'function') {
    return async () => {
      // Refused while the thread is not running yet (or any more): nothing spent.
      const usage = await withCpu.cpuUsage!().catch(() => ({ user: 0, system: 0 }));
      return (usage.user + usage.system) / 1000;
    };
  }
  return async () => worker.performance.eventLoopUtilization().active;
}

const idleOf = (worker: Worker) => worker.performance.eventLoopUtilization().idle;

/**
 * Watches `worker` while it draws one request; calls `onHang` once when a limit is passed.
 * Returns the function that stops watching (the request was answered).
 */
export function guardRender(
  worker: Worker,
  limits: GuardLimits,
  onHang: (hang: Hang) => void,
): () => void {
  const readCpu = cpuReader(worker);
  let stopped = false;
  let looking = false;
  // The worker may have served requests before: only what it does from now on counts.
  const cpuAtStart = readCpu();
  const idleAtStart = idleOf(worker);
  const timer = setInterval(async () => {
    if (looking || stopped) return;
    looking = true;
    try {
      const spent = (await readCpu()) - (await cpuAtStart);
      const idle = idleOf(worker) - idleAtStart;
      if (stopped) return;
      if (spent > limits.cpuMs) finish({ kind: 'cpu', limitMs: limits.cpuMs });
      else if (idle > limits.stallMs) finish({ kind: 'stall', limitMs: limits.stallMs });
    } finally {
      looking = false;
    }
  }, limits.checkEveryMs);
  // The guard alone must not keep a process alive; the request's worker does while it waits.
  timer.unref();
  const stop = () => {
    stopped = true;
    clearInterval(timer);
  };
  const finish = (hang: Hang) => {
    stop();
    onHang(hang);
  };
  return stop;
}
