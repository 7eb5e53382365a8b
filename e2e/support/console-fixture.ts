/**
 * The console under test: `scripts/console.ts --browser --port 0 --config-dir <fresh>` on
 * Node 24 as a child process (with `--no-connect` for first-run tests, or `--api-base` for a
 * standalone sandbox), its printed URL, and a page opened at it. Stopped and its folder
 * removed after the test; or, in a spec file that says `test.use({ consoleScope: 'file' })`,
 * kept for the file's next tests in the same worker (each still gets a page of its own) and
 * stopped when the worker moves to another file, a test fails, or the worker ends.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base, type Page, type TestInfo } from '@playwright/test';
import { forgetViewState } from './bridge-call';
import { startUntilLine } from './child-process';
import { FileShelf } from './file-shelf';

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

/**
 * 'test' (the default): a console of its own for each test. 'file': one console for the
 * spec file's tests in a worker, for files whose tests do not depend on a fresh one (none
 * relies on connections, print routes, the station, the local store or marks another test of
 * the file changes; each view's saved state is forgotten before each test): a console costs about 2 s of CPU to start and its page's first load
 * another 2-3 s. e2e/README.md says when to choose it.
 */
export type ConsoleScope = 'test' | 'file';

/**
 * Whether this test's console is the file's: PACKBENCH_E2E_CONSOLE_SCOPE=test gives every
 * test its own again, to check (and measure) a sharing file as it runs without sharing.
 */
export function sharing(scope: ConsoleScope): boolean {
  return scope === 'file' && process.env.PACKBENCH_E2E_CONSOLE_SCOPE !== 'test';
}

/**
 * Whether the test passed (or was skipped): a console a test failed on, even one marked
 * `test.fail()` or timed out, is not handed on, whatever state it was left in.
 */
export function endedClean(testInfo: TestInfo): boolean {
  return testInfo.status === 'passed' || testInfo.status === 'skipped';
}

export const test = base.extend<
  {
    launch: ConsoleLaunch;
    consoleScope: ConsoleScope;
    packbench: RunningConsole;
    app: Page;
  },
  { fileShelf: FileShelf }
>({
  launch: [{ connect: 'sandbox' }, { option: true }],
  consoleScope: ['test', { option: true }],
  fileShelf: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a fixture needs from this pattern
    async ({}, use) => {
      const shelf = new FileShelf();
      await use(shelf);
      await shelf.clear();
    },
    { scope: 'worker' },
  ],
  packbench: async ({ launch, consoleScope, fileShelf }, use, testInfo) => {
    if (sharing(consoleScope)) {
      // Same file, same launch (the shared sandbox's address included): the same console.
      const running = await fileShelf.take(testInfo.file, 'console', JSON.stringify(launch), () =>
        launchConsole(launch).then(({ running, stop }) => ({ value: running, stop })),
      );
      // Each test opens its views as on a new console, whatever the one before it chose.
      await forgetViewState(running.url);
      await use(running);
      if (!endedClean(testInfo)) {
        await testInfo.attach('console stderr', { body: running.log(), contentType: 'text/plain' });
        await fileShelf.clear();
      }
      return;
    }
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
