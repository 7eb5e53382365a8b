/**
 * Issue 32's two board rows, in Debian's Chromium against a sandbox at the bench's scale (no
 * rate limit: these are the console's own paints, not the account's pace):
 *
 * - cold: a console with nothing cached or kept; the click on "Exceptions" → the first frame
 *   where the walk's progress line is on screen (the supervisor sees the reading start, not
 *   empty cells). Its floor (issue 34): the same click → the board's first frame at all (the
 *   view's first paint, with no count in it), measured in the same run.
 * - the next launch: that console stopped and a new one started on the same settings folder
 *   (the walk kept on disk); the click on "Exceptions" → the first frame where every expired
 *   and recall cell holds a number (from the kept walk, while a fresh walk runs behind). Its
 *   floor: the same click → the board's first frame, in the same launch.
 *
 * Each click is timed in the page (the click event's timestamp → requestAnimationFrame), so the
 * Playwright round trips are not in it.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from '@playwright/test';
import { buildRenderer, rendererBuildIsStale } from '../electron/browser-host/renderer-build';
import { CHROMIUM_ARGS } from '../playwright.config';
import { startBenchConsole } from './console-process';
import { startSandboxProcess } from './sandbox-process';
import type { BenchRow } from './table';

const KEY = 'bench-board-launch-key-0123456789';
const ROOT = join(import.meta.dirname, '..');

const round = (n: number, digits = 1) => Number(n.toFixed(digits));

type Mark = 'board' | 'progress' | 'kept';

/**
 * Clicks the Exceptions tab and resolves with the time from the click to the first frame in
 * which each asked-for mark holds: the board drawn, the walk's progress line shown, every
 * walked cell (expired, voluntary, mandatory) holding a number.
 */
async function clickExceptions(page: Page, marks: readonly Mark[]): Promise<Record<Mark, number>> {
  await page.evaluate((marks) => {
    const w = window as Window & { __marks?: Promise<Record<string, number>> };
    w.__marks = new Promise((resolve) => {
      let clickedAt = 0;
      document.addEventListener('click', (e) => (clickedAt ||= e.timeStamp), {
        capture: true,
        once: true,
      });
      const seen: Record<string, number> = {};
      const holds = (mark: string) => {
        if (mark === 'board') return document.querySelector('[data-testid="exceptions-board"]');
        if (mark === 'progress') return document.querySelector('[data-testid="walk-progress"]');
        const cells = document.querySelectorAll(
          '[data-board-cell^="expired@"], [data-board-cell^="voluntary@"], [data-board-cell^="mandatory@"]',
        );
        return cells.length > 0 && Array.from(cells).every((td) => !td.textContent?.includes('…'));
      };
      const frame = () => {
        if (clickedAt) {
          for (const mark of marks) {
            if (seen[mark] === undefined && holds(mark)) seen[mark] = performance.now() - clickedAt;
          }
        }
        if (marks.every((m) => seen[m] !== undefined)) resolve(seen);
        else requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    });
  }, marks);
  await page
    .getByRole('navigation', { name: 'Inventory sections' })
    .getByRole('link', { name: 'Exceptions' })
    .click();
  return page.evaluate(
    () =>
      (window as Window & { __marks?: Promise<Record<Mark, number>> }).__marks as Promise<
        Record<Mark, number>
      >,
  );
}

/** A fresh page on the console, on the Inventory view (the Exceptions tab not yet open). */
async function openInventory(browser: Browser, url: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  // tsx names nested functions through a `__name` helper the page does not have.
  await context.addInitScript({ content: 'globalThis.__name ??= (f) => f;' });
  const page = await context.newPage();
  await page.goto(url);
  await page
    .getByRole('navigation', { name: 'Views' })
    .getByRole('link', { name: 'Inventory' })
    // A guard on a busy machine (the first load reads the renderer's chunks), not a measure.
    .click({ timeout: 120_000 });
  await page.getByTestId('stock-grid').waitFor({ timeout: 120_000 });
  return page;
}

export async function measureBoardLaunch(scale: number): Promise<BenchRow[]> {
  if (await rendererBuildIsStale(ROOT)) await buildRenderer(ROOT);
  const sandbox = await startSandboxProcess([
    '--key',
    KEY,
    '--scale',
    String(scale),
    '--rate',
    '0',
  ]);
  const configDir = await mkdtemp(join(tmpdir(), 'packbench-board-launch-'));
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
    headless: true,
  });
  try {
    // Cold: nothing cached, nothing kept.
    const first = await startBenchConsole(sandbox.url, KEY, configDir);
    let cold: Record<Mark, number>;
    try {
      const page = await openInventory(browser, first.url);
      cold = await clickExceptions(page, ['board', 'progress']);
      // The whole walk, so it is kept on disk for the next launch.
      await page
        .getByTestId('board-age')
        .getByText(/^Counted /)
        .waitFor({ timeout: 600_000 });
      // …and its counts kept as the small record the next launch paints first.
      await page
        .locator('[data-testid="board-age"][data-board-kept="true"]')
        .waitFor({ timeout: 60_000 });
      await page.context().close();
    } finally {
      await first.stop();
    }
    // The next launch, on the same settings folder: the kept walk paints the walked columns.
    const second = await startBenchConsole(sandbox.url, KEY, configDir);
    let launch: Record<Mark, number>;
    try {
      const page = await openInventory(browser, second.url);
      launch = await clickExceptions(page, ['board', 'kept']);
      await page.context().close();
    } finally {
      await second.stop();
    }
    return [
      {
        name: 'board cold, in Chromium: tab click → the walk’s progress painted',
        value: round(cold.progress),
        unit: 'ms',
        base: {
          kind: 'floor',
          name: 'tab click → the board view’s first paint (no count yet)',
          value: round(cold.board),
        },
        limit: 300,
        limitOn: 'value',
        note: 'nothing cached or kept; one sample; 1440x900',
      },
      {
        name: 'board at the next launch, in Chromium: tab click → kept board painted (every expired and recall count)',
        value: round(launch.kept),
        unit: 'ms',
        base: {
          kind: 'floor',
          name: 'tab click → the board view’s first paint, same launch',
          value: round(launch.board),
        },
        limit: 500,
        limitOn: 'value',
        note: 'a new console on the same settings folder: the walk kept on disk, a fresh one behind it; one sample',
      },
    ];
  } finally {
    await browser.close();
    await rm(configDir, { recursive: true, force: true });
    sandbox.stop();
  }
}
