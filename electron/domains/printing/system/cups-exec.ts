/**
 * Runs a CUPS command-line tool (lp, lpstat) with an argument array: never through a shell, so
 * printer names and job titles cannot be read as shell syntax. LANG/LC_ALL=C because the parsers
 * read English messages. The rest is the console's minimal child environment (child-env.ts:
 * PATH, HOME, CUPS_SERVER for a private or remote scheduler…), so lp never holds anything the
 * console's own environment held beyond that.
 */
import { execFile } from 'node:child_process';
import { childEnv } from '../../../kernel/child-env';
import { PrintSystemError, printFailure } from './print-failure';

export interface CupsRunResult {
  stdout: string;
  stderr: string;
  /** The exit code; 0 on success. */
  code: number;
}

export interface CupsRunOptions {
  /** Extra environment on top of the minimal one (tests point CUPS_SERVER or PATH elsewhere). */
  env?: NodeJS.ProcessEnv;
  timeoutMs?: number;
  /** Kills the tool (lp) when aborted; the run then rejects as `interrupted`. */
  signal?: AbortSignal;
}

/** Resolves for any exit code (the caller maps the messages); rejects only if it cannot run. */
export function runCupsTool(
  command: 'lp' | 'lpstat' | 'lpoptions',
  args: readonly string[],
  options: CupsRunOptions = {},
): Promise<CupsRunResult> {
  const env = childEnv({ ...options.env, LANG: 'C', LC_ALL: 'C' });
  return new Promise((resolve, reject) => {
    execFile(
      command,
      [...args],
      {
        env,
        timeout: options.timeoutMs ?? 15_000,
        maxBuffer: 4 * 1024 * 1024,
        encoding: 'utf8',
        ...(options.signal ? { signal: options.signal } : {}),
      },
      (error, stdout, stderr) => {
        if (!error) {
          resolve({ stdout, stderr, code: 0 });
          return;
        }
        const err = error as NodeJS.ErrnoException & { code?: number | string; killed?: boolean };
        if (err.code === 'ENOENT') {
          reject(
            new PrintSystemError(
              printFailure(
                'cups-not-installed',
                `The print system's “${command}” command is not installed (CUPS client tools).`,
                err.message,
              ),
            ),
          );
          return;
        }
        if (err.name === 'AbortError') {
          reject(
            new PrintSystemError(
              printFailure('interrupted', `“${command}” was stopped.`, err.message),
            ),
          );
          return;
        }
        if (err.killed) {
          reject(
            new PrintSystemError(
              printFailure(
                'timeout',
                `The print system did not answer (“${command}” timed out).`,
                err.message,
              ),
            ),
          );
          return;
        }
        resolve({ stdout, stderr, code: typeof err.code === 'number' ? err.code : 1 });
      },
    );
  });
}
