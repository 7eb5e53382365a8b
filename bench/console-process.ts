/**
 * The console in browser mode for the UI benchmarks: on a sandbox of their own (`apiBase`),
 * with the key handed over on standard input (as `npm run console` hands it) and a fresh settings
 * folder, removed when it stops. `readyMs` is from spawn to the line with its address.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startUntilLine } from '../e2e/support/child-process';

export interface BenchConsole {
  url: string;
  readyMs: number;
  stop(): Promise<void>;
}

/**
 * `keepIn`: a settings folder the caller owns (kept when the console stops), so a second
 * console can start where the first one left off (a launch with what it kept on disk).
 */
export async function startBenchConsole(
  apiBase: string,
  apiKey: string,
  keepIn?: string,
): Promise<BenchConsole> {
  const configDir = keepIn ?? (await mkdtemp(join(tmpdir(), 'packbench-bench-ui-')));
  const owned = keepIn === undefined;
  const started = performance.now();
  const child = await startUntilLine(
    [
      'scripts/console.ts',
      '--browser',
      '--port',
      '0',
      '--config-dir',
      configDir,
      '--api-base',
      apiBase,
    ],
    /Packbench console: (http:\/\/\S+)/,
    { apiKey, timeoutMs: 180_000 },
  ).catch(async (error: unknown) => {
    if (owned) await rm(configDir, { recursive: true, force: true });
    throw error;
  });
  return {
    url: child.match[1]!,
    readyMs: performance.now() - started,
    stop: async () => {
      await child.stop();
      if (owned) await rm(configDir, { recursive: true, force: true });
    },
  };
}
