/**
 * What the grid's profile scripts (ui-grids-profile.ts, ui-grids-scroll-profile.ts) start
 * alike: the renderer built, a sandbox of `scale` and a console on it, the desktop Chromium
 * with vsync and the frame-rate limit off (as the bench runs it), and a page at 1440x900 on
 * the console, connected. `close` stops them all.
 */
import { chromium } from '@playwright/test';
import { buildRenderer, rendererBuildIsStale } from '../electron/browser-host/renderer-build';
import { CHROMIUM_ARGS } from '../playwright.config';
import { startBenchConsole } from './console-process';
import { startSandboxProcess } from './sandbox-process';

export async function openGridRig(root: string, scale: number) {
  if (await rendererBuildIsStale(root)) await buildRenderer(root);
  const sandbox = await startSandboxProcess([
    '--key',
    'bench-key',
    '--rate',
    '0',
    '--scale',
    String(scale),
  ]);
  const app = await startBenchConsole(sandbox.url, 'bench-key');
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, '--disable-gpu-vsync', '--disable-frame-rate-limit'],
  });
  const close = async () => {
    await browser.close();
    await app.stop();
    sandbox.stop();
  };
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addInitScript('globalThis.__name = (f) => f;');
    const page = await context.newPage();
    await page.goto(app.url);
    await page.getByTestId('current-connection').waitFor({ timeout: 180_000 });
    return { sandbox, app, browser, context, page, close };
  } catch (error) {
    await close();
    throw error;
  }
}
