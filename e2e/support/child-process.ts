/**
 * Starts a long-running command (the console, a sandbox) on Node 24 and waits for the one line
 * on stdout that says it is ready; stops it with SIGTERM (SIGKILL if it does not leave). No
 * sleeping: readiness is the printed line, shutdown is the exit event. Each command runs in a
 * process group of its own, ended as a whole when it stops, so nothing it started outlives
 * the test (scripts/run-tests.ts fails a run that leaves a process behind).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { API_KEY_VARIABLE } from '../../electron/kernel/env-api-key';
import { node24 } from './node24';
import { nodeArgs } from './process-bundles';

export const ROOT = resolve(import.meta.dirname, '..', '..');

export interface Started {
  child: ChildProcess;
  match: RegExpMatchArray;
  /** stderr so far, for failure messages. */
  log(): string;
  stop(): Promise<void>;
  /** kill -9 of the command and everything it started (its process group), as a crash would. */
  kill(): Promise<void>;
}

export interface StartOptions {
  /**
   * PACKBENCH_API_KEY here is not put in the command's environment: it is handed over on
   * standard input with --api-key-stdin, as `npm run console` does (scripts/console.sh).
   */
  env?: NodeJS.ProcessEnv;
  /** The console's key for --api-base, handed over on standard input (--api-key-stdin). */
  apiKey?: string;
  timeoutMs?: number;
}

/** Ends what is left of the process group `pid` led (nothing, usually). */
function endGroup(pid: number | undefined): void {
  if (!pid) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // ESRCH: the group is empty, as it should be.
  }
}

export function startUntilLine(
  args: string[],
  ready: RegExp,
  options: StartOptions = {},
): Promise<Started> {
  const env: NodeJS.ProcessEnv = { ...process.env, ...options.env };
  const apiKey = options.apiKey ?? (env[API_KEY_VARIABLE] || undefined);
  delete env[API_KEY_VARIABLE];
  // Node itself, not the tsx command (that one starts a Node to start the Node that runs the
  // script), on the script's bundle where there is one (process-bundles.ts).
  const [entry = '', ...rest] = args;
  const child = spawn(
    node24(),
    nodeArgs(entry, apiKey === undefined ? rest : [...rest, '--api-key-stdin'], env),
    {
      cwd: ROOT,
      env,
      stdio: [apiKey === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
      // Its own process group: a kill reaches what the command started too (a crash test),
      // and stopping it ends the group, so nothing it started is left running.
      detached: true,
    },
  );
  if (apiKey !== undefined) {
    // A command that exits before reading it closes the pipe: its exit says why, not EPIPE.
    child.stdin?.on('error', () => {});
    child.stdin?.end(`${apiKey}\n`);
  }
  let stderr = '';
  let stdout = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-20_000);
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      // The command first, so it shuts down as it would at Ctrl-C; then whatever it left.
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    endGroup(child.pid);
  };
  const kill = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      endGroup(child.pid);
      await exited;
    }
    endGroup(child.pid);
  };
  return new Promise((resolvePromise, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`${args.join(' ')} was not ready in time.\n${stderr}`));
    }, options.timeoutMs ?? 60_000);
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      const match = stdout.match(ready);
      if (match) {
        clearTimeout(timer);
        resolvePromise({ child, match, log: () => stderr, stop, kill });
      }
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(
        new Error(`${args.join(' ')} exited (${signal ?? code}) before it was ready.\n${stderr}`),
      );
    });
  });
}
