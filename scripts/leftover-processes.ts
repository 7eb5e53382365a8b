/**
 * What a test run left running. scripts/run-tests.ts marks its run with PACKBENCH_TEST_RUN=<id>
 * in its environment; every process the suites start inherits it (the console's own children
 * too: electron/kernel/child-env.ts passes it on), however they were started — detached, in
 * their own process group, orphaned by a killed parent. At the end, any live process still
 * carrying the id is a leftover: listed, ended, and counted as a failure.
 */
import { randomUUID } from 'node:crypto';
import {
  describeProcess,
  type ProcessInfo,
  processesWithVariable,
} from '../electron/test-support/process-tree';

export const RUN_MARKER = 'PACKBENCH_TEST_RUN';

/** Marks this process (and so every process it starts from now on) with a fresh run id. */
export function markTestRun(env: NodeJS.ProcessEnv = process.env): string {
  const id = randomUUID();
  env[RUN_MARKER] = id;
  return id;
}

/** The processes of run `id` still alive, but this one and its ancestors. */
export function runProcesses(id: string): ProcessInfo[] {
  const except = [process.pid];
  for (let pid = process.ppid; pid > 1 && except.length < 64; ) {
    except.push(pid);
    const parent = describeProcess(pid)?.ppid;
    if (!parent || parent === pid) break;
    pid = parent;
  }
  return processesWithVariable(RUN_MARKER, id, except);
}

/**
 * The run's leftovers once the processes that were on their way out had their chance: waits
 * while the list shrinks, up to `graceMs` (a guard for slow exits, not a measure).
 */
export async function settledLeftovers(id: string, graceMs = 10_000): Promise<ProcessInfo[]> {
  const until = Date.now() + graceMs;
  let left = runProcesses(id);
  while (left.length > 0 && Date.now() < until) {
    await new Promise((done) => setTimeout(done, 250));
    left = runProcesses(id);
  }
  return left;
}

/** Ends the leftovers (SIGKILL: they had their grace), so CI does not hang on them. */
export function endProcesses(processes: readonly ProcessInfo[]): void {
  for (const p of processes) {
    try {
      process.kill(p.pid, 'SIGKILL');
    } catch {
      // Gone already.
    }
  }
}

/** One line per leftover, for the run's output. */
export function describeLeftovers(processes: readonly ProcessInfo[]): string[] {
  return processes.map((p) => `  pid ${p.pid} (parent ${p.ppid}): ${p.command.slice(0, 300)}`);
}
