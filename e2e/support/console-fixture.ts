/**
 * The console under test: `scripts/console.ts --browser --port 0 --config-dir <fresh>` on
 * Node 24 as a child process (with `--no-connect` for first-run tests, or `--api-base` for a
 * standalone sandbox), its printed URL, and a page opened at it. Stopped and its folder
 * removed after the test.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base, type Page } from '@playwright/test';
import { startUntilLine } from './child-process';

export interface ConsoleLaunch {
  /** 'sandbox' (as `npm run demo`), 'none' (--no-connect), or an API to use (--api-base). */
  connect: 'sandbox' | 'none' | { apiBase: string; apiKey: string };
  /** More environment for the console (PACKBENCH_EXPORT_DIR…). */
  env?: NodeJS.ProcessEnv;
}

export interface RunningConsole {
  /** The printed URL, with its #token. */
  url: string;
  configDir: string;
  log(): string;
}

/**
 * Starts a console. With `configDir` (a folder the caller owns and removes), the console can
 * be killed as a crash would (`kill`: kill -9 of its process group) and started again on the
 * same data, for tests of what survives a crash.
 */
export async function launchConsole(launch: ConsoleLaunch, options: { configDir?: string } = {}) {
  const configDir = options.configDir ?? (await mkdtemp(join(tmpdir(), 'packbench-e2e-')));
  const args = ['scripts/console.ts', '--browser', '--port', '0', '--config-dir', configDir];
  // The key goes over standard input (--api-key-stdin), never into the console's environment.
  let apiKey: string | undefined;
  if (launch.connect === 'none') args.push('--no-connect');
  else if (launch.connect !== 'sandbox') {
    args.push('--api-base', launch.connect.apiBase);
    apiKey = launch.connect.apiKey;
  }
  const started = await startUntilLine(args, /Packbench console: (http:\/\/\S+)/, {
    ...(launch.env ? { env: launch.env } : {}),
    ...(apiKey !== undefined ? { apiKey } : {}),
  });
  return {
    running: { url: started.match[1]!, configDir, log: started.log } satisfies RunningConsole,
    stop: async () => {
      await started.stop();
      if (!options.configDir) await rm(configDir, { recursive: true, force: true });
    },
    kill: started.kill,
  };
}

export const test = base.extend<{
  launch: ConsoleLaunch;
  packbench: RunningConsole;
  app: Page;
}>({
  launch: [{ connect: 'sandbox' }, { option: true }],
  packbench: async ({ launch }, use, testInfo) => {
    const { running, stop } = await launchConsole(launch);
    await use(running);
    if (testInfo.status !== testInfo.expectedStatus) {
      await testInfo.attach('console stderr', { body: running.log(), contentType: 'text/plain' });
    }
    await stop();
  },
  app: async ({ page, packbench }, use) => {
    await page.goto(packbench.url);
    await use(page);
  },
});

export { expect } from '@playwright/test';
