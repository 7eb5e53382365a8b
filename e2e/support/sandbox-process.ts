/**
 * A standalone sandbox (`tsx sandbox/cli.ts`) for tests that need their own key, rate limit or
 * faults, or that stop the API and start it again on the same port.
 */
import { freePort } from '../../electron/test-support/free-port';
import { startUntilLine } from './child-process';

export interface SandboxOptions {
  port?: number;
  key?: string;
  rate?: number;
  faults?: string;
  /** Data size (the sandbox's --scale; default 1). */
  scale?: number;
}

export interface SandboxProcess {
  url: string;
  port: number;
  key: string;
  stop(): Promise<void>;
}

const DEFAULT_KEY = 'e2e-key-0123456789';

export async function startSandboxProcess(options: SandboxOptions = {}): Promise<SandboxProcess> {
  const key = options.key ?? DEFAULT_KEY;
  const args = ['sandbox/cli.ts', '--port', String(options.port ?? 0), '--key', key];
  if (options.rate !== undefined) args.push('--rate', String(options.rate));
  if (options.faults) args.push('--faults', options.faults);
  if (options.scale !== undefined) args.push('--scale', String(options.scale));
  const started = await startUntilLine(args, /Packbench sandbox: (http:\/\/\S+) key=/);
  const url = started.match[1]!;
  return { url, port: Number(new URL(url).port), key, stop: started.stop };
}

/** Where a spec file's hooks are registered: its `test` (console-fixture's or Playwright's). */
interface FileHooks {
  beforeAll(run: () => Promise<void>): void;
  afterAll(run: () => Promise<void>): void;
}

/**
 * A second account for a spec file: a standalone sandbox answering `key`, started before the
 * file's tests and stopped after them. Read it (`.url`, `.key`) inside a test.
 */
export function sandboxProcessForFile(test: FileHooks, key: string): () => SandboxProcess {
  let running: SandboxProcess | undefined;
  test.beforeAll(async () => {
    running = await startSandboxProcess({ key });
  });
  test.afterAll(async () => {
    await running?.stop();
  });
  return () => {
    if (!running) throw new Error('The sandbox process is not running yet.');
    return running;
  };
}

/** A sandbox on its way up: its address and key are known before it listens. */
export interface SandboxBoot {
  url: string;
  key: string;
  /** Resolves once it listens; rejects with its output if it could not start. */
  ready: Promise<SandboxProcess>;
}

/**
 * Starts a sandbox on a free port without waiting for it, so that a console can start on its
 * address at the same time (each takes 1.5-2 s quiet, twice that on a busy CI machine, and
 * the console asks the API nothing before its page does). The port is one the system just
 * gave out and let go; the sandbox binds the loopback address the console is given.
 */
export async function bootSandbox(
  options: Omit<SandboxOptions, 'port'> = {},
): Promise<SandboxBoot> {
  const port = await freePort();
  const key = options.key ?? DEFAULT_KEY;
  const ready = startSandboxProcess({ ...options, key, port });
  // Awaited by whoever needs it; never an unhandled rejection while the console starts.
  ready.catch(() => {});
  return { url: `http://127.0.0.1:${port}`, key, ready };
}
