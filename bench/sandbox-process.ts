/**
 * The sandbox API in a process of its own, as the benchmarks use it: its PDF and JSON work must
 * not share an event loop with the client being measured.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

export interface SandboxProcess {
  child: ChildProcess;
  url: string;
  stop(): void;
}

/** Starts `sandbox/cli.ts` with `args` (a free port is picked) and waits for its URL line. */
export async function startSandboxProcess(args: readonly string[]): Promise<SandboxProcess> {
  // This Node (Node 24: `npm run bench` runs on it) with tsx's loader, not the tsx command,
  // which would start a second Node under a wrapper that a kill leaves orphaned.
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'sandbox/cli.ts', '--port', '0', ...args],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const lines = createInterface({ input: child.stdout! });
  for await (const line of lines) {
    const match = /Packbench sandbox: (\S+)/.exec(line);
    if (match?.[1]) return { child, url: match[1], stop: () => child.kill('SIGTERM') };
  }
  throw new Error(`The sandbox (${args.join(' ')}) exited before printing its URL.`);
}
