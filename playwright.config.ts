/**
 * Playwright: the console in Debian's Chromium (browser mode) against the sandbox. Never
 * `npx playwright install`: the browser is Debian's (see TEST_CHROMIUM), launched with the
 * flags that keep it off the (closed) network. Each test starts its own console on a fresh
 * config folder (e2e/support/console-fixture.ts), so tests may run side by side.
 */
import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

/**
 * The browser the suites run in: Debian's `chromium-headless-shell` (the same Chromium build
 * as /usr/bin/chromium, without the desktop browser's hidden window and UI layers), which is
 * what Playwright itself runs headless tests in. The whole browser project took 11.5 min in it
 * against 13.2 min in /usr/bin/chromium on the 2-core CI machine (three suites run
 * alternately: 75-92 s against 111-114 s). `PACKBENCH_E2E_CHROMIUM` picks another binary
 * (`/usr/bin/chromium` to run the suites in the full browser); without the shell installed,
 * the full browser is used. Benchmarks keep the full browser, as the app's Electron is one.
 */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
export const TEST_CHROMIUM =
  process.env.PACKBENCH_E2E_CHROMIUM ||
  (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export default defineConfig({
  testDir: 'e2e',
  // Only Playwright suites: Vitest owns *.test.ts.
  testMatch: '**/*.spec.ts',
  globalSetup: './e2e/support/global-setup.ts',
  outputDir: '.tsbuild/playwright-results',
  // Long flows (a shift of ten returns, every view in turn) take 60-95 s on a busy 2-core CI
  // machine; the limit is there to stop a hang, not to time them (benchmarks do that).
  timeout: 180_000,
  expect: { timeout: 20_000 },
  // Two cores: one console (bridge + sandbox) and one Chromium per worker for the browser
  // suites; the scanner's two 1,000-code runs (the 'scanner' project below) mostly wait on the
  // scanner's own pace (~3 min of typing each) and run side by side.
  workers: 3,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: { executablePath: TEST_CHROMIUM, args: CHROMIUM_ARGS },
    // No trace by default: recording one (even without screenshots, snapshots or sources)
    // cost a quarter of the browser suites' CPU on the 2-core CI machine, kept or not
    // (measured with cgroup CPU accounting on orders-bulk + returns-worklist: 84 s of CPU with
    // 'retain-on-failure', 72 s without DOM snapshots, 64-65 s with no trace). A failed test
    // still leaves its screenshot and Playwright's error context (the page's accessibility
    // tree at the failure); `PACKBENCH_E2E_TRACE=1` records and keeps a full trace of every
    // failed test to step through.
    trace: process.env.PACKBENCH_E2E_TRACE
      ? { mode: 'retain-on-failure', screenshots: false }
      : 'off',
    screenshot: 'only-on-failure',
    actionTimeout: 15_000,
  },
  projects: [
    // The scanner's 1,000-code runs (scanner-bursts.spec.ts), side by side: they wait on the
    // scanner's pace, not the CPU. `npm test` runs this project on its own beside Vitest
    // (scripts/run-tests.ts), where it is off the browser run's longest path (13.5 min of a
    // 13.8 min browser run when it shared that run on a worker of its own).
    { name: 'scanner', testMatch: '**/scanner-bursts.spec.ts', workers: 2 },
    // The console in Chromium, as configured above.
    {
      name: 'browser',
      testIgnore: [/[\\/]e2e[\\/]electron[\\/]/, /scanner-bursts\.spec\.ts$/],
      workers: 2,
    },
    // The Electron app through Playwright's `_electron` (e2e/electron/electron-fixture.ts):
    // it launches its own binary, so the Chromium settings above are not used. Where there is
    // no Electron binary or display, each of its tests reports itself skipped with the reason.
    { name: 'electron', testDir: 'e2e/electron', timeout: 120_000 },
  ],
});
