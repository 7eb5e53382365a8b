/**
 * What every browser bench starts: the renderer built once (not inside a timed start), a
 * sandbox in its own process (no rate limit, optionally every request late), a console in
 * browser mode on it, and Debian's Chromium. `close` stops them in the reverse order.
 */
import { resolve } from 'node:path';
import { type Browser, chromium } from '@playwright/test';
import { buildRenderer, rendererBuildIsStale } from '../electron/browser-host/renderer-build';
import { CHROMIUM_ARGS } from '../playwright.config';
import { type BenchConsole, startBenchConsole } from './console-process';
import { startSandboxProcess } from './sandbox-process';

const ROOT = resolve(import.meta.dirname, '..');

export interface BrowserBench {
  sandboxUrl: string;
  app: BenchConsole;
  browser: Browser;
  close(): Promise<void>;
}

export async function startBrowserBench(options: {
  key: string;
  scale: number;
  /**
   * Added to every API request (ms), exactly: the issues' benches say "+100 ms per request",
   * and the sandbox's plain `latency=MS` fault adds up to MS more at random (100–200 ms),
   * which measured the jitter's tail rather than the console. None when left out.
   */
  latencyMs?: number;
}): Promise<BrowserBench> {
  if (await rendererBuildIsStale(ROOT)) await buildRenderer(ROOT);
  const sandbox = await startSandboxProcess([
    '--key',
    options.key,
    '--scale',
    String(options.scale),
    '--rate',
    '0',
    ...(options.latencyMs ? ['--faults', `latency=${options.latencyMs},latencyJitter=0`] : []),
  ]);
  const app = await startBenchConsole(sandbox.url, options.key).catch((error: unknown) => {
    sandbox.stop();
    throw error;
  });
  const browser = await chromium
    .launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS, headless: true })
    .catch(async (error: unknown) => {
      await app.stop();
      sandbox.stop();
      throw error;
    });
  return {
    sandboxUrl: sandbox.url,
    app,
    browser,
    close: async () => {
      await browser.close();
      await app.stop();
      sandbox.stop();
    },
  };
}
