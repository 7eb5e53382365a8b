/**
 * The Electron app under test: the real main process and preload (built once per worker with
 * scripts/build-electron.ts), started by Playwright's `_electron` with `--demo` (the embedded
 * sandbox, as `npm run demo`) on a fresh config folder, and its first window. Where the app
 * cannot run (no Electron binary: it downloads from outside the npm registry; or no display),
 * `skipWithoutElectron()` reports every test as skipped with that reason, never as passed.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  test as base,
  type ElectronApplication,
  _electron as electron,
  type Page,
} from '@playwright/test';
import { planElectronLaunch } from '../../electron/main/launcher';
import { buildElectron } from '../../scripts/build-electron';

const ROOT = resolve(import.meta.dirname, '..', '..');

/** Whether the app can start here, and the binary to start (same rule as `npm run demo`). */
export const electronPlan = planElectronLaunch(ROOT, process.env, process.platform);

/** Call at the top of a spec file: all its tests skip, with the reason, where Electron cannot run. */
export function skipWithoutElectron(): void {
  base.skip(!electronPlan.ok, electronPlan.ok ? '' : electronPlan.reason);
}

export interface RunningApp {
  app: ElectronApplication;
  /** What the main process printed so far (its log lines go to the console in development). */
  log(): string;
}

export const test = base.extend<{ electronApp: RunningApp; win: Page }, { bundles: string }>({
  // Once per worker: the main bundle and the preload the app loads from dist/.
  bundles: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a fixture needs from this pattern
    async ({}, use) => {
      const built = await buildElectron(ROOT);
      await use(built.main);
    },
    { scope: 'worker' },
  ],
  electronApp: async ({ bundles }, use, testInfo) => {
    if (!electronPlan.ok) throw new Error(electronPlan.reason);
    void bundles;
    const configDir = await mkdtemp(join(tmpdir(), 'packbench-electron-'));
    const app = await electron.launch({
      executablePath: electronPlan.binary,
      args: [ROOT, '--demo', '--config-dir', configDir],
      cwd: ROOT,
      env: { ...process.env, PACKBENCH_API_KEY: '', ELECTRON_ENABLE_LOGGING: '1' },
    });
    let output = '';
    const collect = (chunk: Buffer) => {
      output += chunk.toString('utf8');
    };
    app.process().stdout?.on('data', collect);
    app.process().stderr?.on('data', collect);
    await use({ app, log: () => output });
    if (testInfo.status !== testInfo.expectedStatus) {
      await testInfo.attach('main process output', { body: output, contentType: 'text/plain' });
    }
    // A clean quit: the app's quit handler closes the bridge (print queue, sandbox) first.
    await app.close();
    await rm(configDir, { recursive: true, force: true });
  },
  win: async ({ electronApp }, use) => {
    const win = await electronApp.app.firstWindow();
    await win.waitForLoadState('domcontentloaded');
    await use(win);
  },
});

export { expect } from '@playwright/test';
