/**
 * `npx tsx bench/ui-grids-profile.ts`: where the Shipments grid's time goes, as CPU time, for
 * a machine too loaded for wall-clock figures. The same set-up as `npm run bench -- ui-grids`
 * (a sandbox of its own, the console in browser mode, Chromium with vsync off), then for each
 * step a Chromium CPU profile (CDP Profiler) and the renderer thread's CPU (Performance
 * metrics' TaskDuration) beside the console's and the sandbox's process CPU (/proc):
 *
 * - open: click Shipments → every row in (the list streaming in);
 * - sort: each of the bench's six sorts, click → sorted rows drawn;
 * - second open: reload, click → first rows (the copy kept on disk).
 *
 * Each profile is summarised on stdout by self time and by total time per function, mapped to
 * the renderer's sources through the build's source maps. BENCH_UI_PROFILE_DIR=dir also
 * writes the .cpuprofile files (open them in Chromium's Performance panel).
 * BENCH_UI_SCALE (77) as the bench.
 */
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { CDPSession, Page } from '@playwright/test';
import { type Profile, processCpuMs, rendererCpu, summarise } from './ui-grids-cpu';
import { timeOpen, timeUntil } from './ui-grids-page';
import { openGridRig } from './ui-grids-rig';
import { GRID, GRID_SORTS, IDLE, sortedSelector } from './ui-grids-selectors';

const ROOT = resolve(import.meta.dirname, '..');
const SCALE = Number(process.env.BENCH_UI_SCALE ?? 77);
const OUT = process.env.BENCH_UI_PROFILE_DIR;
const ROW = `${GRID} [role="row"][data-shipment-id]`;

async function profiled<T>(
  name: string,
  page: Page,
  cdp: CDPSession,
  mine: Record<'console' | 'sandbox', (pid: number, cmd: string) => boolean>,
  run: () => Promise<T>,
): Promise<T> {
  const before = await rendererCpu(cdp);
  const consoleBefore = processCpuMs(mine.console);
  const sandboxBefore = processCpuMs(mine.sandbox);
  await cdp.send('Profiler.start');
  const result = await run();
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
  const after = await rendererCpu(cdp);
  const delta = (k: string) => ((after[k] ?? 0) - (before[k] ?? 0)).toFixed(0);
  console.log(
    `\n== ${name}: ${JSON.stringify(result)}\n  renderer main thread: task ${delta('TaskDuration')} ms, script ${delta('ScriptDuration')} ms, layout ${delta('LayoutDuration')} ms, style ${delta('RecalcStyleDuration')} ms, thread ${delta('ThreadTime')} ms; console process ${(processCpuMs(mine.console) - consoleBefore).toFixed(0)} ms, sandbox ${(processCpuMs(mine.sandbox) - sandboxBefore).toFixed(0)} ms`,
  );
  console.log(summarise(profile));
  if (OUT)
    writeFileSync(join(OUT, `${name.replace(/\W+/g, '-')}.cpuprofile`), JSON.stringify(profile));
  void page;
  return result;
}

async function main() {
  const { sandbox, context, page, close } = await openGridRig(ROOT, SCALE);
  // This run's console and sandbox only (other engineers run theirs on this machine): the
  // console is the one given this sandbox's address, the sandbox this child.
  const consoleDir = {
    console: (_pid: number, cmd: string) => cmd.includes(`--api-base ${sandbox.url}`),
    sandbox: (pid: number) => pid === sandbox.child.pid,
  };
  try {
    let cdp = await context.newCDPSession(page);
    const setUp = async () => {
      await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    };
    await setUp();
    const open = {
      click: 'nav[aria-label="Views"] a[href$="/shipments"]',
      first: ROW,
      all: `${IDLE}:has(${ROW})`,
    };
    await profiled('open', page, cdp, consoleDir, () => page.evaluate(timeOpen, open));
    // In the bench the bare list opens between (seconds): the columns are ranked by then.
    await page.waitForTimeout(Number(process.env.BENCH_UI_PROFILE_PAUSE_MS ?? 5000));
    for (const [column, dir] of GRID_SORTS) {
      await profiled(`sort ${column} ${dir}`, page, cdp, consoleDir, () =>
        page.evaluate(timeUntil, {
          click: `[role="columnheader"][data-column-id="${column}"] button`,
          doneSelector: sortedSelector(column, dir),
        }),
      );
    }
    // The page's heap with the list, its orders and ranks held (the bench's heap row).
    await cdp.send('HeapProfiler.collectGarbage');
    const heap = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
    console.log(`\n== JS heap after GC: ${(heap.usedSize / 1024 / 1024).toFixed(1)} MB`);
    await page.reload();
    await page.getByTestId('current-connection').waitFor({ timeout: 180_000 });
    cdp = await context.newCDPSession(page);
    await setUp();
    // Only click → first rows here: what runs before the first rows are drawn.
    const clickedAt = await page.evaluate(() => performance.now());
    await profiled('second open, to first rows', page, cdp, consoleDir, () =>
      page.evaluate(timeOpen, { ...open, all: ROW }),
    );
    // The bridge calls made meanwhile, as the page's resource timing saw them.
    const calls = await page.evaluate(
      (since) =>
        performance
          .getEntriesByType('resource')
          .filter((e) => e.startTime >= since && /bridge|assets/.test(e.name))
          .map((e) => {
            const r = e as PerformanceResourceTiming;
            return `${(r.startTime - since).toFixed(0).padStart(6)} +${r.duration.toFixed(0).padStart(5)} ms (waiting ${(r.responseStart - r.requestStart).toFixed(0)}) ${r.name.replace(/^.*\/(bridge|assets)\//, '$1/')}`;
          }),
      clickedAt,
    );
    console.log(`  requests after the click:\n    ${calls.join('\n    ')}`);
  } finally {
    await close();
  }
}

await main();
