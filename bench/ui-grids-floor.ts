/**
 * The ui-grids bench's floor, driven from Node: the bare virtual list (ui-grids-bare.ts)
 * bundled with esbuild and run in a page of the same Chromium as the grid, beside it. The
 * bench scrolls it right after the grid, quiet and with a core busy, so both meet the same
 * machine; it also times Array.prototype.sort and filter of the same rows (the sort and
 * filter floors).
 */
import { resolve } from 'node:path';
import type { BrowserContext, CDPSession, Page } from '@playwright/test';
import { build } from 'esbuild';
import { scrollFrames } from './ui-grids-page';

interface BareApi {
  mount(args: { token: string; font: string }): Promise<{ rows: number; ms: number }>;
  sortFloor(args: { column: string; desc: boolean }): number;
  filterFloor(args: { q?: string; carrier?: string; sla?: string }): number;
  firstValues(): { carrier: string; sla: string };
}
// page.evaluate sends each function's source, so each reads the page's global itself.
type PageGlobal = { bareList: BareApi };

/** The bare list as one script (React in its production build, as the renderer's). */
export async function bareListBundle(): Promise<string> {
  const out = await build({
    entryPoints: [resolve(import.meta.dirname, 'ui-grids-bare.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    minify: true,
    target: 'chrome120',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  });
  const file = out.outputFiles[0];
  if (!file) throw new Error('esbuild wrote no bundle for the bare list');
  return file.text;
}

/**
 * Each timed step brings its page to the front first, as the grid's steps do: Chromium (headless,
 * vsync and frame-rate limit off) spins its display compositor while a page that is not the
 * front one draws: 14-28 s of the GPU process's CPU for a 100-frame scroll of the grid behind
 * the bare list, against 0.3-0.4 s in front (ui-grids-scroll-profile.ts, 2026-11-28), taking a
 * core from whichever side was behind.
 */
export interface BareFloor {
  /** The bare list's page (the scroll profile reads its CPU through the protocol). */
  page: Page;
  rows: number;
  /** Bridge call → the whole list read, prepared and drawn (no streaming). */
  firstRows: number;
  scroll(frames: number, step: number): Promise<number[]>;
  sort(column: string, desc: boolean): Promise<number>;
  filter(what: { q?: string; carrier?: boolean; sla?: boolean }): Promise<number>;
  heapMb(): Promise<number>;
}

/**
 * Opens the bare list in a page of the console's origin (a 404 page: nothing of the app runs
 * there) and draws the same list; `font` is the grid's cells' computed font.
 */
export async function openBareFloor(
  context: BrowserContext,
  consoleUrl: string,
  font: string,
): Promise<BareFloor> {
  const page: Page = await context.newPage();
  const origin = new URL(consoleUrl).origin;
  const token = new URLSearchParams(new URL(consoleUrl).hash.slice(1)).get('token') ?? '';
  await page.goto(`${origin}/ui-grids-bare`);
  // Evaluated through the DevTools protocol, so the page's script policy does not apply.
  await page.evaluate(await bareListBundle());
  const mounted = await page.evaluate(
    (a) => (globalThis as unknown as PageGlobal).bareList.mount(a),
    { token, font },
  );
  const cdp: CDPSession = await context.newCDPSession(page);
  const firsts = await page.evaluate(() =>
    (globalThis as unknown as PageGlobal).bareList.firstValues(),
  );
  await page.evaluate(scrollFrames, { selector: '#bare-scroller', step: 340, frames: 30 });
  return {
    page,
    rows: mounted.rows,
    firstRows: mounted.ms,
    scroll: async (frames, step) => {
      await page.bringToFront();
      return page.evaluate(scrollFrames, { selector: '#bare-scroller', step, frames });
    },
    sort: async (column, desc) => {
      await page.bringToFront();
      return page.evaluate((a) => (globalThis as unknown as PageGlobal).bareList.sortFloor(a), {
        column,
        desc,
      });
    },
    filter: async (what) => {
      await page.bringToFront();
      return page.evaluate((a) => (globalThis as unknown as PageGlobal).bareList.filterFloor(a), {
        ...(what.q === undefined ? {} : { q: what.q }),
        ...(what.carrier ? { carrier: firsts.carrier } : {}),
        ...(what.sla ? { sla: firsts.sla } : {}),
      });
    },
    heapMb: async () => {
      await cdp.send('HeapProfiler.collectGarbage');
      const { usedSize } = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
      return usedSize / 1024 / 1024;
    },
  };
}
