/**
 * Starts a long-running command (the console, a sandbox) and waits for the one line on stdout
 * that says it is ready; stops it with SIGTERM (SIGKILL if it does not leave). No sleeping:
 * readiness is the printed line, shutdown is the exit event.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { nodeArgs } from './process-bundles';

export const ROOT = resolve(import.meta.dirname, '..', '..');

export interface Started {
  child: ChildProcess;
  match: RegExpMatchArray;
  /** stderr so far, for failure messages. */
  log(): string;
  stop(): Promise<void>;
  /** kill -9 of the command and its children (started with `group: true`), as a crash would. */
  kill(): Promise<void>;
}

export function startUntilLine(
  args: string[],
  ready: RegExp,
  options: { env?: NodeJS.ProcessEnv; timeoutMs?: number; group?: boolean } = {},
): Promise<Started> {
  // Node itself, not the tsx command (that one starts a Node to start the Node that runs the
  // script), on the script's bundle where there is one (process-bundles.ts).
  const [entry = '', ...rest] = args;
  const child = spawn(process.execPath, nodeArgs(ROOT, entry, rest), {
    cwd: ROOT,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so a kill reaches what the command started too (a crash test).
    detached: options.group === true,
  });
  let stderr = '';
  let stdout = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-20_000);
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };
  const kill = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    if (options.group && child.pid) process.kill(-child.pid, 'SIGKILL');
    else child.kill('SIGKILL');
    await exited;
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
