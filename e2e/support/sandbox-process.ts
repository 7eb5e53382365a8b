/**
 * A standalone sandbox (`tsx sandbox/cli.ts`) for tests that need their own key, rate limit or
 * faults, or that stop the API and start it again on the same port.
 */
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

export async function startSandboxProcess(options: SandboxOptions = {}): Promise<SandboxProcess> {
  const key = options.key ?? 'e2e-key-0123456789';
  const args = ['sandbox/cli.ts', '--port', String(options.port ?? 0), '--key', key];
  if (options.rate !== undefined) args.push('--rate', String(options.rate));
  if (options.faults) args.push('--faults', options.faults);
  if (options.scale !== undefined) args.push('--scale', String(options.scale));
  const started = await startUntilLine(args, /Packbench sandbox: (http:\/\/\S+) key=/);
  const url = started.match[1]!;
  return { url, port: Number(new URL(url).port), key, stop: started.stop };
}
